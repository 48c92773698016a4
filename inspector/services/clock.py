"""The app's "now": real UTC time, moved only in tests.

Rules and services take `now` as a parameter; web views and the `tick` command ask this module,
and ask `today()` for the Village's day (never `now().date()`, which is the UTC day). Tests move
the server's clock with app.config["CLOCK_OFFSET_DAYS"] or pin it with app.config["CLOCK_NOW"]
(a naive UTC datetime or an ISO string), honoured only when the app is in testing mode or the test
set app.config["ALLOW_CLOCK_OFFSET"] (never in production).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from ..models.base import utcnow


def now() -> datetime:
    moment = utcnow()
    from flask import current_app, has_app_context

    if has_app_context():
        config = current_app.config
        if config.get("TESTING") or config.get("ALLOW_CLOCK_OFFSET"):
            pinned = config.get("CLOCK_NOW")
            if pinned:
                moment = pinned if isinstance(pinned, datetime) else datetime.fromisoformat(pinned)
            moment += timedelta(days=float(config.get("CLOCK_OFFSET_DAYS") or 0))
    return moment


def today(rb=None) -> date:
    """The Village's day of this moment (America/Chicago by the rulebook), not the UTC day."""
    from ..rules import clocks

    if rb is None:
        from flask import current_app, has_app_context

        rb = current_app.extensions["rulebook"] if has_app_context() else None
    return clocks.local_date(now(), rb)
