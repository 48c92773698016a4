"""The web layer's wiring, all in `register(app)`: every page blueprint, the main navigation (NAV)
and the site page's panels, in order. A new page module is added here (the sync API's blueprint is
registered by create_app, which assembles the app)."""

from __future__ import annotations

from flask import g, has_request_context, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter, ValidationError

from ..models.base import MAX_ID
from ..rules.clocks import due_words, last_local_day, local_date, to_local, wire_time
from ..security import STAFF
from ..services import ServiceError, clock
from ..services.finding_notes import found_words
from ..services.inspection_report import FINDING_STATUS_WORDS
from ..services.permits import STATUS_WORDS, permit_label, status_on
from ..services.stop_work_status import STATUS_WORDS as ORDER_WORDS
from ..services.words import words
from .templating import cached_url_for

EVERYONE = ("permittee", "inspector", "supervisor")
SUPERVISOR = ("supervisor",)
# The main navigation after "Sites", in order: (endpoint, label, roles that see it).
NAV = [
    ("dashboard.index", "Dashboard", STAFF),
    ("pwa.home", "Field app", EVERYONE),
    ("calendar.index", "Calendar", EVERYONE),
    ("findings.index", "Findings", EVERYONE),
    ("rain.index", "Rain", EVERYONE),
    ("calculators.index", "Calculators", EVERYONE),
    ("devices.index", "Devices", EVERYONE),
    ("conflicts.index", "Conflicts", SUPERVISOR),
    ("audit.index", "Audit", SUPERVISOR),
    ("auth.password", "Password", EVERYONE),
]


class RecordNumber(IntegerConverter):
    """`<int:…>` in every page's address: a record's number, so one past any id the database holds
    (MAX_ID) matches no route (404) instead of failing in the database; a run of digits longer
    than any id is refused before it is read as a number."""

    def __init__(self, url_map, *args, **kwargs):
        kwargs.setdefault("max", MAX_ID)
        super().__init__(url_map, *args, **kwargs)

    def to_python(self, value: str):
        if len(value) > len(str(MAX_ID)):
            raise ValidationError()
        return super().to_python(value)


def register(app) -> None:
    app.url_map.converters["int"] = RecordNumber  # before any rule is added
    # Imported when an app is built, so that importing one page module does not import them all.
    from . import (
        audit,
        auth,
        calculators,
        calendar,
        conflicts,
        dashboard,
        devices,
        exports,
        field_findings,
        findings,
        home,
        inspections,
        orders,
        packet,
        permits,
        photos,
        public,
        pwa,
        rain,
        sites,
        users,
        verify,
    )

    for module in (
        audit,
        auth,
        calculators,
        calendar,
        conflicts,
        dashboard,
        devices,
        exports,
        field_findings,
        findings,
        home,
        inspections,
        orders,
        packet,
        permits,
        photos,
        public,
        pwa,
        rain,
        sites,
        users,
        verify,
    ):
        app.register_blueprint(module.bp)

    app.extensions["nav_links"] = NAV
    app.jinja_env.globals["url_for"] = cached_url_for(app.url_for)  # web/templating.py
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

    @app.template_filter("duetime")
    def due_time(moment):
        """A due time as every page writes it (rules/clocks.py due_words: a deadline at midnight
        is the end of the day before; a day in another year than the Village's today with its year)."""
        return due_words(moment, rb, today=_village_today()) if moment else "—"

    def _village_today():
        """The Village's day, once a request (a page writes a hundred due times)."""
        if has_request_context():
            if "village_today" not in g:
                g.village_today = local_date(clock.now(), rb)
            return g.village_today
        return local_date(clock.now(), rb)

    @app.template_filter("wire")
    def wire(moment):
        """A moment as machines read it (a <time datetime>): UTC to the second, "…Z", as the sync
        API writes it."""
        return wire_time(moment) if moment else ""

    @app.template_filter("enddue")
    def end_of_period(moment):
        """A period ending at local midnight, read as its last day: "the end of Sat 2026-12-12"."""
        return f"the end of {last_local_day(moment, rb):%a %Y-%m-%d}" if moment else "—"

    @app.template_filter("itemtitle")
    def item_title(code: str | None) -> str:
        """A checklist item as a finding's page titles it (rules/rulebook.py item_name)."""
        return rb.item_name(code) if code else "—"

    @app.template_filter("inspkind")
    def inspection_kind(kind: str) -> str:
        """An inspection's kind in the words the field app uses (static/js/drafts.js KINDS)."""
        return INSPECTION_KIND_WORDS.get(kind, kind)

    @app.template_filter("found")
    def finding_found(finding, no_note: bool) -> str:
        """What was found; a failure with no note written says its words are the checklist's
        (`no_note`: services/findings.py no_note_written)."""
        return found_words(finding, no_note)

    @app.template_filter("permitwords")
    def permit_words(status: str | None) -> str:
        """A permit status key in words: "under_review" reads "Under review"."""
        return words(STATUS_WORDS, status or "none")

    @app.template_filter("orderwords")
    def order_words(status: str | None, under_its_name: bool = False) -> str:
        """A stop-work order's status key in words, as the work packet says it. `under_its_name`:
        on a line already headed "Stop-work order", without those words again ("Issued")."""
        said = words(ORDER_WORDS, status)
        if under_its_name and said.startswith("Stop-work order "):
            return said.removeprefix("Stop-work order ").capitalize()
        return said

    @app.template_filter("findingwords")
    def finding_words(status: str | None) -> str:
        """A finding's status key in words, as its inspection's report says it."""
        return words(FINDING_STATUS_WORDS, status)

    app.jinja_env.globals["permit_label"] = permit_label

    @app.template_global("permit_status")
    def permit_status(permit) -> str:
        """A permit's status today, computed, never written by a page (the tick writes it)."""
        return status_on(permit, local_date(clock.now(), rb))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if wants_json():
            return jsonify(
                error=exc.name.lower().replace(" ", "_"), reason=exc.description
            ), exc.code
        return render_template(
            "error.html", code=exc.code, name=exc.name, description=exc.description
        ), exc.code

    @app.errorhandler(CSRFError)
    def form_expired(exc: CSRFError):
        # A form whose token no longer matches the session: open longer than the token lives, or
        # the person signed in or out in another tab meanwhile. Said in words, with the way on;
        # the sign-in page comes back ready to use (a tablet left on it overnight).
        if wants_json():
            return jsonify(error="csrf", reason=exc.description), 400
        if request.endpoint == "auth.login":
            from .auth import LoginForm  # the sign-in form, made anew (a fresh token)

            form = LoginForm(formdata=None, email=request.form.get("email", "")[:254])
            return render_template("auth/login.html", form=form, error=SIGN_IN_EXPIRED), 400
        return render_template(
            "error.html", code=400, name="This form had expired", description=FORM_EXPIRED
        ), 400

    @app.errorhandler(ServiceError)
    def service_error(exc: ServiceError):
        if wants_json():
            return jsonify(error="invalid", reason=exc.message, field=exc.field), exc.status
        return render_template(
            "error.html",
            code=exc.status,
            name=SERVICE_ERROR_HEADINGS.get(exc.status, "Not possible"),
            description=exc.message,
        ), exc.status


SIGN_IN_EXPIRED = (
    "This sign-in page was open too long, or someone signed in or out on this device meanwhile: "
    "nothing was sent. Enter your password again."
)
FORM_EXPIRED = (
    "The page was open too long, or you signed in or out in another tab, so it could not be sent "
    "safely. Nothing was saved: go back, reload the page and send it again."
)

# A refusal's page heading by its status: "No such permit." is not "Not possible".
SERVICE_ERROR_HEADINGS = {404: "Not found", 403: "Not allowed", 409: "Changed meanwhile"}

INSPECTION_KIND_WORDS = {
    "weekly": "Weekly inspection",
    "post_rain": "Inspection after rain",
    "village": "Village inspection",
    "follow_up": "Follow-up of a finding",
    "complaint": "Complaint inspection",
}


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"
