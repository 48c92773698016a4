"""Findings: a failed checklist item becomes a corrective action with a due time, the permittee's
correction, and an inspector's verification (open -> corrected -> closed, or reopened). A finding recorded
in error is withdrawn when the inspection that recorded it is corrected (see carry_over_or_withdraw).

Due times come from the rulebook: items whose `repair` is "end_of_workday" are due before the end of that
workday (§ 256-7B(3)); every other repair uses the configurable default (24 hours, Wisconsin practice).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import and_, case, func
from sqlmodel import Session, select

from ..models import Answer, AuditEvent, Finding, Inspection, Photo, Site, User
from ..models.findings import UNRESOLVED_STATES
from ..rules import clocks
from ..rules.enforcement import is_finding_overdue
from ..rules.rulebook import Rulebook
from . import Forbidden, NotFound, ServiceError, audit, permits, seals

UNRESOLVED = UNRESOLVED_STATES
NEEDS_REPAIR = ("open", "reopened")
# How a correction now answers an item it no longer fails (the end of a withdrawal's reason).
NOW_READS = {"pass": "the item now reads pass", "na": "the item now reads not applicable"}
# Finding ids are derived from (inspection, item) so a retried submission can never make a second finding.
FINDING_NAMESPACE = uuid.UUID("5b0c3a36-7d53-4f0e-9a51-2f6f1f0e2560")

# Said by the server and, before sending, by the office form (data-missing): one source of the words.
NOTE_MISSING = "Say what was done to correct it."


def finding_id_for(inspection_id: str, item_code: str) -> str:
    return str(uuid.uuid5(FINDING_NAMESPACE, f"{inspection_id}:{item_code}"))


def _field(answer, name, default=None):
    return answer.get(name, default) if isinstance(answer, dict) else getattr(answer, name, default)


def due_for(
    item: dict, found_at: datetime, rb: Rulebook, work_under_way: bool = True
) -> clocks.Deadline:
    if item.get("repair") == "end_of_workday":
        return clocks.end_of_workday(found_at, rb, work_under_way=work_under_way)
    return clocks.repair_due(found_at, rb)


def _corrected(session: Session, ids: set[str], limit: int = 50) -> dict[str, set[str]]:
    """{inspection: itself and those it corrects in turn}, for these inspections and every
    correction of them (A <- B <- C: C maps to {A, B, C}); _lineage looks the other way."""
    parent: dict[str, str] = {}
    seen, frontier = set(ids), set(ids)
    for _ in range(limit):
        if not frontier:
            break
        rows = session.exec(
            select(Inspection.id, Inspection.replaces_id).where(
                Inspection.replaces_id.in_(sorted(frontier))
            )
        ).all()
        parent.update(rows)
        frontier = {new for new, _old in rows} - seen
        seen |= frontier
    out: dict[str, set[str]] = {}
    for inspection_id in seen:
        chain, current = set(), inspection_id
        while current is not None and current not in chain and len(chain) < limit:
            chain.add(current)
            current = parent.get(current)
        out[inspection_id] = chain
    return out


def found_words(finding: Finding, no_note: bool) -> str:
    """What was found, as a record shows it. A failed item with no note was stored with the
    checklist's generic description of a failure as the catalog worded it then (sealed, kept as
    stored): read as it is, that is something someone saw, so it is said to be the checklist's
    words. `no_note`: no_note_written's answer for this finding."""
    text = (finding.description or "").strip()
    if text and no_note:
        return f"No note written; the checklist describes this failure as: {text}"
    return text


def no_note_written(session: Session, found: list[Finding]) -> set[str]:
    """The ids of these findings whose "what was found" is the checklist's words, not a note: the
    inspection that recorded one answered its item, and neither that answer nor a correction's
    (whose note replaces it, _carry_over) has it as its note. It was stored from the catalog's
    words of that day (create_from_inspection), which a later catalog may word otherwise, so the
    answers say it, not today's catalog. A few queries, whatever the number of findings."""
    found = [f for f in found if (f.description or "").strip()]
    if not found:
        return set()
    roots = _corrected(session, {f.inspection_id for f in found})
    answered: set[tuple[str, str]] = set()
    notes: dict[tuple[str, str], set[str]] = {}
    for inspection_id, code, note in session.exec(
        select(Answer.inspection_id, Answer.item_code, Answer.note).where(
            Answer.inspection_id.in_(sorted(roots)),
            Answer.item_code.in_(sorted({f.item_code for f in found})),
        )
    ):
        answered.add((inspection_id, code))
        for root in roots[inspection_id]:
            notes.setdefault((root, code), set()).add((note or "").strip())
    return {
        f.id
        for f in found
        if (f.inspection_id, f.item_code) in answered
        and f.description.strip() not in notes[(f.inspection_id, f.item_code)]
    }


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


def packet_changed(
    session: Session, site_id: int, *, user_id: int | None, why: str, device_id: str | None = None
) -> None:
    """Devices re-pull a site's work-packet entry when an audit event for entity `site` appears."""
    audit.record(
        session,
        entity="site",
        entity_id=site_id,
        action="packet",
        user_id=user_id,
        after={"why": why},
        site_id=site_id,
        device_id=device_id,
    )


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
        if _field(answer, "result") != "fail":
            continue
        code = _field(answer, "item_code")
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
            description=(_field(answer, "note") or "").strip() or item["failure"],
            required_action=(_field(answer, "corrective_action") or "").strip()
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


def is_overdue(finding: Finding, now: datetime, rb: Rulebook | None = None) -> bool:
    grace = rb["stop_work.overdue_grace_hours"] if rb is not None else 0
    return is_finding_overdue(finding.status, finding.due_at, now, grace)


def open_findings(session: Session, site_ids) -> list[Finding]:
    """Unresolved findings (open, corrected awaiting verification, reopened) of these sites, oldest due first."""
    ids = list(site_ids)
    if not ids:
        return []
    return list(
        session.exec(
            select(Finding)
            .where(Finding.site_id.in_(ids), Finding.status.in_(UNRESOLVED))
            .order_by(Finding.due_at)
        )
    )


def counts_by_site(session: Session, site_ids, now: datetime, scope=None) -> dict[int, dict]:
    """{site_id: {"open": n, "overdue": n}} in one query (pages listing many sites). `scope`, a SELECT of
    site ids, replaces a long IN list for pages that list every visible site."""
    ids = list(site_ids)
    out = {sid: {"open": 0, "overdue": 0} for sid in ids}
    if not ids:
        return out
    overdue = func.sum(
        case((and_(Finding.status.in_(NEEDS_REPAIR), Finding.due_at < now), 1), else_=0)
    )
    query = (
        select(Finding.site_id, func.count(), overdue)
        .where(Finding.site_id.in_(ids if scope is None else scope), Finding.status.in_(UNRESOLVED))
        .group_by(Finding.site_id)
    )
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
    before = list(
        session.exec(
            select(Photo).where(
                Photo.inspection_id == finding.inspection_id, Photo.item_code == finding.item_code
            )
        )
    )
    after = list(session.exec(select(Photo).where(Photo.finding_id == finding.id)))
    return {"before": before, "after": after}


def _bump(
    session: Session,
    finding: Finding,
    before: dict,
    *,
    action: str,
    user_id: int | None,
    now: datetime,
    device_id: str | None,
    extra: dict | None = None,
) -> None:
    """A new version (devices pull the change) and its audit event; `extra` adds to the event's `after`."""
    finding.version += 1
    finding.updated_at = now
    session.add(finding)
    session.flush()
    # The event first: a verifier's note lives in it and is sealed with the finding (sealed_records).
    audit.record(
        session,
        entity="finding",
        entity_id=finding.id,
        action=action,
        user_id=user_id,
        before=before,
        after={**audit.snapshot(finding), **(extra or {})},
        site_id=finding.site_id,
        device_id=device_id,
    )
    session.flush()
    seals.seal(session, "finding", finding, at=now)


def _save(
    session: Session,
    finding: Finding,
    before: dict,
    *,
    action: str,
    user: User,
    now: datetime,
    device_id: str | None,
    extra: dict | None = None,
) -> None:
    _bump(
        session,
        finding,
        before,
        action=action,
        user_id=user.id,
        now=now,
        device_id=device_id,
        extra=extra,
    )
    packet_changed(
        session, finding.site_id, user_id=user.id, why=f"finding:{action}", device_id=device_id
    )


def mark_corrected(
    session: Session,
    finding: Finding,
    *,
    user: User,
    note: str,
    now: datetime,
    photo_ids: list[str] | None = None,
    device_id: str | None = None,
    corrected_at: datetime | None = None,
) -> Finding:
    """The permittee reports the corrective action done, with a note and an "after" photo.
    `corrected_at`: when a tablet recorded it (reported offline, sent later); kept between the
    finding's last change the device could have seen and `now`, so a tablet's wrong clock neither
    dates it before the finding existed nor after it arrived."""
    if user.role != "permittee":
        raise Forbidden("The permittee reports corrections; inspectors verify them.")
    from .sites import can_see_site

    # The company that holds the site now puts its findings right, whoever held it when they were
    # raised (an overdue one is a ground against the site); a former holder sees none of them.
    if not can_see_site(session, user, finding.site_id):
        raise NotFound("No such finding.")
    if finding.status not in NEEDS_REPAIR:
        raise ServiceError(
            f"This finding is {finding.status}; only an open or reopened finding can be "
            "reported corrected.",
            field="status",
        )
    note = (note or "").strip()
    if not note:
        raise ServiceError(NOTE_MISSING, field="corrected_note")
    if len(note) > 4000:
        raise ServiceError("At most 4000 characters.", field="corrected_note")
    before = audit.snapshot(finding)
    # The device saw the finding as last changed (its base version): not corrected before that.
    at = min(max(corrected_at, finding.updated_at), now) if corrected_at else now
    finding.status, finding.corrected_note, finding.corrected_at, finding.corrected_by = (
        "corrected",
        note,
        at,
        user.id,
    )
    for photo_id in photo_ids or []:
        photo = session.get(Photo, photo_id)
        if (
            photo is not None
            and photo.user_id == user.id
            and photo.finding_id in (None, finding.id)
            and photo.inspection_id is None
        ):
            photo.finding_id = finding.id
            session.add(photo)
    _save(session, finding, before, action="corrected", user=user, now=now, device_id=device_id)
    return finding


def _require_staff(user: User) -> None:
    if user.role not in ("inspector", "supervisor"):
        raise Forbidden("Only an inspector verifies corrections.")


def close(
    session: Session,
    finding: Finding,
    *,
    user: User,
    now: datetime,
    note: str = "",
    device_id: str | None = None,
) -> Finding:
    """An inspector verified the correction on site (or found the problem gone)."""
    _require_staff(user)
    if finding.status == "closed":
        raise ServiceError("This finding is already closed.", field="status")
    if finding.status == "withdrawn":
        raise ServiceError(
            "This finding was withdrawn: there is no correction to verify.", field="status"
        )
    before = audit.snapshot(finding)
    finding.status, finding.verified_by, finding.verified_at = "closed", user.id, now
    # The note is the verifier's own record (staff_notes); the description stays as found on site.
    extra = {"note": note.strip()} if note.strip() else None
    _save(
        session,
        finding,
        before,
        action="closed",
        user=user,
        now=now,
        device_id=device_id,
        extra=extra,
    )
    return finding


def reopen(
    session: Session,
    finding: Finding,
    *,
    user: User,
    now: datetime,
    rb: Rulebook,
    note: str = "",
    device_id: str | None = None,
) -> Finding:
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
    _save(
        session,
        finding,
        before,
        action="reopened",
        user=user,
        now=now,
        device_id=device_id,
        extra={"note": note.strip()},
    )
    return finding


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
    by_code = {_field(a, "item_code"): a for a in answers}
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
        result = _field(answer, "result") if answer is not None else None
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
    description = (_field(answer, "note") or "").strip() or finding.description
    action = (_field(answer, "corrective_action") or "").strip() or finding.required_action
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
    _bump(
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
    _bump(
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


def staff_notes(session: Session, finding: Finding) -> list[dict]:
    """The notes staff wrote when verifying or reopening the finding, oldest first, read from its
    audit events: [{"action": "closed" | "reopened", "note", "at", "user_id"}]."""
    events = session.exec(
        select(AuditEvent)
        .where(
            AuditEvent.entity == "finding",
            AuditEvent.entity_id == finding.id,
            AuditEvent.action.in_(("closed", "reopened")),
        )
        .order_by(AuditEvent.id)
    ).all()
    # The moment of the change is the finding's own (its updated_at), as the service's clock set it.
    return [
        {
            "action": e.action,
            "note": e.after["note"],
            "at": datetime.fromisoformat(e.after["updated_at"])
            if e.after.get("updated_at")
            else e.at,
            "user_id": e.user_id,
        }
        for e in events
        if (e.after or {}).get("note")
    ]


STAFF_NOTE_LABELS = {"closed": "Verification note", "reopened": "Why it was reopened"}


def staff_notes_signed(session: Session, finding: Finding) -> list[dict]:
    """staff_notes with what a report prints of each: `label` (as on the finding's page) and `by`,
    the name of who wrote it (None for a note with no user)."""
    notes = staff_notes(session, finding)
    for n in notes:
        user = session.get(User, n["user_id"]) if n["user_id"] else None
        n["label"], n["by"] = STAFF_NOTE_LABELS[n["action"]], user.name if user else None
    return notes


def for_sites(
    session: Session, site_ids, *, statuses=None, limit: int | None = None
) -> list[Finding]:
    query = select(Finding).where(Finding.site_id.in_(list(site_ids)))
    if statuses:
        query = query.where(Finding.status.in_(statuses))
    query = query.order_by(Finding.created_at.desc())
    if limit:
        query = query.limit(limit)
    return list(session.exec(query))
