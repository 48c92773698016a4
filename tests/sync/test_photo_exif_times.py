"""A camera's capture time is a note on the photo, never a reason to lose it: an EXIF time or UTC
offset no clock can have (an offset of 99,999,999 hours, the year 9999 read as the Village's local
time) failed the upload with a 500, so the device sent the photo again and again and its outbox
never emptied. The photo is stored; a time that cannot be read is left out (the device's own time
fills it when the record names one), an offset past ±14 hours is not an offset."""

from __future__ import annotations

from datetime import datetime

import pytest
from PIL import Image

from inspector.models import Photo

from .helpers import jpeg, sha, uid


def exif(original: str, offset: str | None = None) -> bytes:
    data = Image.Exif()
    sub = data.get_ifd(0x8769)
    sub[0x9003] = original  # DateTimeOriginal
    if offset is not None:
        sub[0x9011] = offset  # OffsetTimeOriginal
    return data.tobytes()


@pytest.mark.parametrize(
    ("original", "offset", "taken_at"),
    [
        ("9999:12:31 23:59:59", None, None),
        ("2026:11:30 09:15:00", "+99999999:00", datetime(2026, 11, 30, 15, 15)),
        ("2026:11:30 09:15:00", "+999999999999:00", datetime(2026, 11, 30, 15, 15)),
        ("2026:11:30 09:15:00", "+05:99999999999", datetime(2026, 11, 30, 15, 15)),
        ("2026:11:30 09:15:00", "+15:00", datetime(2026, 11, 30, 15, 15)),
        ("2026:11:30 09:15:00", "+05:30", datetime(2026, 11, 30, 3, 45)),  # a real offset
        ("2026:11:30 09:15:00", "-06:00", datetime(2026, 11, 30, 15, 15)),
    ],
)
def test_a_photo_with_an_impossible_capture_time_is_stored(
    client, db, people, device_headers, original, offset, taken_at
):
    headers = device_headers(people["permittee"])
    data = jpeg(exif=exif(original, offset))
    pid = uid()
    res = client.put(
        f"/api/v1/photos/{pid}",
        data=data,
        headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )
    assert res.status_code == 201, res.get_data(as_text=True)[:300]
    assert db.get(Photo, pid).taken_at == taken_at
