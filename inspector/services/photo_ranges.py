"""Photos sent in byte ranges (`Content-Range: bytes a-b/total`): each range is appended to the
user's partial upload of that photo id; the last one hands the whole bytes to photo_uploads.receive,
so a photo sent in ranges is checked, stripped and stored exactly as one sent whole.

A range that does not start where the bytes so far end is refused with how many the server has
(`received`), and nothing is written: the device resumes from there. A partial upload counts
against the user's unclaimed-photo bounds and is expired with the unclaimed photos.
"""

from __future__ import annotations

import re

from sqlalchemy import delete
from sqlmodel import Session

from inspector import photos as pipeline
from inspector.models import PartialPhoto, Photo, PhotoClaim, User

from . import photo_uploads

RANGE_RE = re.compile(r"^\s*bytes\s+(\d+)-(\d+)/(\d+)\s*$")
SHA_RE = re.compile(r"^[0-9a-f]{64}$")


class RangeError(pipeline.PhotoError):
    """A refused range; `received` is how many bytes of the photo the server holds."""

    def __init__(self, status: int, error: str, reason: str, received: int):
        super().__init__(status, error, reason)
        self.received = received


def parse(header: str, length: int) -> tuple[int, int]:
    """(start, total) of a Content-Range whose span is the body's length; PhotoError (422) else."""
    match = RANGE_RE.match(header or "")
    if match:
        first, last, total = map(int, match.groups())
        if first <= last < total and last - first + 1 == length:
            return first, total
    raise pipeline.PhotoError(
        422,
        "bad_range",
        "Content-Range must be 'bytes first-last/total' and span exactly the bytes sent.",
    )


def received(session: Session, photo_id: str, user: User) -> int | None:
    """Bytes held of this user's unfinished upload of the photo; None when there is none."""
    partial = session.get(PartialPhoto, photo_id)
    if partial is None or partial.user_id != user.id:
        return None
    return len(partial.data)


def receive_range(
    session: Session,
    photo_id: str,
    chunk: bytes,
    content_range: str,
    *,
    sha256: str | None,
    content_type: str | None,
    user: User,
    device_id: str | None,
    rb,
    quota: tuple[int, int] | None = None,
) -> tuple[int, Photo | None, int]:
    """Append a range: (202, None, received) while bytes are missing; when complete, what
    photo_uploads.receive answers (201 | 200, photo, total). Raises PhotoError / RangeError."""
    photo_uploads.check_id(photo_id)
    start, total = parse(content_range, len(chunk))
    if total > pipeline.MAX_BYTES:
        raise pipeline.PhotoError(
            413,
            "too_large",
            f"The photo is {total // (1024 * 1024)} MB; at most "
            f"{pipeline.MAX_BYTES // (1024 * 1024)} MB is accepted.",
        )
    sha = (sha256 or "").strip().lower()
    if not SHA_RE.match(sha):
        raise pipeline.PhotoError(
            422,
            "hash_missing",
            "Send the SHA-256 of the whole photo in the X-Content-SHA256 header.",
        )
    existing = photo_uploads.already_stored(session, photo_id, sha, user)
    if existing is not None:
        return 200, existing, total  # all of it arrived before (its answer was lost)
    claim = session.get(PhotoClaim, photo_id)
    partial = session.get(PartialPhoto, photo_id)
    if (claim is not None and claim.user_id != user.id) or (
        partial is not None and partial.user_id != user.id
    ):
        raise pipeline.PhotoError(409, "id_taken", photo_uploads.ID_TAKEN)
    held = len(partial.data) if partial is not None else 0
    if partial is not None and (partial.sha256 != sha or partial.total != total):
        raise RangeError(
            409,
            "different_bytes",
            "An upload of this photo id with other bytes is under way.",
            held,
        )
    if start != held:
        raise RangeError(
            416,
            "range_mismatch",
            f"The server holds the first {held} bytes of this photo; send from byte {held}.",
            held,
        )
    if partial is None:
        if claim is None:  # bounded as a whole photo without its record
            photo_uploads.check_quota(session, user, total, quota)
        partial = PartialPhoto(
            photo_id=photo_id, user_id=user.id, sha256=sha, total=total, data=b""
        )
    data = partial.data + chunk
    if len(data) < total:
        partial.data = data
        session.add(partial)
        session.flush()
        return 202, None, len(data)
    if session.get(PartialPhoto, photo_id) is not None:
        session.delete(partial)
        session.flush()
    try:
        status, photo = photo_uploads.receive(
            session,
            photo_id,
            data,
            sha256=sha,
            content_type=content_type,
            user=user,
            device_id=device_id,
            rb=rb,
            quota=quota,
        )
    except pipeline.PhotoError as exc:
        # Refused whole (damaged, not an image, too many pixels): resending the last range cannot
        # help; the caller drops the partial upload so the next try starts from byte 0.
        exc.assembled = exc.status in (413, 415, 422)
        raise
    return status, photo, total


def discard(session: Session, photo_id: str, user: User) -> None:
    """Drop the user's partial upload (its assembled bytes were refused: the next try starts over)."""
    session.execute(
        delete(PartialPhoto).where(
            PartialPhoto.photo_id == photo_id, PartialPhoto.user_id == user.id
        )
    )
