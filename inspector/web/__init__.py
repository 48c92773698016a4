"""Web blueprints: every module in this package that defines `bp` is registered, so a new page
module needs no edit elsewhere. The sync API lives in the top-level `sync` package."""

from __future__ import annotations

import importlib
import pkgutil

from flask import g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..rules.clocks import last_local_day, local_date, to_local
from ..services import ServiceError


def register_blueprints(app) -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        bp = getattr(module, "bp", None)
        if bp is not None:
            app.register_blueprint(bp)
    try:
        from sync import api as sync_api
    except ImportError:  # the sync package may not define its API yet
        sync_api = None
    if sync_api is not None and hasattr(sync_api, "bp"):
        app.register_blueprint(sync_api.bp)

    rb = app.extensions["rulebook"]

    @app.template_filter("local")
    def local_time(moment, fmt: str = "%Y-%m-%d %H:%M %Z"):
        """Naive UTC from the database -> the Village's local time, with its zone."""
        return to_local(moment, rb).strftime(fmt) if moment else "—"

    @app.template_filter("localdate")
    def local_day(moment, fmt: str = "%Y-%m-%d"):
        """The Village's day of a stored time (a date is already a local day); never `.date()`,
        which is the UTC day."""
        return local_date(moment, rb).strftime(fmt) if moment else "—"

    @app.template_filter("enddue")
    def end_of_period(moment):
        """A period ending at local midnight, read as its last day: "the end of Sat 2026-12-12"."""
        return f"the end of {last_local_day(moment, rb):%a %Y-%m-%d}" if moment else "—"

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if wants_json():
            return jsonify(
                error=exc.name.lower().replace(" ", "_"), reason=exc.description
            ), exc.code
        return render_template(
            "error.html", code=exc.code, name=exc.name, description=exc.description
        ), exc.code

    @app.errorhandler(ServiceError)
    def service_error(exc: ServiceError):
        if wants_json():
            return jsonify(error="invalid", reason=exc.message, field=exc.field), exc.status
        return render_template(
            "error.html", code=exc.status, name="Not possible", description=exc.message
        ), exc.status


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def user():
    """The signed-in user (views are decorated, so it is never None there)."""
    return g.user


# ---------------------------------------------------------------- extension points
# Blueprints add panels to the site page and links to the main navigation without editing the
# sites module or the base template:
#
#   @site_panel(bp, order=30)
#   def rain_panel(session, site, user, now):      # -> (template name, context) or None
#       return "rain/_site_panel.html", {...}
#
#   nav_link(bp, "rain.index", "Rain", roles=("inspector", "supervisor"), order=40)


def site_panel(bp, order: int = 50):
    def decorator(fn):
        bp.record_once(
            lambda state: state.app.extensions.setdefault("site_panels", []).append((order, fn))
        )
        return fn

    return decorator


def nav_link(
    bp,
    endpoint: str,
    label: str,
    roles: tuple[str, ...] = ("permittee", "inspector", "supervisor"),
    order: int = 50,
) -> None:
    bp.record_once(
        lambda state: state.app.extensions.setdefault("nav_links", []).append(
            (order, endpoint, label, roles)
        )
    )
