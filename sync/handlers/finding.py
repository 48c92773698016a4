"""Findings travel both ways: devices pull them, and push a permittee's correction or an inspector's
verification (docs/sync-protocol.md). A stale base version merges when the server changed other fields, and is a
conflict (with the server's copy) when the same fields changed."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import AuditEvent, Finding, Inspection, Photo, PhotoClaim
from inspector.services import (
    Forbidden,
    NotFound,
    finding_notes,
    finding_repairs,
    finding_withdrawal,
    findings,
    inspections,
)

from ..schemas.push import FindingPayload
from ..schemas.records import FindingRecord, PhotoState
from . import Outcome, checked

# The fields each kind of update writes; a concurrent server change to any of them is a conflict.
TOUCHES = {
    "corrected": {"status", "corrected_note", "corrected_at", "corrected_by"},
    "closed": {"status", "verified_by", "verified_at"},
    "reopened": {"status", "due_at", "verified_by", "verified_at"},
}
STAFF = ("inspector", "supervisor")
CORRECTED_NOTE_MAX = 4000  # finding_repairs.mark_corrected refuses a longer note with these words
# Who may make each kind of update, with the words finding_repairs.mark_corrected, close and reopen refuse
# the others with: checked before the finding is read, so a change the sender's role may never
# make is refused (403) whatever its base version, and never stored as a conflict.
MAY = {
    "corrected": (("permittee",), "The permittee reports corrections; inspectors verify them."),
    "closed": (STAFF, "Only an inspector verifies corrections."),
    "reopened": (STAFF, "Only an inspector verifies corrections."),
}


def record(session, finding: Finding, now=None) -> FindingRecord:
    claims = session.exec(select(PhotoClaim).where(PhotoClaim.finding_id == finding.id)).all()
    received = set(session.exec(select(Photo.id).where(Photo.finding_id == finding.id)).all())
    extra = {}
    withdrawal = finding_withdrawal.withdrawal(session, finding)
    if withdrawal is not None:  # recorded in error: why, and which inspection corrected it
        extra = {
            "withdrawn_reason": withdrawal["reason"],
            "withdrawn_at": withdrawal["at"],
            "replaced_by_inspection_id": withdrawal["replacement_id"],
        }
    if finding.status == "reopened":
        reasons = [
            n["note"]
            for n in finding_notes.staff_notes(session, finding)
            if n["action"] == "reopened"
        ]
        extra["reopened_reason"] = reasons[-1] if reasons else None
    if now is not None:
        extra["overdue"] = findings.is_overdue(finding, now)
    found = session.get(Inspection, finding.inspection_id)  # its date is the day found
    return FindingRecord(
        id=finding.id,
        site_id=finding.site_id,
        inspection_id=finding.inspection_id,
        item_code=finding.item_code,
        severity=finding.severity,
        description=finding.description,
        required_action=finding.required_action,
        citation=finding.citation,
        due_at=finding.due_at,
        found_on=found.inspected_on if found else None,
        status=finding.status,
        corrected_note=finding.corrected_note,
        corrected_at=finding.corrected_at,
        verified_at=finding.verified_at,
        photos=[
            PhotoState(id=c.photo_id, sha256=c.sha256, received=c.photo_id in received)
            for c in claims
        ],
        photos_expected=len(claims),
        photos_received=len(received & {c.photo_id for c in claims}),
        version=finding.version,
        no_note=finding.id in finding_notes.no_note_written(session, [finding]),
        **extra,
    )


def changed_since(session, finding: Finding, base_version: int) -> set[str]:
    """Fields the server changed after `base_version`, read from the finding's audit trail."""
    changed: set[str] = set()
    events = session.exec(
        select(AuditEvent).where(AuditEvent.entity == "finding", AuditEvent.entity_id == finding.id)
    ).all()
    for event in events:
        before, after = event.before or {}, event.after or {}
        if event.before is not None and after.get("version", 0) > base_version:
            changed.update(
                k
                for k in after
                if k not in ("version", "updated_at") and before.get(k) != after.get(k)
            )
    return changed


class FindingHandler:
    entity = "finding"

    def apply(self, session, mutation, ctx) -> Outcome:
        if mutation.get("op") != "upsert":
            return Outcome(
                status="rejected",
                reason="Findings are not deleted; close them.",
                errors={"op": "Not allowed."},
            )
        sent = checked(mutation, FindingPayload)
        base = mutation.get("base_version")
        errors = {}
        if base is None:
            errors["base_version"] = "Required: the version of the finding the change started from."
        status = sent.status
        if status not in TOUCHES:
            errors["status"] = "Must be corrected (permittee), closed or reopened (inspector)."
        key = "corrected_note" if status == "corrected" else "note"
        if errors:
            return Outcome(status="rejected", reason="Some fields need attention.", errors=errors)
        roles, refusal = MAY[status]
        if ctx.user.role not in roles:
            raise Forbidden(refusal)
        note = getattr(sent, key) or ""
        try:
            finding = findings.get_visible(session, ctx.user, mutation["entity_id"])
        except NotFound:
            raise
        # Checked as it would apply before it is weighed against the server's version: a change
        # that could never apply is refused, not kept on the conflicts page.
        problems = inspections.photo_problems(sent.photos) if status == "corrected" else {}
        if status == "corrected" and len(note.strip()) > CORRECTED_NOTE_MAX:
            problems[key] = f"At most {CORRECTED_NOTE_MAX} characters."
        if problems:
            raise inspections.Invalid(problems)
        if finding.version != base:
            overlap = changed_since(session, finding, base) & TOUCHES[status]
            if overlap or base > finding.version:
                return Outcome(
                    status="conflict",
                    server_copy=record(session, finding, ctx.now),
                    reason="The finding changed on the server since this device saw it "
                    f"(it is now {finding.status}).",
                    errors={k: "Changed on the server." for k in sorted(overlap) or ["version"]},
                    # the change's own fields (its time is the server's to weigh, not a conflict's;
                    # its photos never reached the server, and stay with the tablet's entry)
                    theirs=sent.model_dump(
                        mode="json", exclude_unset=True, exclude={"corrected_at", "photos"}
                    ),
                )
        if status == "corrected":
            finding_repairs.mark_corrected(
                session,
                finding,
                user=ctx.user,
                note=note,
                now=ctx.now,
                device_id=ctx.device_id,
                corrected_at=sent.corrected_at,
            )
            if sent.photos:
                inspections.claim_checked_photos(
                    session, sent.photos, user=ctx.user, finding_id=finding.id
                )
        elif status == "closed":
            finding_repairs.close(
                session, finding, user=ctx.user, now=ctx.now, note=note, device_id=ctx.device_id
            )
        else:
            finding_repairs.reopen(
                session,
                finding,
                user=ctx.user,
                now=ctx.now,
                rb=ctx.rb,
                note=note,
                device_id=ctx.device_id,
            )
        session.flush()
        return Outcome(
            status="applied", version=finding.version, data=record(session, finding, ctx.now)
        )

    def serialize(self, session, entity_id, user) -> FindingRecord | None:
        try:
            finding = findings.get_visible(session, user, entity_id)
        except NotFound:
            return None
        from inspector.services import clock

        return record(session, finding, clock.now())
