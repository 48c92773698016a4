"""A corrected inspection's findings (see carry_over_or_withdraw): an item the correction still
fails keeps its finding (carried over, its due time not moved); a finding recorded in error is
withdrawn. Also the findings an inspection's report shows, and why a withdrawn finding was withdrawn.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from ..models import AuditEvent, Finding, Inspection
from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import audit
from .findings import UNRESOLVED, answer_field, bump, packet_changed

# How a correction now answers an item it no longer fails (the end of a withdrawal's reason).
NOW_READS = {"pass": "the item now reads pass", "na": "the item now reads not applicable"}


def _lineage(session: Session, inspection_id: str, limit: int = 50) -> list[str]:
    """The inspection and those it corrected in turn (A <- B <- C): a finding carried over keeps the id of
    the inspection that first recorded it, so a later correction looks back along the whole chain."""
    chain: list[str] = []
    current: str | None = inspection_id
    while current and current not in chain and len(chain) < limit:
        chain.append(current)
        current = session.exec(
            select(Inspection.replaces_id).where(Inspection.id == current)
        ).first()
    return chain


def carry_over_or_withdraw(
    session: Session, replacement: Inspection, answers, now: datetime, rb: Rulebook
) -> set[str]:
    """When `replacement` corrects an earlier inspection, settle that inspection's findings in the caller's
    transaction: an item the correction still fails keeps its finding; any other answer (pass, not
    applicable, or none) shows the finding was recorded in error, so it is withdrawn. Closed findings stay
    as they are. Returns the item codes whose failure already has a finding, so none is raised twice."""
    if not replacement.replaces_id:
        return set()
    by_code = {answer_field(a, "item_code"): a for a in answers}
    earlier = session.exec(
        select(Finding)
        .where(
            Finding.inspection_id.in_(_lineage(session, replacement.replaces_id)),
            Finding.status.in_(UNRESOLVED + ("closed",)),
        )
        .order_by(Finding.created_at)
    ).all()
    handled: set[str] = set()
    changed_sites: set[int] = set()
    for finding in earlier:
        answer = by_code.get(finding.item_code)
        result = answer_field(answer, "result") if answer is not None else None
        if result == "fail":
            # A closed finding was repaired and verified since: the correction restates the same visit,
            # so it raises no second finding (and no new clock) for a problem already put right.
            handled.add(finding.item_code)
            if finding.status != "closed" and _carry_over(
                session, finding, replacement, answer, now
            ):
                changed_sites.add(finding.site_id)
        elif finding.status != "closed":
            _withdraw(session, finding, replacement, result, now, rb)
            changed_sites.add(finding.site_id)
    for site_id in sorted(changed_sites):
        packet_changed(
            session,
            site_id,
            user_id=replacement.user_id,
            why="finding:correction",
            device_id=replacement.device_id,
        )
    return handled


def _carry_over(
    session: Session, finding: Finding, replacement: Inspection, answer, now: datetime
) -> bool:
    """The item fails in the correction too: the same finding stands. Its due time is not moved: the clock
    runs from when the problem was first seen (the protective reading). Returns True when it changed."""
    before = audit.snapshot(finding)
    description = (answer_field(answer, "note") or "").strip() or finding.description
    action = (answer_field(answer, "corrective_action") or "").strip() or finding.required_action
    extra = {"replacement_id": replacement.id}
    if (description, action) == (finding.description, finding.required_action):
        if _carried_by(session, finding, replacement.id):
            return False  # settled by this very correction already: a retry records nothing more
        audit.record(
            session,
            entity="finding",
            entity_id=finding.id,
            action="carry_over",
            user_id=replacement.user_id,
            before=before,
            after={**before, **extra},
            site_id=finding.site_id,
            device_id=replacement.device_id,
        )
        return False
    finding.description, finding.required_action = description, action
    bump(
        session,
        finding,
        before,
        action="carry_over",
        user_id=replacement.user_id,
        now=now,
        device_id=replacement.device_id,
        extra=extra,
    )
    return True


def _carried_by(session: Session, finding: Finding, replacement_id: str) -> bool:
    events = session.exec(
        select(AuditEvent.after).where(
            AuditEvent.entity == "finding",
            AuditEvent.entity_id == finding.id,
            AuditEvent.action == "carry_over",
        )
    ).all()
    return any((after or {}).get("replacement_id") == replacement_id for after in events)


def _withdraw(
    session: Session,
    finding: Finding,
    replacement: Inspection,
    result: str | None,
    now: datetime,
    rb: Rulebook,
) -> None:
    before = audit.snapshot(finding)
    day = clocks.to_local(now, rb).date().isoformat()
    reads = NOW_READS.get(result, "the correction does not list the item")
    reason = (
        f"Withdrawn: the inspection that recorded it was corrected on {day} (the corrected "
        f"version of {replacement.inspected_on:%a %Y-%m-%d} replaces it); {reads}."
    )
    finding.status = "withdrawn"
    bump(
        session,
        finding,
        before,
        action="withdraw",
        user_id=replacement.user_id,
        now=now,
        device_id=replacement.device_id,
        extra={"reason": reason, "replacement_id": replacement.id, "withdrawn_at": now.isoformat()},
    )


def of_inspection(session: Session, inspection: Inspection, failed_codes) -> list[Finding]:
    """The findings an inspection's report shows: its own, and for a correction the earlier findings of the
    items it still fails (carried over, so they keep the id of the inspection that first recorded them)."""
    own = list(session.exec(select(Finding).where(Finding.inspection_id == inspection.id)))
    if not inspection.replaces_id:
        return own
    chain = _lineage(session, inspection.replaces_id)
    have = {f.item_code for f in own}
    earlier = session.exec(
        select(Finding)
        .where(
            Finding.inspection_id.in_(chain),
            Finding.status != "withdrawn",
            Finding.item_code.in_(set(failed_codes) - have),
        )
        .order_by(Finding.created_at.desc())
    ).all()
    carried = {}
    for finding in earlier:  # the newest finding of an item is the one carried over
        carried.setdefault(finding.item_code, finding)
    return own + list(carried.values())


def withdrawal(session: Session, finding: Finding) -> dict | None:
    """Why, when and by whom a withdrawn finding was withdrawn, read from its audit event:
    {"reason", "replacement_id", "at", "user_id"}; None for any other finding."""
    if finding.status != "withdrawn":
        return None
    event = session.exec(
        select(AuditEvent)
        .where(
            AuditEvent.entity == "finding",
            AuditEvent.entity_id == finding.id,
            AuditEvent.action == "withdraw",
        )
        .order_by(AuditEvent.id.desc())
    ).first()
    after = (event.after or {}) if event is not None else {}
    at = after.get("withdrawn_at")
    return {
        "reason": after.get("reason", "Withdrawn."),
        "replacement_id": after.get("replacement_id"),
        "at": datetime.fromisoformat(at) if at else finding.updated_at,
        "user_id": event.user_id if event is not None else None,
    }
