"""The marks drawn on photos (inspector/marks.py), read for the pages and documents that show them."""

from __future__ import annotations

from sqlmodel import Session, select

from ..models import PhotoClaim


def of_photos(session: Session, photo_ids) -> dict[str, list]:
    """{photo id: marks} of the photos that carry marks (one query)."""
    ids = list(photo_ids)
    if not ids:
        return {}
    rows = session.exec(
        select(PhotoClaim.photo_id, PhotoClaim.marks).where(PhotoClaim.photo_id.in_(ids))
    )
    return {pid: marks for pid, marks in rows if marks}
