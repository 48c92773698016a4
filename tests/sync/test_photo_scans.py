"""A JPEG with more scans than a camera writes is refused before it is decoded: repeating an empty
scan costs a few dozen bytes and a decoder's full pass over the image, so a small file held a
processing slot for minutes. The refusal names its reason and stores nothing; ordinary progressive
photos are taken as before."""

from __future__ import annotations

import pytest
from PIL import Image, ImageFile
from sqlmodel import func, select

from inspector.models import Photo, StoredFile
from tests.support import progressive

from .helpers import inspection_payload, mutation, sha, uid
from .test_photos_api import exif_with_gps_and_rotation, put

REPEATS = 300  # far past any camera's 6 to 18 scans; the reviewer's file had 3,000


def count(db, model) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(model)).one()


def no_decoding(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise AssertionError("the photo was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", refuse)


@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
def test_a_jpeg_with_hundreds_of_scans_is_refused_undecoded_and_nothing_is_stored(
    client, db, people, site_with_permit, device_headers, monkeypatch, sideways
):
    headers = device_headers(people["inspector"])
    exif = exif_with_gps_and_rotation() if sideways else None  # the re-encoding path
    bomb = progressive.repeated_scans(REPEATS, progressive.progressive(exif=exif))
    assert len(bomb) < 20_000 and progressive.scan_count(bomb) == REPEATS + 6
    pid = uid()
    payload = inspection_payload(site_with_permit, photos=[(pid, sha(bomb))])
    body = {"mutations": [mutation("inspection", uid(), payload)]}
    applied = client.post("/api/v1/sync/push", json=body, headers=headers).get_json()
    assert applied["results"][0]["status"] == "applied", applied
    photos, files = count(db, Photo), count(db, StoredFile)

    no_decoding(monkeypatch)
    res = put(client, headers, pid, bomb)
    assert res.status_code == 422, res.get_json()
    assert res.get_json()["error"] == "too_many_scans"
    reason = res.get_json()["reason"]
    assert "more than 100 scans" in reason and "cameras and phones write about 10" in reason
    assert (count(db, Photo), count(db, StoredFile)) == (photos, files)
    assert client.head(f"/api/v1/photos/{pid}", headers=headers).status_code == 404


def test_a_progressive_camera_jpeg_is_stored_as_it_came_without_its_metadata(
    client, db, people, device_headers
):
    """Not a new refusal: the limit leaves a camera's progressive file (10 scans) as it was."""
    exif = Image.Exif()
    exif[0x0110] = "SecretCam 3000"
    data = progressive.progressive(800, 600, mode="RGB", exif=exif.tobytes())
    pid = uid()
    res = put(client, device_headers(people["permittee"]), pid, data)
    assert res.status_code == 201, res.get_json()
    db.expire_all()
    stored = db.get(StoredFile, db.get(Photo, pid).file_id).data
    assert b"SecretCam" not in stored
    assert b"\xff\xc2" in stored and progressive.scan_count(stored) == 10  # still progressive
    assert stored[-2000:] == data[-2000:]  # the compressed image untouched


def test_a_jpeg_made_of_a_flood_of_segments_is_refused_before_anything_reads_them(
    client, db, people, device_headers, monkeypatch
):
    """Empty comments cost 4 bytes each: 15 MB of them (3.9 million) held a processing slot for
    7 s of CPU and 300 MB of memory while the image library read their headers one by one."""
    from PIL import JpegImagePlugin

    from inspector import photo_strip

    photo = progressive.progressive()
    flood = photo[:2] + b"\xff\xfe\x00\x02" * (photo_strip.MAX_SEGMENTS + 1) + photo[2:]
    photos, files = count(db, Photo), count(db, StoredFile)

    def unread(self, *args, **kwargs):
        raise AssertionError("the image library read the file's headers")

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "_open", unread)
    headers = device_headers(people["inspector"])
    pid = uid()
    res = put(client, headers, pid, flood)
    assert res.status_code == 422, res.get_json()
    assert res.get_json()["error"] == "too_many_segments"
    reason = res.get_json()["reason"]
    assert "more than 1,000 segments" in reason and "cameras and phones write about 20" in reason
    assert (count(db, Photo), count(db, StoredFile)) == (photos, files)
    assert client.head(f"/api/v1/photos/{pid}", headers=headers).status_code == 404


def test_a_jpeg_with_hundreds_of_comments_is_stored_without_them(
    client, db, people, device_headers
):
    """Under the limit: taken, its comments dropped with the rest of the metadata."""
    photo = progressive.progressive()
    noted = photo[:2] + b"\xff\xfe\x00\x0cNote #1234" * 900 + photo[2:]
    pid = uid()
    res = put(client, device_headers(people["permittee"]), pid, noted)
    assert res.status_code == 201, res.get_json()
    db.expire_all()
    stored = db.get(StoredFile, db.get(Photo, pid).file_id).data
    assert b"Note #1234" not in stored and stored == photo
