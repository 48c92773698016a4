"""Permit pages (§ 256-8): application, documents, review, decision, extensions, bonds, and the
permittee's notices and plan-modification requests."""

from __future__ import annotations

import re
from datetime import date
from urllib.parse import quote

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from sqlmodel import select
from wtforms import DateField, TextAreaField
from wtforms.validators import DataRequired, StopValidation

from ..db import get_session
from ..documents import order_names
from ..models import Company, ControlPlanDocument, PlanModificationRequest, StoredFile
from ..models.enforcement import IN_FORCE_STATUSES
from ..rules import clocks
from ..security import STAFF, login_required, roles_required
from ..services import (
    NotFound,
    clock,
    control_plans,
    permit_applications,
    permit_clocks,
    permit_duration,
    permit_notices,
    permits,
    sites,
    stabilization,
    stop_work_status,
)
from .forms import (
    BondForm,
    CommencementForm,
    CompletionForm,
    ConfirmForm,
    DecisionForm,
    DenyForm,
    DocumentForm,
    ExtendForm,
    FeeForm,
    IssueForm,
    ModificationForm,
    PermitApplicationForm,
    commit_or_refuse,
)

bp = Blueprint("permits", __name__)


class CloseForm(FlaskForm):
    """Closing a permit: what the Village verified of the finished site is the record's reason."""

    note = TextAreaField("What the Village verified")

    def validate_note(self, field):
        if not (field.data or "").strip():
            raise StopValidation(permit_duration.CLOSE_NOTE_MISSING)


class StabilizationForm(FlaskForm):
    """The permittee's notice that the site is finally stabilized: an ask to close the permit."""

    stabilized_on = DateField(
        "Day the site was finally stabilized",
        validators=[DataRequired(message="Enter the day the site was finally stabilized.")],
    )
    work_done = TextAreaField("What was done")

    def validate_work_done(self, field):
        if not (field.data or "").strip():
            raise StopValidation(stabilization.DESCRIPTION_MISSING)


class DeclineStabilizationForm(FlaskForm):
    decline_reason = TextAreaField("What the Village found not yet stabilized")

    def validate_decline_reason(self, field):
        if not (field.data or "").strip():
            raise StopValidation(stabilization.DECLINE_REASON_MISSING)


def rulebook():
    return current_app.extensions["rulebook"]


def load_permit(permit_id: int):
    """The permit and its site, or 404 when missing or not the user's to see."""
    session = get_session()
    permit = permits.get_permit(session, permit_id)
    if g.user.role == "permittee" and (
        permit.company_id != g.user.company_id
        # A permit issued once, on a site another company's permit has since taken over: the
        # former holder sees none of the site (its application, decided or not, stays its own).
        or (
            permit.issued_on is not None and not sites.can_see_site(session, g.user, permit.site_id)
        )
    ):
        raise NotFound("No such permit.")
    return session, permit, session.get(sites.Site, permit.site_id)


def doc_form(rb):
    form = DocumentForm()
    form.kind.choices = [
        (d["kind"], f"{d['label']} ({d['citation']})") for d in rb["control_plan_documents"]
    ]
    return form


@bp.route("/sites/<int:site_id>/permits/apply", methods=["GET", "POST"])
@login_required
def apply(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    rb = rulebook()
    today = clock.today(rb)
    form = PermitApplicationForm()
    staff = g.user.role != "permittee"
    if staff:
        form.company.choices = [
            (c.id, c.name) for c in session.exec(select(Company).order_by(Company.name))
        ]
    else:
        form.company.choices = [(g.user.company_id, session.get(Company, g.user.company_id).name)]
        # Received today, by the Village's clock; the fee is recorded by staff when it is paid.
        del form.application_received_on, form.fee_paid_on
    if request.method == "GET" and staff:
        form.application_received_on.data = today
    in_force = permit_applications.permit_in_force(session, site.id, today)
    waiting = (
        None
        if staff
        else permit_applications.pending_application(session, site.id, g.user.company_id)
    )
    refused = (in_force is not None or waiting is not None) and not staff  # said before the form
    declined = False  # the service refused what was sent (a message without a field of its own)
    if not refused and form.validate_on_submit():
        ok, permit = commit_or_refuse(
            session,
            form,
            lambda: permit_applications.apply(
                session,
                site=site,
                company_id=form.company.data,
                applicant_name=form.applicant_name.data,
                received_on=form.application_received_on.data if staff else today,
                fee_paid_on=form.fee_paid_on.data if staff else None,
                building_permit_until=form.building_permit_until.data,
                user=g.user,
                today=today,
                rb=rb,
            ),
        )
        if ok:
            flash(
                "Application recorded. Upload the control plan documents to start the review clock.",
                "info",
            )
            if in_force is not None:
                flash(
                    f"{permits.permit_name(in_force)} stays in force, with its inspections and "
                    "conditions, until this application is issued.",
                    "info",
                )
            return redirect(url_for("permits.show", permit_id=permit.id))
        declined = True
    return render_template(
        "permits/apply.html",
        form=form,
        site=site,
        refusal=(
            permit_applications.in_force_refusal(in_force, rb)
            if refused and in_force
            else permit_applications.pending_refusal(waiting)
            if refused
            else None
        ),
        waiting=waiting if refused and not in_force else None,
        in_force=permit_applications.in_force_note(in_force, rb)
        if in_force and not refused
        else None,
    ), 400 if form.errors or declined or (refused and request.method == "POST") else 200


@bp.route("/permits/<int:permit_id>")
@login_required
def show(permit_id: int, forms: dict | None = None, status: int = 200):
    session, permit, site = load_permit(permit_id)
    now = clock.now()
    rb = rulebook()
    forms = forms or {}
    issue_form = IssueForm(formdata=None, issued_on=clocks.local_date(now, rb))
    defaults = {
        "doc": doc_form(rb),
        "fee": FeeForm(formdata=None),
        "issue": issue_form,
        "deny": DenyForm(formdata=None),
        "extend": ExtendForm(formdata=None),
        "bond": BondForm(formdata=None),
        "commencement": CommencementForm(formdata=None),
        "completion": CompletionForm(formdata=None),
        "modification": ModificationForm(formdata=None),
        "decision": DecisionForm(formdata=None),
        "confirm": ConfirmForm(formdata=None),
        "close": CloseForm(formdata=None),
        "stabilization": StabilizationForm(formdata=None),
        "decline": DeclineStabilizationForm(formdata=None),
    }
    defaults.update(forms)
    in_force = None
    if permit.status in permits.UNDECIDED:
        in_force = permit_applications.permit_in_force(session, site.id, clocks.local_date(now, rb))
    holding = []  # a suspended permit: the orders in force that hold it so (extend refuses it)
    if permit.status == "suspended":
        holding = [
            (o, order_names.order_name(o, rb))
            for o in stop_work_status.orders_for_sites(
                session, [site.id], statuses=IN_FORCE_STATUSES
            )
            if o.permit_id == permit.id
        ]
    history = permits.history(session, permit)
    notices = [
        (n, clocks.completion_notice_due(n.installed_on, rb))
        for n in permit_notices.completion_notices(session, permit)
    ]
    return render_template(
        "permits/show.html",
        permit=permit,
        site=site,
        company=session.get(Company, permit.company_id),
        clocks=permit_clocks.clocks_view(session, permit, site, rb, now),
        docs=control_plans.documents(session, permit),
        history=history,
        names=permits.history_names(session, history),
        notices=notices,
        requests=control_plans.modification_requests(session, permit),
        bonds=permit_duration.bonds(session, permit),
        extensions=permit_duration.extensions(session, permit),
        stabilization=stabilization.latest(session, permit, rb),
        forms=defaults,
        in_force=permits.permit_name(in_force) if in_force is not None else None,
        holding_orders=holding,
        now=now,
        today=clocks.local_date(now, rb),
        is_late=lambda *args: clocks.is_late(*args, rb),
    ), status


def _act(permit_id: int, form_name: str, form, action, success: str, roles=None):
    """Run one permit action in one transaction; on refusal re-render the page with the message at the field."""
    if roles and g.user.role not in roles:
        abort(403)
    session, permit, site = load_permit(permit_id)
    if form.validate_on_submit():

        def run():
            # An action reads today's status: time passing is written here, not by the page.
            permits.refresh_status(session, permit, clock.today(rulebook()))
            return action(session, permit, site)

        ok, _ = commit_or_refuse(session, form, run)
        if ok:
            flash(success, "info")
            return redirect(url_for("permits.show", permit_id=permit_id))
    return show(permit_id, forms={form_name: form}, status=400)


@bp.route("/permits/<int:permit_id>/documents", methods=["POST"])
@login_required
def upload(permit_id: int):
    form = doc_form(rulebook())

    def action(session, permit, site):
        f = form.file.data
        control_plans.add_document(
            session,
            permit,
            kind=form.kind.data,
            filename=f.filename or "document",
            data=f.read(rulebook()["uploads.control_plan_max_bytes"] + 1),
            user=g.user,
            rb=rulebook(),
            now=clock.now(),
        )

    return _act(permit_id, "doc", form, action, "Document uploaded.")


@bp.route("/permits/<int:permit_id>/documents/<int:doc_id>")
@login_required
def document(permit_id: int, doc_id: int):
    session, permit, _site = load_permit(permit_id)
    doc = session.get(ControlPlanDocument, doc_id)
    if doc is None or doc.permit_id != permit.id:
        abort(404)
    data = session.get(StoredFile, doc.file_id).data
    return Response(
        data,
        mimetype=doc.content_type,
        headers={"Content-Disposition": attachment(doc.filename)},
    )


def attachment(filename: str) -> str:
    """A download's Content-Disposition under its own name (RFC 6266): headers are Latin-1, so an
    ASCII fallback for old browsers and the name itself as UTF-8 in filename*."""
    stem, _dot, ext = filename.rpartition(".") if "." in filename else (filename, "", "")
    fallback = re.sub(r"[^A-Za-z0-9-]+", "_", stem).strip("_") or "document"
    ext = re.sub(r"[^A-Za-z0-9]+", "", ext)[:10]
    if ext:
        fallback += "." + ext
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"


@bp.route("/permits/<int:permit_id>/fee", methods=["POST"])
@roles_required(*STAFF)
def fee(permit_id: int):
    form = FeeForm()
    return _act(
        permit_id,
        "fee",
        form,
        lambda s, p, site: permit_applications.record_fee(
            s, p, user=g.user, paid_on=form.fee_paid_on.data, today=clock.today(rulebook())
        ),
        "Fee recorded.",
    )


@bp.route("/permits/<int:permit_id>/review", methods=["POST"])
@roles_required(*STAFF)
def review(permit_id: int):
    return _act(
        permit_id,
        "confirm",
        ConfirmForm(),
        lambda s, p, site: permit_applications.start_review(s, p, user=g.user),
        "Review started.",
    )


@bp.route("/permits/<int:permit_id>/issue", methods=["POST"])
@roles_required("supervisor")
def issue(permit_id: int):
    form = IssueForm()
    return _act(
        permit_id,
        "issue",
        form,
        lambda s, p, site: permit_applications.issue(
            s,
            p,
            site=site,
            user=g.user,
            issued_on=form.issued_on.data,
            rb=rulebook(),
            today=clocks.local_date(clock.now(), rulebook()),
        ),
        "Permit issued.",
    )


@bp.route("/permits/<int:permit_id>/deny", methods=["POST"])
@roles_required("supervisor")
def deny(permit_id: int):
    form = DenyForm()
    return _act(
        permit_id,
        "deny",
        form,
        lambda s, p, site: permit_applications.deny(
            s, p, user=g.user, reasons=form.reasons.data, rb=rulebook()
        ),
        "Permit denied; the reasons are on record.",
    )


@bp.route("/permits/<int:permit_id>/extend", methods=["POST"])
@roles_required("supervisor")
def extend(permit_id: int):
    form = ExtendForm()
    return _act(
        permit_id,
        "extend",
        form,
        lambda s, p, site: permit_duration.extend(
            s,
            p,
            user=g.user,
            days=form.days.data,
            conditions=form.conditions.data or "",
            rb=rulebook(),
            today=clock.today(rulebook()),
            seen_last_day=_seen_last_day(),
        ),
        "Permit extended.",
    )


def _seen_last_day() -> date | None:
    """The permit's last valid day as the page the supervisor extended from showed it."""
    try:
        return date.fromisoformat(request.form.get("last_day", ""))
    except ValueError:
        return None


@bp.route("/permits/<int:permit_id>/close", methods=["POST"])
@roles_required("supervisor")
def close(permit_id: int):
    form = CloseForm()
    return _act(
        permit_id,
        "close",
        form,
        lambda s, p, site: permit_duration.close(
            s, p, user=g.user, note=form.note.data, rb=rulebook()
        ),
        "Permit closed: no inspections are due under it any more.",
    )


@bp.route("/permits/<int:permit_id>/stabilization", methods=["POST"])
@roles_required("permittee", "supervisor")
def stabilization_notice(permit_id: int):
    form = StabilizationForm()
    return _act(
        permit_id,
        "stabilization",
        form,
        lambda s, p, site: stabilization.notify(
            s,
            p,
            user=g.user,
            stabilized_on=form.stabilized_on.data,
            description=form.work_done.data,
            now=clock.now(),
            rb=rulebook(),
        ),
        "Notice of final stabilization sent. " + stabilization.STILL_DUE,
    )


@bp.route("/permits/<int:permit_id>/stabilization/decline", methods=["POST"])
@roles_required("supervisor")
def decline_stabilization(permit_id: int):
    form = DeclineStabilizationForm()
    return _act(
        permit_id,
        "decline",
        form,
        lambda s, p, site: stabilization.decline(
            s, p, user=g.user, reason=form.decline_reason.data, now=clock.now(), rb=rulebook()
        ),
        "Notice of final stabilization declined: the permittee sees what the Village found.",
    )


@bp.route("/permits/<int:permit_id>/bond", methods=["POST"])
@roles_required("supervisor")
def bond(permit_id: int):
    form = BondForm()
    return _act(
        permit_id,
        "bond",
        form,
        lambda s, p, site: permit_duration.add_bond(
            s,
            p,
            user=g.user,
            kind=form.kind.data,
            amount=form.amount.data,
            issuer=form.issuer.data,
            effective_on=form.effective_on.data,
            expires_on=form.expires_on.data,
        ),
        "Surety recorded.",
    )


@bp.route("/permits/<int:permit_id>/acknowledge", methods=["POST"])
@roles_required("permittee")
def acknowledge(permit_id: int):
    return _act(
        permit_id,
        "confirm",
        ConfirmForm(),
        lambda s, p, site: permit_notices.acknowledge_conditions(s, p, user=g.user),
        "Permit conditions acknowledged.",
    )


@bp.route("/permits/<int:permit_id>/commencement", methods=["POST"])
@roles_required("permittee")
def commencement(permit_id: int):
    form = CommencementForm()

    def action(session, permit, site):
        # The form gives local wall-clock time; the database keeps UTC.
        permit_notices.notify_commencement(
            session,
            permit,
            user=g.user,
            now=clock.now(),
            commenced_at=clocks.from_local(form.commenced_at.data, rulebook()),
            rb=rulebook(),
        )

    return _act(permit_id, "commencement", form, action, "Notice of commencement sent.")


@bp.route("/permits/<int:permit_id>/completion", methods=["POST"])
@roles_required("permittee")
def completion(permit_id: int):
    form = CompletionForm()
    return _act(
        permit_id,
        "completion",
        form,
        lambda s, p, site: permit_notices.notify_completion(
            s,
            p,
            user=g.user,
            measure=form.measure.data,
            installed_on=form.installed_on.data,
            now=clock.now(),
            rb=rulebook(),
        ),
        "Notice of completion sent.",
    )


@bp.route("/permits/<int:permit_id>/modifications", methods=["POST"])
@roles_required("permittee")
def modification(permit_id: int):
    form = ModificationForm()
    return _act(
        permit_id,
        "modification",
        form,
        lambda s, p, site: control_plans.request_modification(
            s, p, user=g.user, description=form.description.data
        ),
        "Request for written permission sent.",
    )


@bp.route("/permits/<int:permit_id>/modifications/<int:req_id>", methods=["POST"])
@roles_required("supervisor")
def decide_modification(permit_id: int, req_id: int):
    form = DecisionForm()

    def action(session, permit, site):
        req = session.get(PlanModificationRequest, req_id)
        if req is None or req.permit_id != permit.id:
            raise NotFound("No such request.")
        control_plans.decide_modification(
            session,
            req,
            user=g.user,
            decision=form.decision.data,
            text=form.text.data,
            rb=rulebook(),
        )

    return _act(permit_id, "decision", form, action, "Decision recorded in writing.")
