"""A finding's repair: the permittee reports the corrective action done (open or reopened ->
corrected), and an inspector verifies it (closed) or finds it did not hold (reopened, with a new due
time from now).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from ..models import Finding, Photo, User
from ..rules.rulebook import Rulebook
from . import Forbidden, NotFound, ServiceError, audit
from .findings import NEEDS_REPAIR, bump, packet_changed
from .findings_raised import due_for

# Said by the server and, before sending, by the office form (data-missing): one source of the words.
NOTE_MISSING = "Say what was done to correct it."


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
    bump(
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
