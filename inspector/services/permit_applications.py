"""A permit's application (§ 256-8A) and its review (§ 256-8C): who may apply when, the fee, the
review clock of every application whose application, plan and fee are all in, and the decision:
the permit issued or denied.
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

from sqlmodel import Session, select

from ..models import ControlPlanDocument, Permit, PermitEvent, Site, User
from ..models.base import utcnow
from ..postgresql import lock_for_writing
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import Forbidden, ServiceError, audit
from .control_plans import complete_on, documents
from .permits import (
    IN_FORCE,
    STATUS_WORDS,
    UNDECIDED,
    change,
    current_permit,
    permit_name,
    received_words,
    refresh_status,
    set_status,
    status_on,
    written,
)


def apply(
    session: Session,
    *,
    site: Site,
    company_id: int,
    applicant_name: str,
    received_on: date,
    fee_paid_on: date | None,
    building_permit_until: date | None,
    user: User,
    today: date,
    rb: Rulebook | None = None,
) -> Permit:
    """A new application for the site. A permittee's is received on the Village's day it is made, and
    its fee is recorded by staff when paid (record_fee): `received_on` and `fee_paid_on` are staff's, for
    an application that came in on paper.

    While the site has a permit in force, a permittee's is refused (in_force_refusal): the permit's
    own ways are an extension or a modification in writing. Staff may record one (the site passing
    to another permittee): it waits as a pending application, and the permit in force stays the
    site's current one (current_permit), its inspections going on, until the new one is issued."""
    rb = rb or default()
    if user.role == "permittee" and company_id != user.company_id:
        raise Forbidden("A permittee applies for its own company only.")
    # Two applications at once (a permittee's two tabs): the check for a waiting one and the
    # insert are one step, or each would record one and run its own review clock. Any caller's
    # session: a page's request holds the writer lock already, a command's would not yet.
    lock_for_writing(session.connection())
    previous = current_permit(session, site.id)
    if previous is not None:
        refresh_status(session, previous, today)  # lapsed yesterday: recorded before its successor
    in_force = previous if previous is not None and previous.status in IN_FORCE else None
    if user.role == "permittee":
        block = application_block(session, site.id, company_id, today)
        if block is not None:
            why, permit = block
            raise ServiceError(
                in_force_refusal(permit, rb) if why == "in_force" else pending_refusal(permit)
            )
    else:
        waiting = pending_application(session, site.id, company_id)
        if waiting is not None:
            raise ServiceError(_pending_refusal_for_staff(waiting, rb))
    if user.role == "permittee":
        received_on, fee_paid_on = today, None
    if not applicant_name.strip():
        raise ServiceError("Enter the applicant's name.", field="applicant_name")
    if received_on > today:
        raise ServiceError(
            "The date received cannot be in the future.", field="application_received_on"
        )
    if fee_paid_on and fee_paid_on > today:
        raise ServiceError("The fee date cannot be in the future.", field="fee_paid_on")
    permit = Permit(
        site_id=site.id,
        company_id=company_id,
        applicant_name=applicant_name.strip(),
        application_received_on=received_on,
        fee_paid_on=fee_paid_on,
        building_permit_until=building_permit_until,
    )
    session.add(permit)
    session.flush()
    session.add(
        PermitEvent(
            permit_id=permit.id,
            status="applied",
            by_user_id=user.id,
            note=f"Application received {received_on.isoformat()}"
            + (f"; {permit_name(in_force)} stays in force until it is issued" if in_force else ""),
        )
    )
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="apply",
        user_id=user.id,
        after=audit.snapshot(permit),
        site_id=site.id,
    )
    return permit


def application_block(
    session: Session, site_id: int, company_id: int, today: date
) -> tuple[str, Permit] | None:
    """What stops the company's permittee applying for the site today: ("in_force", the permit in
    force) or ("waiting", its own application still waiting for the Village's decision); None when
    it may apply. apply() refuses on it, and the site page says it in place of the button."""
    in_force = permit_in_force(session, site_id, today)
    if in_force is not None:
        return "in_force", in_force
    waiting = pending_application(session, site_id, company_id)
    if waiting is not None:
        return "waiting", waiting
    return None


def permit_in_force(session: Session, site_id: int, today: date) -> Permit | None:
    """The site's permit in force today (issued, extended or suspended, and not past its last valid
    day), or None."""
    permit = current_permit(session, site_id)
    if permit is not None and status_on(permit, today) in IN_FORCE:
        return permit
    return None


def _in_force_words(permit: Permit) -> str:
    status = STATUS_WORDS.get(permit.status, permit.status).lower()
    last = permit.expires_on
    until = f", valid until {last:%B} {last.day}, {last.year}" if last else ""
    return f"This site has a permit in force: {permit_name(permit)} ({status}{until})."


def in_force_refusal(permit: Permit, rb: Rulebook) -> str:
    """Why a permittee files no new application while `permit` is in force."""
    return (
        f"{_in_force_words(permit)} Its inspections and conditions go on, and a new application "
        "cannot take its place. To keep it longer, ask the Village to extend it "
        f"({rb['clocks.extension.citation']}); to change its control plan, ask for the Village's "
        f"written permission ({rb['sections.plan_modification']}). If the site passes to another "
        "permittee, the Village records the new application."
    )


def pending_application(session: Session, site_id: int, company_id: int) -> Permit | None:
    """The company's application for the site still waiting for the Village's decision, if any."""
    return session.exec(
        select(Permit)
        .where(
            Permit.site_id == site_id,
            Permit.company_id == company_id,
            Permit.status.in_(UNDECIDED),
        )
        .order_by(Permit.id)
    ).first()


def pending_refusal(permit: Permit) -> str:
    """Why a permittee files no second application while its own `permit` waits."""
    return (
        f"Your application for this site, {received_words(permit)}, is waiting for the Village's "
        "decision. Add what it still needs (the control plan documents) on its page: a second "
        "application would not be decided sooner."
    )


def _pending_refusal_for_staff(permit: Permit, rb: Rulebook) -> str:
    """Why staff record no second application from a company whose `permit` application waits: each
    would run its own review clock, and one of them would never be decided."""
    return (
        f"This company's application for this site, {received_words(permit)}, is still waiting for a "
        "decision. Decide it (issue or deny) on its page, or add what came in (a fee, the control "
        "plan documents) there: a second application would run a second review clock "
        f"({rb['clocks.plan_review.citation']})."
    )


def in_force_note(permit: Permit, rb: Rulebook) -> str:
    """What a new application staff record beside `permit`, in force, does and does not do."""
    return (
        f"{_in_force_words(permit)} A new application does not replace it: it stays in force, with "
        "its inspections and conditions, until the new permit is issued. To keep it longer, extend "
        f"it ({rb['clocks.extension.citation']}); a change to its control plan needs the Village's "
        f"written permission ({rb['sections.plan_modification']})."
    )


def record_fee(session: Session, permit: Permit, *, user: User, paid_on: date, today: date) -> None:
    """The application fee is in: one of the three things the review clock waits for (§ 256-8C)."""
    if paid_on > today:
        raise ServiceError("The fee date cannot be in the future.", field="fee_paid_on")
    change(session, permit, "fee_paid", user_id=user.id, fee_paid_on=paid_on)


def reviews_due(session: Session, scope, project_kinds: dict[int, str], rb: Rulebook) -> dict:
    """§ 256-8C for every application awaiting a decision on the sites of `scope` (a query of site
    ids; None: every site) whose application, plan and fee are all in: {site_id: the review's
    Deadline}, the earliest when a site has two. Two queries however many sites, run even when no
    application is undecided (the dashboard's count of queries never depends on the data)."""
    query = select(
        Permit.id, Permit.site_id, Permit.application_received_on, Permit.fee_paid_on
    ).where(Permit.status.in_(UNDECIDED))
    if scope is not None:
        query = query.where(Permit.site_id.in_(scope))
    undecided = list(session.exec(query))
    docs: dict[int, list] = {}
    rows = session.exec(
        select(
            ControlPlanDocument.permit_id, ControlPlanDocument.kind, ControlPlanDocument.uploaded_at
        ).where(ControlPlanDocument.permit_id.in_([p.id for p in undecided]))
    )
    for row in rows:
        docs.setdefault(row.permit_id, []).append(row)
    out: dict = {}
    for permit in undecided:
        if permit.site_id not in project_kinds:
            continue
        site = SimpleNamespace(project_kind=project_kinds[permit.site_id])  # what complete_on reads
        complete = complete_on(permit, site, docs.get(permit.id, []), rb)
        if complete is None:
            continue
        review = clocks.plan_review_due(complete, rb)
        if permit.site_id not in out or review.due < out[permit.site_id].due:
            out[permit.site_id] = review
    return out


def _require_undecided(permit: Permit) -> None:
    if permit.status not in UNDECIDED:
        raise ServiceError(f"This permit was already decided ({permit.status}).")


def start_review(session: Session, permit: Permit, *, user: User) -> None:
    _require_undecided(permit)
    set_status(session, permit, "under_review", user_id=user.id, note="Review started")


def issue(
    session: Session,
    permit: Permit,
    *,
    site: Site,
    user: User,
    issued_on: date,
    rb: Rulebook,
    today: date | None = None,
) -> None:
    """Approve the control plan and issue the permit (§ 256-8C). `today`: the Village's day, when
    the caller knows it (a page): a permit is issued on the day the Village decides, never later."""
    _require_undecided(permit)
    if today is not None and issued_on > today:
        # A later date would leave the permit 'issued' but not in force, and its 180 days
        # (§ 256-8D(1)) counted from a day the Village has not reached.
        raise ServiceError(
            f"The issue date cannot be after today ({today:%a %Y-%m-%d}): a permit is issued on "
            f"the day the Village approves the plan ({rb['clocks.plan_review.citation']}).",
            field="issued_on",
        )
    if complete_on(permit, site, documents(session, permit), rb) is None:
        raise ServiceError(
            "The application, the control plan and the fee must all be in before a permit is issued."
        )
    if issued_on < permit.application_received_on:
        # A permit dated before its application would cover work done without one (§ 256-8A).
        raise ServiceError(
            f"The issue date cannot be before the application was received on "
            f"{permit.application_received_on:%a %Y-%m-%d} ({rb['stop_work.rules.no_permit.citation']}: "
            "approval before the work).",
            field="issued_on",
        )
    expires_on = clocks.permit_expires(issued_on, permit.building_permit_until, 0, rb)
    set_status(
        session,
        permit,
        "issued",
        user_id=user.id,
        note=f"Issued; valid until {expires_on.isoformat()} ({rb['clocks.permit_validity.citation']})",
        issued_on=issued_on,
        expires_on=expires_on,
        number=permit.number or f"ECP-{issued_on.year}-{permit.id:04d}",
        decided_by=user.id,
        decided_at=utcnow(),
    )


def deny(
    session: Session, permit: Permit, *, user: User, reasons: str, rb: Rulebook | None = None
) -> None:
    """§ 256-8C: the applicant is advised of the reasons for disapproval."""
    rb = rb or default()
    _require_undecided(permit)
    if not reasons.strip():
        raise ServiceError(
            f"Give the reasons for the denial ({rb['clocks.plan_review.citation']}).",
            field="reasons",
        )
    reasons = written(reasons, "reasons")
    set_status(
        session,
        permit,
        "denied",
        user_id=user.id,
        note=reasons,
        decision_reason=reasons,
        decided_by=user.id,
        decided_at=utcnow(),
    )
