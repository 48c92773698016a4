"""The office finding page's "after" photo: the form names every kind the server takes, and the
photo keeps the camera's capture time (EXIF, the Village's local time), as a synced photo does."""

from __future__ import annotations

import io
from datetime import datetime

import pytest
from sqlmodel import select

from inspector.models import Finding, Photo
from tests.support import camera_files


@pytest.mark.parametrize(
    ("make_file", "name", "mimetype"),
    [
        (camera_files.jpeg_rotated_with_gps, "after.jpg", "image/jpeg"),
        (camera_files.heic_rotated_with_gps, "IMG_0412.HEIC", "image/heic"),
    ],
    ids=["jpeg", "heic"],
)
def test_after_photo_keeps_the_cameras_capture_time(
    client, auth, db, people, synced, make_file, name, mimetype
):
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["permittee"].email)
    form = client.get(f"/findings/{finding.id}").text
    assert '"After" photo (JPEG, PNG, WebP or HEIC)' in form
    assert 'accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"' in form

    done = client.post(
        f"/findings/{finding.id}/corrected",
        data={
            "corrected_note": "Fence re-trenched",
            "photo": (io.BytesIO(make_file()), name, mimetype),
        },
        content_type="multipart/form-data",
    )
    assert done.status_code == 303
    photo = db.exec(select(Photo).where(Photo.finding_id == finding.id)).one()
    # EXIF 2026:11:30 09:15:00 with no zone: Fairwater's time (CST, UTC-6), stored as UTC.
    assert photo.taken_at == datetime(2026, 11, 30, 15, 15)
    assert photo.taken_at_source == "exif"
    assert "Taken 2026-11-30 09:15 CST" in client.get(f"/findings/{finding.id}").text
