"""How long a permit holds: its duration and extensions (§ 256-8D(1)), the surety bond that may go
with it (§ 256-8D(2)), and its closing by the Village once the site is finally stabilized.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import func
from sqlmodel import Session, select

from ..models import Finding, Permit, PermitEvent, PermitExtension, StopWorkOrder, SuretyBond, User
from ..models.enforcement import IN_FORCE_STATUSES, OPEN_STATUSES
from ..models.findings import UNRESOLVED_STATES
from ..postgresql import lock_for_writing
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import Forbidden, ServiceError, audit, read_rows, visits
from .permits import ACTIVE, STATUS_WORDS, set_status, written


def extend(
    session: Session,
    permit: Permit,
    *,
    user: User,
    days: int,
    conditions: str,
    rb: Rulebook,
    today: date | None = None,
    seen_last_day: date | None = None,
) -> PermitExtension:
    """§ 256-8D(1); `today` (the Village's day): an extension must reach it, else the permit stays
    expired under an 'extended' status. `seen_last_day`: the last valid day the supervisor decided
    on (the page's); when the permit's is another by now, nothing is extended."""
    if permit.status not in ACTIVE and permit.status != "expired":
        raise ServiceError(
            f"Only an issued or expired permit can be extended (this one is {permit.status})."
        )
    if seen_last_day is not None and seen_last_day != permit.expires_on:
        raise ServiceError(
            f"This permit was extended meanwhile: its last valid day is now "
            f"{permit.expires_on:%a %Y-%m-%d}, not {seen_last_day:%a %Y-%m-%d} as on the page "
            "you extended from. Nothing was extended again; if it needs more days, extend it "
            "from its page as it is now.",
            field="days",
        )
    problem = clocks.check_extension_days(days, rb, granted=permit.extension_days)
    if problem:
        raise ServiceError(problem, field="days")
    conditions = written(conditions, "conditions")
    ends = clocks.permit_expires(
        permit.issued_on, permit.building_permit_until, permit.extension_days + days, rb
    )
    if today is not None and ends < today:
        needed = days + (today - ends).days
        left = rb["clocks.extension.max_days"] - permit.extension_days
        raise ServiceError(
            f"An extension of {days} days would end on {ends.isoformat()}, already past: the "
            f"permit expired after {permit.expires_on.isoformat()} and an extension runs on from "
            "that day. "
            + (
                f"Extend by at least {needed} days"
                if needed <= left
                else f"Reaching today takes {needed} days, more than the {left} left: the work "
                "needs a new permit"
            )
            + f" ({rb['clocks.extension.citation']}).",
            field="days",
        )
    ext = PermitExtension(
        permit_id=permit.id,
        days=days,
        conditions=conditions,
        granted_by=user.id,
        new_expires_on=ends,
    )
    session.add(ext)
    note = f"Extended {days} days to {ends.isoformat()}"
    if conditions:
        note += f"; added conditions: {conditions}"
    set_status(
        session,
        permit,
        "extended",
        user_id=user.id,
        note=note,
        extension_days=permit.extension_days + days,
        expires_on=ends,
    )
    return ext


# What keeps a permit from being closed (close): findings not yet resolved, as a person names them.
UNRESOLVED_FINDINGS = {status: status for status in UNRESOLVED_STATES} | {
    "corrected": "corrected, awaiting the Village's verification",
}


# Said by the service and by the close form's own check: one source of the words.
CLOSE_NOTE_MISSING = (
    "Write what the Village verified: the final inspection, the vegetation established, "
    "the temporary controls removed."
)


def close(
    session: Session,
    permit: Permit,
    *,
    user: User,
    note: str,
    rb: Rulebook | None = None,
) -> None:
    """The Village closes a permit whose site it verified finally stabilized (the protective reading
    of a silence, clocks.closing.reading_note): from then on no inspection is due under it, and land
    disturbance at the site is work without a permit. Every check reads the site as it is inside
    this transaction, under the writer lock: an order or finding recorded meanwhile refuses it."""
    rb = rb or default()
    if user.role != "supervisor":
        raise Forbidden("Only a supervisor closes a permit.")
    lock_for_writing(session.connection())
    if permit.status == "closed":
        when = closing(session, permit, rb)
        raise ServiceError(
            "This permit is already closed"
            + (f" (on {when['on']:%a %Y-%m-%d} by {when['by']})" if when else "")
            + ". Nothing changed."
        )
    refusal = _close_refusal(session, permit, rb)
    if refusal:
        raise ServiceError(refusal)
    note = written(note, "note")
    if not note:
        raise ServiceError(CLOSE_NOTE_MISSING, field="note")
    set_status(session, permit, "closed", user_id=user.id, note=note)


def _close_refusal(session: Session, permit: Permit, rb: Rulebook) -> str | None:
    """Why the permit cannot be closed now, or None."""
    orders = session.exec(
        select(StopWorkOrder).where(
            StopWorkOrder.site_id == permit.site_id, StopWorkOrder.status.in_(OPEN_STATUSES)
        )
    ).all()
    if orders:
        order = orders[0]
        moment = order.posted_at or order.issued_at or order.proposed_at
        day = f"{clocks.local_date(moment, rb):%a %Y-%m-%d}"
        if order.status == "proposed":
            return (
                f"A stop-work order of {day} is proposed for this site: issue or dismiss it on its "
                "page first. The permit was not closed."
            )
        in_force = order.status in IN_FORCE_STATUSES
        return (
            f"The stop-work order of {day} on this site is "
            + ("in force" if in_force else "still being enforced")
            + ": it must be lifted as complied with, or retracted, before the permit is closed "
            f"({rb['clocks.stop_work_compliance.retraction_citation']}). The permit was not closed."
        )
    if permit.status not in ACTIVE:
        return (
            f"Only an issued or extended permit can be closed (this one is "
            f"{STATUS_WORDS.get(permit.status, permit.status).lower()}). The permit was not closed."
        )
    unresolved = session.exec(
        select(Finding.item_code, Finding.status)
        .where(Finding.site_id == permit.site_id, Finding.status.in_(UNRESOLVED_STATES))
        .order_by(Finding.due_at)
    ).all()
    if unresolved:
        named = "; ".join(
            f"{rb.item_title(code) or code} ({UNRESOLVED_FINDINGS[status]})"
            for code, status in unresolved
        )
        many = len(unresolved) != 1
        return (
            f"{len(unresolved)} finding{'s' if many else ''} on this site "
            f"{'are' if many else 'is'} not resolved: {named}. A finally stabilized site has "
            "none: have each corrected and verify it on its page first. The permit was not closed."
        )
    visit = visits.by_site_ids()
    latest = read_rows(
        session,
        select(visit.c.visit_on, visit.c.active_disturbance)
        .order_by(*visits.newest_first(visit))
        .limit(1),
        {visits.SITE_IDS: [permit.site_id]},
    )
    if latest and latest[0][1]:
        return (
            f"The last inspection of this site, on {latest[0][0]:%a %Y-%m-%d}, recorded land "
            "disturbance under way: a finally stabilized site has none. Record a final inspection "
            "with land disturbance not active, then close the permit. The permit was not closed."
        )
    return None


def closing(session: Session, permit: Permit, rb: Rulebook) -> dict | None:
    """When and by whom the permit was closed, and what was verified, from its history; None when
    it is not closed."""
    if permit.status != "closed":
        return None
    event = session.exec(
        select(PermitEvent)
        .where(PermitEvent.permit_id == permit.id, PermitEvent.status == "closed")
        .order_by(PermitEvent.at.desc(), PermitEvent.id.desc())
    ).first()
    if event is None:
        return None
    by = session.get(User, event.by_user_id) if event.by_user_id else None
    return {
        "on": clocks.local_date(event.at, rb),
        "by": by.name if by else "the Village",
        "note": event.note,
    }


def closed_on(session: Session, permits: list[Permit], rb: Rulebook) -> dict[int, date]:
    """{permit id: the Village day it was closed} for the closed ones among `permits`, in one query
    (none when no permit is closed): the stop-work rules count work seen up to that day as under it."""
    closed = [p.id for p in permits if p.status == "closed"]
    if not closed:
        return {}
    rows = session.exec(
        select(PermitEvent.permit_id, func.max(PermitEvent.at))
        .where(PermitEvent.permit_id.in_(closed), PermitEvent.status == "closed")
        .group_by(PermitEvent.permit_id)
    )
    return {permit_id: clocks.local_date(at, rb) for permit_id, at in rows}


def add_bond(
    session: Session,
    permit: Permit,
    *,
    user: User,
    kind: str,
    amount: float,
    issuer: str,
    effective_on: date,
    expires_on: date | None,
) -> SuretyBond:
    if kind not in ("surety_bond", "letter_of_credit"):
        raise ServiceError("Choose a surety bond or an irrevocable letter of credit.", field="kind")
    if not amount or amount <= 0 or amount > 1e9:
        raise ServiceError("Enter an amount above zero.", field="amount")
    if not issuer.strip():
        raise ServiceError("Enter the issuer.", field="issuer")
    if expires_on and expires_on < effective_on:
        raise ServiceError("The bond cannot expire before it takes effect.", field="expires_on")
    bond = SuretyBond(
        permit_id=permit.id,
        kind=kind,
        amount=amount,
        issuer=issuer.strip(),
        effective_on=effective_on,
        expires_on=expires_on,
    )
    session.add(bond)
    session.flush()
    audit.record(
        session,
        entity="surety_bond",
        entity_id=bond.id,
        action="create",
        user_id=user.id,
        after=audit.snapshot(bond),
        site_id=permit.site_id,
    )
    return bond


def extensions(session: Session, permit: Permit) -> list[PermitExtension]:
    """The permit's extensions, oldest first: each may add conditions (§ 256-8D(1))."""
    return list(
        session.exec(
            select(PermitExtension)
            .where(PermitExtension.permit_id == permit.id)
            .order_by(PermitExtension.granted_at, PermitExtension.id)
        )
    )


def bonds(session: Session, permit: Permit) -> list[SuretyBond]:
    return list(session.exec(select(SuretyBond).where(SuretyBond.permit_id == permit.id)))
