"""An order in force and what follows it (§ 256-10B to D): the compliance clock, which runs from
the order's posting on the site; lifting the order as complied with; once the clock has passed,
revoking the permit (§ 256-10B) or, where no permit has been issued, requesting a cease-and-desist
order (§ 256-10C); retraction by the Village or the Zoning Board of Appeals (§ 256-10D). And whom
the order is made to, in the ordinance's words. The permit's status follows. Callers commit.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import NamedTuple

from sqlmodel import Session, select

from ..models import Permit, StopWorkOrder, User
from ..models.enforcement import IN_FORCE_STATUSES, RETRACTING_BODIES
from ..rules import clocks
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook, default
from . import ServiceError, audit, permits
from .enforcement import (
    ACTIVE_PERMIT,
    not_held,
    opening,
    order_name,
    recheck_in_force,
    record_event,
    require_role,
    required_text,
    some_ground_holds,
)


def compliance_end(order, rb: Rulebook | None = None) -> datetime | None:
    """When § 256-10B or C opens: the end of the tenth local day after the day the order was posted
    on the site (§ 256-10A: the Village "may post" it; an order not made known cannot be disobeyed),
    None until it is posted. A stored compliance_due later than that stands (never moved earlier)."""
    if order.posted_at is None:
        return None
    end = clocks.stop_work_compliance_due(order.posted_at, rb)
    return max(end, order.compliance_due) if order.compliance_due else end


def _shown_due(order, end: datetime | None) -> datetime | None:
    """The deadline an order's pages and documents state: `end` (compliance_end), or for an order
    not posted (nothing follows it) none; a step taken before posting counted (old records) keeps
    the deadline stored then."""
    if end is None and order.status in ("revoked_permit", "cease_desist_requested"):
        return order.compliance_due
    return end


def ordered_under_permit(order: StopWorkOrder, permit: Permit | None) -> bool:
    """Whether the order was made to a permittee, whose permit § 256-10B lets the Village revoke,
    or to a landowner or land user where no permit has been issued (§ 256-10C): the permit's status
    when the order was issued (an application not yet decided is no permit)."""
    if permit is None:
        return False
    return (order.permit_status_before or permit.status) in permits.IN_FORCE


# What an order under a permit does not stop (services/schedule.py SUSPENDED_NOTE): said on the
# notice posted on the site, where the crew reads it.
UPKEEP_GOES_ON = (
    "This order stops construction, not the maintenance of erosion controls: the control "
    "measures are kept up, and the weekly and post-rain inspections and repairs keep their "
    "deadlines while it is in force"
)

LAPSED = {"expired": "expired after {expires_on}", "revoked": "was revoked", "closed": "was closed"}


def lapsed_permit(order: StopWorkOrder, permit: Permit | None) -> str:
    """How the order's permit, issued once, stood when the order was issued without one in force
    ("permit ECP-2026-0001 expired after 2026-06-02"); "" when it was in force or never issued."""
    if permit is None or permit.issued_on is None or ordered_under_permit(order, permit):
        return ""
    status = order.permit_status_before or permit.status
    how = LAPSED.get(status, status.replace("_", " "))
    return f"permit {permits.permit_name(permit)} {how.format(expires_on=permit.expires_on)}"


def ordered_party(session: Session, order: StopWorkOrder) -> str:
    """Whom the order was made to, in the ordinance's words: "the permittee" (§ 256-10B) or "the
    landowner or land user" where no permit has been issued (§ 256-10C)."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    return "the permittee" if ordered_under_permit(order, permit) else "the landowner or land user"


def addressee(order: StopWorkOrder, permit: Permit | None, company) -> str:
    """Whom the order's documents name: the permittee, or the landowner or land user where no
    permit has been issued (§ 256-10C), or the company whose permit is no longer in force."""
    if company is not None and ordered_under_permit(order, permit):
        return company.name
    lapsed = lapsed_permit(order, permit)
    if company is not None and lapsed:
        return f"{company.name}: no permit in force ({lapsed})"
    applicant = f" (applicant: {company.name})" if company is not None else ""
    return f"No permit issued — the landowner or land user{applicant}"


def _restore_permit(
    session: Session,
    order: StopWorkOrder,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    note: str,
) -> None:
    """Back to the status before the order (issued/extended, or expired when past its last day), unless
    another order in force still holds the permit suspended."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    if permit is None or permit.status not in ("suspended", "revoked"):
        return
    others = session.exec(
        select(StopWorkOrder).where(
            StopWorkOrder.permit_id == permit.id,
            StopWorkOrder.id != order.id,
            StopWorkOrder.status.in_(IN_FORCE_STATUSES),
        )
    ).first()
    if others is not None and permit.status == "suspended":
        return
    before = order.permit_status_before if order.permit_status_before in ACTIVE_PERMIT else None
    if before is None:
        return
    today = clocks.to_local(now, rb).date()
    target = "expired" if permit.expires_on and today > permit.expires_on else before
    if others is not None:
        target = "suspended"
    permits.set_status(session, permit, target, user_id=user_id, note=note)


def _mark_complied_grounds(order: StopWorkOrder, checks: list[rules.Recheck]) -> str:
    """The grounds that no longer hold, marked on the order with why (the step's notice lists them
    apart from the grounds not complied with); their words for the step's record."""
    if all(c.holds for c in checks):
        return ""
    order.grounds = [
        g if c.holds else {**g, "complied": c.why}
        for g, c in zip(order.grounds, checks, strict=True)
    ]
    return "Complied with by then: " + not_held(c for c in checks if not c.holds)


def mark_complied(
    session: Session, order: StopWorkOrder, *, user: User, note: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    require_role(user, "supervisor", what="lift a stop-work order")
    if order.status not in IN_FORCE_STATUSES:
        raise ServiceError("Only an order in force can be lifted as complied with.")
    note = required_text(note, "note", f"Say how {ordered_party(session, order)} complied.")
    before = audit.snapshot(order)
    order.status, order.complied_at, order.complied_by, order.complied_note = (
        "complied",
        now,
        user.id,
        note,
    )
    _restore_permit(
        session,
        order,
        user_id=user.id,
        now=now,
        rb=rb,
        note=f"{opening(order_name(order, rb))} complied with",
    )
    record_event(
        session, order, status="complied", user_id=user.id, now=now, note=note, before=before
    )
    return order


def next_step(session: Session, order: StopWorkOrder, now: datetime) -> dict:
    """What may follow an order in force: revocation (a permit) or a cease-and-desist request (none
    was issued); neither ("none") for an order made under a permit no longer in force: § 256-10C
    is only "where no permit has been issued", and § 256-10B has nothing left to revoke."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    has_permit = permit is not None and permit.status in ("issued", "extended", "suspended")
    if has_permit:
        kind = "revoke"
    elif ordered_under_permit(order, permit):
        kind = "none"
    else:
        kind = "cease_desist"
    due = compliance_end(order)
    ready = order.status in IN_FORCE_STATUSES and due is not None and now >= due
    return {
        "kind": kind,
        "available": ready,
        "due": due,
        "shown_due": _shown_due(order, due),
        "posted": order.posted_at is not None,
        "permit": permit,
        "why_none": _why_no_step(permit) if kind == "none" else "",
    }


def _why_no_step(permit: Permit, rb: Rulebook | None = None) -> str:
    """Why an order made under a permit since revoked (or otherwise ended) leads to neither step,
    and what the Village can do instead."""
    rb = rb or default()
    c = "clocks.stop_work_compliance."
    how = LAPSED.get(permit.status, permit.status.replace("_", " "))
    return (
        f"This order was made under permit {permits.permit_name(permit)}, and since then the "
        f"permit {how.format(expires_on=permit.expires_on)}: {rb[c + 'revocation_citation']} has "
        f"no permit left to revoke, and {rb[c + 'cease_desist_citation']} is for a site where no "
        "permit has been issued. Land disturbing activity on the site without a permit in force is "
        f"a new ground for a stop-work order ({rb['stop_work.grounds.no_permit.citation']}): "
        "propose one."
    )


def _not_posted_words(rb: Rulebook, citation: str) -> str:
    """Why nothing follows an order issued but not yet posted on the site."""
    days = rb["clocks.stop_work_compliance.days"]
    return f"Not yet posted on the site: the {days} days of {citation} run from its posting."


def _require_clock_passed(order: StopWorkOrder, now: datetime, rb: Rulebook, citation: str) -> None:
    if order.status not in IN_FORCE_STATUSES:
        raise ServiceError("Only an order in force (issued or posted) can lead to this step.")
    if order.posted_at is None:
        raise ServiceError(_not_posted_words(rb, citation))
    due = compliance_end(order, rb)
    if due is None or now < due:
        last = f"the end of {clocks.last_local_day(due, rb):%a %Y-%m-%d}" if due else "?"
        days = rb["clocks.stop_work_compliance.days"]
        raise ServiceError(
            f"The permittee has {days} days to comply ({citation}): this is "
            f"possible only after {last}."
        )


class _Step(NamedTuple):
    """What differs between the two steps § 256-10B and C open once the clock has passed."""

    kind: str  # next_step's kind for this step
    what: str  # the step, for the refusal of another role
    citation: str  # the rulebook's citation of the step
    other: str  # why not, when the site calls for the other step ({} its citation)
    other_citation: str
    not_done: str  # the refusal's first words when neither step follows
    field: str  # the text the supervisor writes, and what is asked when it is missing
    missing: str
    done: str  # the step in some_ground_holds' refusal
    status: str  # the order's status after it


_C = "clocks.stop_work_compliance."
_REVOKE = _Step(
    kind="revoke",
    what="revoke a permit",
    citation=_C + "revocation_citation",
    other="This site has no permit to revoke; request a cease-and-desist order instead ({}).",
    other_citation=_C + "cease_desist_citation",
    not_done="Not revoked.",
    field="reason",
    missing="Give the reason for the revocation.",
    done="revoked",
    status="revoked_permit",
)
_CEASE_DESIST = _Step(
    kind="cease_desist",
    what="request a cease-and-desist order",
    citation=_C + "cease_desist_citation",
    other="This site has a permit: the next step is its revocation ({}).",
    other_citation=_C + "revocation_citation",
    not_done="Not requested.",
    field="details",
    missing="Say what the Village Attorney is asked to act on.",
    done="requested",
    status="cease_desist_requested",
)


def _take_step(
    session: Session,
    order: StopWorkOrder,
    step_of: _Step,
    *,
    user: User,
    text: str,
    now: datetime,
    rb: Rulebook,
    record: Callable[[str, Permit | None, str], None],
) -> StopWorkOrder:
    """The steps shared by revocation and the cease-and-desist request: the step the site calls
    for, the clock passed, the facts re-checked in this transaction, then `record(text, permit,
    citation)` writes what the step changes and the order's event is recorded."""
    require_role(user, "supervisor", what=step_of.what)
    citation = rb[step_of.citation]
    step = next_step(session, order, now)
    if step["kind"] == "none":
        raise ServiceError(f"{step_of.not_done} {step['why_none']}", status=409)
    if step["kind"] != step_of.kind:
        raise ServiceError(step_of.other.format(rb[step_of.other_citation]))
    _require_clock_passed(order, now, rb, citation)
    text = required_text(text, step_of.field, step_of.missing)
    checks = recheck_in_force(session, order, now, rb)
    some_ground_holds(checks, step_of.done)
    before = audit.snapshot(order)
    complied = _mark_complied_grounds(order, checks)
    order.status = step_of.status
    record(text, step["permit"], citation)
    record_event(
        session,
        order,
        status=step_of.status,
        user_id=user.id,
        now=now,
        note=f"{text} {complied}".strip(),
        before=before,
    )
    return order


def revoke_permit(
    session: Session, order: StopWorkOrder, *, user: User, reason: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    """§ 256-10B: not complied with within 10 days, the Village may revoke the permit."""

    def revoke(reason: str, permit: Permit | None, citation: str) -> None:
        order.revoked_at, order.revoked_by, order.revocation_reason = now, user.id, reason
        permits.set_status(
            session,
            permit,
            "revoked",
            user_id=user.id,
            note=f"Revoked ({citation}) after the {order_name(order, rb)}: {reason}",
        )

    return _take_step(
        session, order, _REVOKE, user=user, text=reason, now=now, rb=rb, record=revoke
    )


def request_cease_desist(
    session: Session, order: StopWorkOrder, *, user: User, details: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    """§ 256-10C: where no permit was issued, request the Village Attorney to obtain a cease and desist order."""

    def request(details: str, _permit: Permit | None, _citation: str) -> None:
        order.cease_desist_at, order.cease_desist_by = now, user.id
        order.cease_desist_details = details

    return _take_step(
        session, order, _CEASE_DESIST, user=user, text=details, now=now, rb=rb, record=request
    )


def retract(
    session: Session,
    order: StopWorkOrder,
    *,
    user: User,
    body: str,
    reason: str,
    now: datetime,
    rb: Rulebook,
) -> StopWorkOrder:
    """§ 256-10D: the Village or the Zoning Board of Appeals retracts the order or the revocation."""
    require_role(user, "supervisor", what="record a retraction")
    if order.status not in IN_FORCE_STATUSES + ("revoked_permit", "cease_desist_requested"):
        raise ServiceError("Only an issued or posted order, or a revocation, can be retracted.")
    if body not in RETRACTING_BODIES:
        raise ServiceError(
            "Say who retracted it: the Village or the Zoning Board of Appeals.", field="body"
        )
    reason = required_text(reason, "reason", "Give the reason for the retraction.")
    before = audit.snapshot(order)
    was_revoked = order.status == "revoked_permit"
    order.status, order.retracted_at, order.retracted_by = "retracted", now, user.id
    order.retracted_by_body, order.retracted_reason = body, reason
    what = f"revocation after the {order_name(order, rb)}" if was_revoked else order_name(order, rb)
    _restore_permit(
        session,
        order,
        user_id=user.id,
        now=now,
        rb=rb,
        note=f"{opening(what)} retracted ({rb['clocks.stop_work_compliance.retraction_citation']}): {reason}",
    )
    record_event(
        session, order, status="retracted", user_id=user.id, now=now, note=reason, before=before
    )
    return order
