"""The app's "now": real UTC time, moved by whole days only in tests.

Rules and services take `now` as a parameter; web views and the `tick` command ask this module. Browser
tests move the server's clock with app.config["CLOCK_OFFSET_DAYS"], honoured only when the app is in
testing mode or the test set app.config["ALLOW_CLOCK_OFFSET"] (never in production).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from ..models.base import utcnow


def now() -> datetime:
    moment = utcnow()
    try:
        from flask import current_app, has_app_context
    except ImportError:  # pragma: no cover - Flask is always installed with the app
        return moment
    if has_app_context():
        config = current_app.config
        if config.get("TESTING") or config.get("ALLOW_CLOCK_OFFSET"):
            moment += timedelta(days=float(config.get("CLOCK_OFFSET_DAYS") or 0))
    return moment
