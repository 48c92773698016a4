"""Findings: a failed checklist item becomes a corrective action with a due time, the permittee's
correction, and an inspector's verification (open -> corrected -> closed, or reopened).

Due times come from the rulebook: items whose `repair` is "end_of_workday" are due before the end of that
workday (§ 256-7B(3)); every other repair uses the configurable default (24 hours, Wisconsin practice).
"""
from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import and_, case, func
from sqlmodel import Session, select

from ..models import Finding, Inspection, Photo, Site, User
from ..rules import clocks
from ..rules.enforcement import is_finding_overdue
from ..rules.rulebook import Rulebook
from . import Forbidden, NotFound, ServiceError, audit, permits

UNRESOLVED = ("open", "corrected", "reopened")
NEEDS_REPAIR = ("open", "reopened")
# Finding ids are derived from (inspection, item) so a retried submission can never make a second finding.
FINDING_NAMESPACE = uuid.UUID("5b0c3a36-7d53-4f0e-9a51-2f6f1f0e2560")


def finding_id_for(inspection_id: str, item_code: str) -> str:
    return str(uuid.uuid5(FINDING_NAMESPACE, f"{inspection_id}:{item_code}"))


def _field(answer, name, default=None):
    return answer.get(name, default) if isinstance(answer, dict) else getattr(answer, name, default)


def due_for(item: dict, found_at: datetime, rb: Rulebook) -> clocks.Deadline:
    if item.get("repair") == "end_of_workday":
        return clocks.end_of_workday(found_at, rb)
    return clocks.repair_due(found_at, rb)


def found_at(inspection: Inspection, now: datetime) -> datetime:
    """The clock starts when the inspector saw the problem, not when the device found a signal."""
    return inspection.ended_at or inspection.started_at or now


def packet_changed(session: Session, site_id: int, *, user_id: int | None, why: str,
                   device_id: str | None = None) -> None:
    """Devices re-pull a site's work-packet entry when an audit event for entity `site` appears."""
    audit.record(session, entity="site", entity_id=site_id, action="packet", user_id=user_id,
                 after={"why": why}, site_id=site_id, device_id=device_id)


def create_from_inspection(session: Session, inspection: Inspection, answers, site: Site, now: datetime,
                           rb: Rulebook) -> list[Finding]:
    """One finding per failed answer, in the caller's transaction. Idempotent for a given inspection."""
    permit = permits.current_permit(session, site.id)
    company_id = permit.company_id if permit else None
    start = found_at(inspection, now)
    created: list[Finding] = []
    for answer in answers:
        if _field(answer, "result") != "fail":
            continue
        code = _field(answer, "item_code")
        try:
            item = rb.checklist_item(code)
        except KeyError:
            raise ServiceError(f"Unknown checklist item {code!r}.", field=f"answers.{code}.item_code") from None
        fid = finding_id_for(inspection.id, code)
        if session.get(Finding, fid) is not None:
            continue
        deadline = due_for(item, start, rb)
        finding = Finding(id=fid, site_id=site.id, inspection_id=inspection.id, item_code=code,
                          severity=item["severity"], description=(_field(answer, "note") or "").strip()
                          or item["failure"], required_action=(_field(answer, "corrective_action") or "").strip()
                          or item["corrective_action"], citation=item["citation"], due_at=deadline.due,
                          status="open", company_id=company_id, created_at=now, updated_at=now)
        session.add(finding)
        created.append(finding)
    if created:
        session.flush()
        for finding in created:
            audit.record(session, entity="finding", entity_id=finding.id, action="create",
                         user_id=inspection.user_id, after=audit.snapshot(finding), site_id=site.id,
                         device_id=inspection.device_id)
        packet_changed(session, site.id, user_id=inspection.user_id, why="finding",
                       device_id=inspection.device_id)
    return created


def is_overdue(finding: Finding, now: datetime, rb: Rulebook | None = None) -> bool:
    grace = rb["stop_work.overdue_grace_hours"] if rb is not None else 0
    return is_finding_overdue(finding.status, finding.due_at, now, grace)


def open_findings(session: Session, site_ids) -> list[Finding]:
    """Unresolved findings (open, corrected awaiting verification, reopened) of these sites, oldest due first."""
    ids = list(site_ids)
    if not ids:
        return []
    return list(session.exec(select(Finding).where(Finding.site_id.in_(ids), Finding.status.in_(UNRESOLVED))
                             .order_by(Finding.due_at)))


def counts_by_site(session: Session, site_ids, now: datetime, scope=None) -> dict[int, dict]:
    """{site_id: {"open": n, "overdue": n}} in one query (pages listing many sites). `scope`, a SELECT of
    site ids, replaces a long IN list for pages that list every visible site."""
    ids = list(site_ids)
    out = {sid: {"open": 0, "overdue": 0} for sid in ids}
    if not ids:
        return out
    overdue = func.sum(case((and_(Finding.status.in_(NEEDS_REPAIR), Finding.due_at < now), 1), else_=0))
    query = (select(Finding.site_id, func.count(), overdue)
             .where(Finding.site_id.in_(ids if scope is None else scope), Finding.status.in_(UNRESOLVED))
             .group_by(Finding.site_id))
    for site_id, count, late in session.exec(query):
        if site_id in out:
            out[site_id] = {"open": count, "overdue": int(late or 0)}
    return out


def visible_query(user: User):
    """Findings the user may see: staff all; a permittee those of its company's sites."""
    from .sites import visible_sites_query
    query = select(Finding)
    if user.role == "permittee":
        site_ids = visible_sites_query(user).with_only_columns(Site.id)
        query = query.where(Finding.site_id.in_(site_ids))
    return query


def get_visible(session: Session, user: User, finding_id: str) -> Finding:
    finding = session.exec(visible_query(user).where(Finding.id == finding_id)).first()
    if finding is None:
        raise NotFound("No such finding.")
    return finding


def photos_of(session: Session, finding: Finding) -> dict[str, list[Photo]]:
    """{"before": photos of the failed item in its inspection, "after": photos of the correction}."""
    before = list(session.exec(select(Photo).where(Photo.inspection_id == finding.inspection_id,
                                                   Photo.item_code == finding.item_code)))
    after = list(session.exec(select(Photo).where(Photo.finding_id == finding.id)))
    return {"before": before, "after": after}


def _save(session: Session, finding: Finding, before: dict, *, action: str, user: User, now: datetime,
          device_id: str | None) -> None:
    finding.version += 1
    finding.updated_at = now
    session.add(finding)
    session.flush()
    audit.record(session, entity="finding", entity_id=finding.id, action=action, user_id=user.id,
                 before=before, after=audit.snapshot(finding), site_id=finding.site_id, device_id=device_id)
    packet_changed(session, finding.site_id, user_id=user.id, why=f"finding:{action}", device_id=device_id)


def mark_corrected(session: Session, finding: Finding, *, user: User, note: str, now: datetime,
                   photo_ids: list[str] | None = None, device_id: str | None = None) -> Finding:
    """The permittee reports the corrective action done, with a note and an "after" photo."""
    if user.role != "permittee":
        raise Forbidden("The permittee reports corrections; inspectors verify them.")
    if finding.company_id is not None and finding.company_id != user.company_id:
        raise NotFound("No such finding.")
    if finding.status not in NEEDS_REPAIR:
        raise ServiceError(f"This finding is {finding.status}; only an open or reopened finding can be "
                           "reported corrected.", field="status")
    note = (note or "").strip()
    if not note:
        raise ServiceError("Say what was done to correct it.", field="corrected_note")
    if len(note) > 4000:
        raise ServiceError("At most 4000 characters.", field="corrected_note")
    before = audit.snapshot(finding)
    finding.status, finding.corrected_note, finding.corrected_at, finding.corrected_by = "corrected", note, now, user.id
    for photo_id in photo_ids or []:
        photo = session.get(Photo, photo_id)
        if photo is not None and photo.user_id == user.id and photo.finding_id in (None, finding.id) \
                and photo.inspection_id is None:
            photo.finding_id = finding.id
            session.add(photo)
    _save(session, finding, before, action="corrected", user=user, now=now, device_id=device_id)
    return finding


def _require_staff(user: User) -> None:
    if user.role not in ("inspector", "supervisor"):
        raise Forbidden("Only an inspector verifies corrections.")


def close(session: Session, finding: Finding, *, user: User, now: datetime, note: str = "",
          device_id: str | None = None) -> Finding:
    """An inspector verified the correction on site (or found the problem gone)."""
    _require_staff(user)
    if finding.status == "closed":
        raise ServiceError("This finding is already closed.", field="status")
    before = audit.snapshot(finding)
    finding.status, finding.verified_by, finding.verified_at = "closed", user.id, now
    if note.strip():
        finding.description = f"{finding.description}\nVerified: {note.strip()}".strip()
    _save(session, finding, before, action="closed", user=user, now=now, device_id=device_id)
    return finding


def reopen(session: Session, finding: Finding, *, user: User, now: datetime, rb: Rulebook, note: str = "",
           device_id: str | None = None) -> Finding:
    """The correction did not hold: the finding is open again with a new due time from now."""
    _require_staff(user)
    if finding.status not in ("corrected", "closed"):
        raise ServiceError("Only a corrected or closed finding can be reopened.", field="status")
    if not note.strip():
        raise ServiceError("Say why the finding is reopened.", field="note")
    before = audit.snapshot(finding)
    finding.status = "reopened"
    finding.verified_by, finding.verified_at = None, None
    finding.due_at = due_for(rb.checklist_item(finding.item_code), now, rb).due
    finding.description = f"{finding.description}\nReopened: {note.strip()}".strip()
    _save(session, finding, before, action="reopened", user=user, now=now, device_id=device_id)
    return finding


def for_sites(session: Session, site_ids, *, statuses=None, limit: int | None = None) -> list[Finding]:
    query = select(Finding).where(Finding.site_id.in_(list(site_ids)))
    if statuses:
        query = query.where(Finding.status.in_(statuses))
    query = query.order_by(Finding.created_at.desc())
    if limit:
        query = query.limit(limit)
    return list(session.exec(query))
