"""Photo uploads: storing the bytes a device sends by the photo's device-made id, in either order
with the record naming it; finding a photo for whoever may see it; the unclaimed-photo bounds.

The row, its bytes and its thumbnail are written in one transaction: a photo is stored and acknowledged,
or not at all (no orphan files, no row pointing at missing bytes). A PUT is its own idempotency check:
the same id with the same bytes answers 200 and stores nothing (docs/sync-protocol.md).
"""

from __future__ import annotations

import hashlib
import uuid

from sqlalchemy import delete, func
from sqlmodel import Session, select

from inspector import photos as pipeline
from inspector.models import (
    Finding,
    Inspection,
    PartialPhoto,
    Photo,
    PhotoClaim,
    StoredFile,
    User,
)
from inspector.rules import clocks

from . import ServiceError, audit, sites
from .inspections import UUID_RE

ID_TAKEN = "This photo id is already used; the device makes a new one for a new photo."


def find(session: Session, photo_id: str, user: User) -> Photo | None:
    """The stored photo if this user sent it or may see its record's site; else None (404)."""
    photo = session.get(Photo, photo_id)
    if photo is None:
        return None
    if photo.user_id == user.id:
        return photo
    site_id = site_of(session, photo)
    if site_id is not None and sites.can_see_site(session, user, site_id):
        return photo
    return None


def site_of(session: Session, photo: Photo) -> int | None:
    if photo.inspection_id:
        inspection = session.get(Inspection, photo.inspection_id)
        return inspection.site_id if inspection else None
    if photo.finding_id:
        finding = session.get(Finding, photo.finding_id)
        return finding.site_id if finding else None
    return None


def check_id(photo_id: str) -> None:
    if not UUID_RE.match(photo_id or ""):
        raise pipeline.PhotoError(422, "bad_id", "A photo id is a UUID made on the device.")


def already_stored(session: Session, photo_id: str, sha256: str | None, user: User) -> Photo | None:
    """The photo stored under this id when these are its bytes (a resend whose answer was lost), or
    None when nothing is stored under it. Raises 409 id_taken for an id the user may not see (it
    answers as any stored photo does) and 409 different_bytes for other bytes under the user's id."""
    existing = session.get(Photo, photo_id)
    if existing is None:
        return None
    if existing.user_id != user.id and find(session, photo_id, user) is None:
        raise pipeline.PhotoError(409, "id_taken", ID_TAKEN)
    if sha256 is None or sha256.strip().lower() != existing.sha256:
        raise pipeline.PhotoError(
            409, "different_bytes", "A photo with this id is already stored with other bytes."
        )
    return existing


def receive(
    session: Session,
    photo_id: str,
    data: bytes,
    *,
    sha256: str | None,
    content_type: str | None,
    user: User,
    device_id: str | None,
    rb,
    quota: tuple[int, int] | None = None,
    upload: pipeline.Upload | None = None,
) -> tuple[int, Photo]:
    """Store the photo; returns (201 stored | 200 already stored, photo). Raises PhotoError (4xx).
    `upload`: the same bytes with their checks already worked out, before the transaction."""
    check_id(photo_id)
    upload = upload or pipeline.Upload(data, sha256, content_type)
    existing = already_stored(session, photo_id, sha256, user)
    if existing is not None:
        # A resend (its answer was lost): the same bytes are acknowledged again and nothing is
        # stored; bytes damaged on the way are refused, not acknowledged for their header.
        upload.checked()
        return 200, existing
    claim = session.get(PhotoClaim, photo_id)
    # Another user's id answers as a stored photo does, before the body is looked at: nothing
    # about the record, nor whether its photo arrived, leaks (docs/sync-protocol.md).
    if claim is not None and claim.user_id != user.id:
        raise pipeline.PhotoError(409, "id_taken", ID_TAKEN)
    upload.checked()
    sha = sha256.strip().lower()
    if claim is not None:
        if claim.sha256 != sha:
            raise pipeline.PhotoError(
                422,
                "hash_mismatch",
                "These bytes are not the photo the record names (its SHA-256 differs).",
            )
    if claim is None:  # the bytes came before their record: bounded per user until it arrives
        check_quota(session, user, len(data), quota)
    done = upload.processed()
    photo = store_processed(
        session, done, photo_id=photo_id, sha256=sha, user=user, rb=rb, device_id=device_id
    )
    if claim is not None:
        photo.inspection_id, photo.finding_id, photo.item_code = (
            claim.inspection_id,
            claim.finding_id,
            claim.item_code,
        )
        # The device read GPS and time before its canvas dropped EXIF: its values fill what EXIF lacks.
        if photo.taken_at is None and claim.taken_at is not None:
            photo.taken_at, photo.taken_at_source = claim.taken_at, claim.taken_at_source
        if photo.latitude is None:
            photo.latitude, photo.longitude = claim.latitude, claim.longitude
    session.flush()
    owner = None  # a claim from a stop-work order names no inspection or finding
    if claim is not None and claim.inspection_id:
        owner = ("inspection", claim.inspection_id)
    elif claim is not None and claim.finding_id:
        owner = ("finding", claim.finding_id)
    if owner is not None:  # the record's "N of M photos" changed: devices re-pull it
        audit.record(
            session,
            entity=owner[0],
            entity_id=owner[1],
            action="photo",
            user_id=user.id,
            after={"photo_id": photo_id},
            site_id=site_of(session, photo),
            device_id=device_id,
        )
    return 201, photo


def store_processed(
    session: Session,
    done: pipeline.Processed,
    *,
    photo_id: str,
    sha256: str,
    user: User,
    rb,
    device_id: str | None = None,
) -> Photo:
    """The row, its bytes and its thumbnail for a photo the pipeline has checked and processed;
    its capture time is the camera's (EXIF, read as the Village's local time when it has no zone).
    The caller links it to its record and commits."""
    taken_at = pipeline.utc_from_exif(
        done.taken_at, done.taken_at_offset, lambda t: clocks.from_local(t, rb)
    )
    original = StoredFile(data=done.data)
    thumb = StoredFile(data=done.thumb)
    session.add(original)
    session.add(thumb)
    session.flush()
    photo = Photo(
        id=photo_id,
        sha256=sha256,
        content_type=done.content_type,
        width=done.width,
        height=done.height,
        size=len(done.data),
        file_id=original.id,
        thumb_file_id=thumb.id,
        user_id=user.id,
        device_id=device_id,
        taken_at=taken_at,
        taken_at_source="exif" if taken_at else None,
        latitude=done.latitude,
        longitude=done.longitude,
    )
    session.add(photo)
    return photo


def store_after_photo(
    session: Session, data: bytes, declared_type: str | None, *, finding, user, rb
):
    """An office "after" photo for a finding, through the same pipeline and row as a synced photo,
    in the caller's transaction; returns the photo's id. Raises ServiceError naming the field."""
    digest = hashlib.sha256(data).hexdigest()
    try:
        done = pipeline.process(data, pipeline.check_upload(data, digest, declared_type))
    except pipeline.PhotoError as exc:
        raise ServiceError(exc.reason, field="photo") from None
    photo = store_processed(
        session, done, photo_id=str(uuid.uuid4()), sha256=digest, user=user, rb=rb
    )
    photo.finding_id, photo.item_code = finding.id, finding.item_code
    session.flush()
    audit.record(
        session,
        entity="finding",
        entity_id=finding.id,
        action="photo",
        user_id=user.id,
        after={"photo_id": photo.id, "sha256": digest},
        site_id=finding.site_id,
    )
    return photo.id


def _unclaimed():
    """Photos no record names yet (a stop-work order's claim names neither an inspection nor a
    finding, so the claim table is what tells)."""
    return (
        Photo.inspection_id.is_(None),
        Photo.finding_id.is_(None),
        Photo.id.not_in(select(PhotoClaim.photo_id)),
    )


def check_quota(session: Session, user: User, size: int, quota: tuple[int, int] | None) -> None:
    """Refuse (429) a photo whose record has not arrived when the user already has `quota` =
    (photos, bytes) of those on the server: the device keeps it and sends it after its record."""
    if quota is None:
        return
    most, most_bytes = quota
    number, stored = session.exec(
        select(func.count(), func.coalesce(func.sum(Photo.size), 0)).where(
            Photo.user_id == user.id, *_unclaimed()
        )
    ).one()
    # Photos still arriving in byte ranges count as a whole photo each (services/photo_ranges.py).
    partial_number, partial_bytes = session.exec(
        select(func.count(), func.coalesce(func.sum(PartialPhoto.total), 0)).where(
            PartialPhoto.user_id == user.id
        )
    ).one()
    number, stored = number + partial_number, stored + partial_bytes
    if number + 1 > most or stored + size > most_bytes:
        raise pipeline.PhotoError(
            429,
            "too_many_unclaimed",
            f"You have {number} photos ({stored / 1_000_000:.1f} MB) on the server that no record "
            f"names yet; at most {most} photos or {most_bytes // 1_000_000} MB may wait for their "
            "records. Send the records first (sync): the photo stays on the device.",
        )


def expire_unclaimed(session: Session, older_than) -> int:
    """Remove photos (and files) that no record named before `older_than`, and uploads in byte
    ranges started before then and never finished; returns how many photos."""
    session.execute(delete(PartialPhoto).where(PartialPhoto.started_at < older_than))
    rows = session.exec(select(Photo).where(Photo.received_at < older_than, *_unclaimed())).all()
    for photo in rows:
        files = [photo.file_id, photo.thumb_file_id]
        audit.record(
            session,
            entity="photo",
            entity_id=photo.id,
            action="expire",
            user_id=None,
            before={
                "user_id": photo.user_id,
                "sha256": photo.sha256,
                "size": photo.size,
                "received_at": photo.received_at.isoformat(),
            },
        )
        session.delete(photo)
        session.flush()
        for file_id in files:
            stored = session.get(StoredFile, file_id) if file_id else None
            if stored is not None:
                session.delete(stored)
    session.flush()
    return len(rows)


def counts(session: Session, inspection_ids: list[str]) -> dict[str, int]:
    """{inspection id: photos received} in one query."""
    if not inspection_ids:
        return {}
    rows = session.exec(
        select(Photo.inspection_id, func.count())
        .where(Photo.inspection_id.in_(inspection_ids))
        .group_by(Photo.inspection_id)
    )
    return dict(rows.all())
