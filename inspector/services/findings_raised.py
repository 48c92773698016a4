"""Findings raised from an inspection: one per failed checklist item, with its repair due time.

Due times come from the rulebook: items whose `repair` is "end_of_workday" are due before the end of that
workday (§ 256-7B(3)); every other repair uses the configurable default (24 hours, Wisconsin practice).
The clock starts when the inspector saw the problem.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from ..models import Finding, Inspection, Photo, Site
from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import ServiceError, audit, permits, seals
from .findings import answer_field, packet_changed

# Finding ids are derived from (inspection, item) so a retried submission can never make a second finding.
FINDING_NAMESPACE = uuid.UUID("5b0c3a36-7d53-4f0e-9a51-2f6f1f0e2560")


def finding_id_for(inspection_id: str, item_code: str) -> str:
    return str(uuid.uuid5(FINDING_NAMESPACE, f"{inspection_id}:{item_code}"))


def due_for(
    item: dict, found_at: datetime, rb: Rulebook, work_under_way: bool = True
) -> clocks.Deadline:
    if item.get("repair") == "end_of_workday":
        return clocks.end_of_workday(found_at, rb, work_under_way=work_under_way)
    return clocks.repair_due(found_at, rb)


def due_notes(item: dict | None, rb: Rulebook) -> list[str]:
    """The rulebook's notes on a finding's due time: the ordinance sets none, so they say which
    reading the app applies. Said wherever the due time is stated, on the page and the PDF."""
    if (item or {}).get("repair") == "end_of_workday":
        c = rb["clocks.street_sediment"]
        # An item whose own clause sets no time says first where its time comes from.
        own = item.get("repair_note")
        return [n for n in (own, c.get("silent_note"), c.get("workday_note")) if n]
    note = rb["clocks.repair"].get("silent_note")
    return [note] if note else []


def found_at(inspection: Inspection, now: datetime) -> datetime:
    """The clock starts when the inspector saw the problem (the visit's start: the earliest it can
    have been seen), not when the inspection ended or the device found a signal."""
    return inspection.started_at or inspection.ended_at or now


def item_times(session: Session, inspection: Inspection) -> dict[str, datetime]:
    """{item code: when the device recorded the item}, where it did: its earliest photo's capture
    time within the visit (a photo may arrive after its record: then the visit's start counts)."""
    rows = session.exec(
        select(Photo.item_code, func.min(Photo.taken_at))
        .where(
            Photo.inspection_id == inspection.id,
            Photo.item_code.is_not(None),
            Photo.taken_at.is_not(None),
        )
        .group_by(Photo.item_code)
    ).all()
    start, end = inspection.started_at, inspection.ended_at
    return {
        code: at
        for code, at in rows
        if (start is None or at >= start) and (end is None or at <= end)
    }


def create_from_inspection(
    session: Session,
    inspection: Inspection,
    answers,
    site: Site,
    now: datetime,
    rb: Rulebook,
    skip=frozenset(),
) -> list[Finding]:
    """One finding per failed answer, in the caller's transaction. Idempotent for a given inspection.
    `skip`: item codes whose failure already has a finding (carried over from the inspection corrected)."""
    permit = permits.current_permit(session, site.id)
    company_id = permit.company_id if permit else None
    start = found_at(inspection, now)
    seen = item_times(session, inspection)
    created: list[Finding] = []
    for answer in answers:
        if answer_field(answer, "result") != "fail":
            continue
        code = answer_field(answer, "item_code")
        if code in skip:
            continue
        try:
            item = rb.checklist_item(code)
        except KeyError:
            raise ServiceError(
                f"Unknown checklist item {code!r}.", field=f"answers.{code}.item_code"
            ) from None
        fid = finding_id_for(inspection.id, code)
        if session.get(Finding, fid) is not None:
            continue
        deadline = due_for(item, seen.get(code, start), rb, inspection.active_disturbance)
        finding = Finding(
            id=fid,
            site_id=site.id,
            inspection_id=inspection.id,
            item_code=code,
            severity=item["severity"],
            description=(answer_field(answer, "note") or "").strip() or item["failure"],
            required_action=(answer_field(answer, "corrective_action") or "").strip()
            or item["corrective_action"],
            citation=item["citation"],
            due_at=deadline.due,
            status="open",
            company_id=company_id,
            created_at=now,
            updated_at=now,
        )
        session.add(finding)
        created.append(finding)
    if created:
        session.flush()
        seals.seal(session, "finding", *created, at=now)
        for finding in created:
            audit.record(
                session,
                entity="finding",
                entity_id=finding.id,
                action="create",
                user_id=inspection.user_id,
                after=audit.snapshot(finding),
                site_id=site.id,
                device_id=inspection.device_id,
            )
        packet_changed(
            session,
            site.id,
            user_id=inspection.user_id,
            why="finding",
            device_id=inspection.device_id,
        )
    return created
