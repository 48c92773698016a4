"""Stored photos: full size and thumbnail, for whoever may see the record's site (or sent the photo)."""

from __future__ import annotations

from flask import Blueprint, abort, g, make_response

from ..db import get_session
from ..models import StoredFile
from ..security import login_required
from ..services.photo_uploads import find

bp = Blueprint("photos", __name__, url_prefix="/photos")


def _send(photo_id: str, thumb: bool):
    session = get_session()
    photo = find(
        session, photo_id, g.user
    )  # None for another company's photo: 404, ids do not leak
    if photo is None:
        abort(404)
    stored = session.get(
        StoredFile, photo.thumb_file_id if thumb and photo.thumb_file_id else photo.file_id
    )
    if stored is None:
        abort(404)
    response = make_response(stored.data)
    response.headers["Content-Type"] = "image/jpeg" if thumb else photo.content_type
    # Photos never change under an id; private: never kept by shared caches.
    response.headers["Cache-Control"] = "private, max-age=86400, immutable"
    return response


@bp.get("/<photo_id>")
@login_required
def full(photo_id: str):
    return _send(photo_id, thumb=False)


@bp.get("/<photo_id>/thumb")
@login_required
def thumb(photo_id: str):
    return _send(photo_id, thumb=True)
