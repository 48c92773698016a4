"""What a finding's page and reports read of its notes: what was found (the inspector's note, or the
checklist's words when none was written) and the notes staff wrote when verifying or reopening it.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from ..models import Answer, AuditEvent, Finding, Inspection, User


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
