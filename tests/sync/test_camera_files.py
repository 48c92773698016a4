"""Photos shaped as real cameras and phones write them (tests/support/camera_files.py), sent to
the server as a device or a desktop upload would: upright, GPS and time kept, no position from a
camera without a fix, HEIC accepted, transparency on white, no metadata left anywhere."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pillow_heif.as_plugin import _LibHeifImageFile
from sqlalchemy import update

from inspector import photos as pipeline
from inspector.models import Photo, PhotoClaim, StoredFile
from inspector.services import sealed_records, seals
from tests.support import camera_files as cf

from .helpers import inspection_payload, mutation, seal, sha, uid
from .test_photos_api import put


def stored(db, pid):
    db.expire_all()
    photo = db.get(Photo, pid)
    return (
        photo,
        db.get(StoredFile, photo.file_id).data,
        db.get(StoredFile, photo.thumb_file_id).data,
    )


def send(client, headers, data, content_type):
    pid = uid()
    res = put(client, headers, pid, data, content_type=content_type)
    assert res.status_code == 201, res.get_json()
    return pid, res.get_json()


@pytest.mark.parametrize(
    ("build", "content_type"),
    [
        (cf.jpeg_rotated_with_gps, "image/jpeg"),
        (cf.webp_rotated_with_gps, "image/webp"),
        (cf.heic_rotated_with_gps, "image/heic"),
    ],
    ids=["jpeg", "webp", "heic"],
)
def test_portrait_photo_is_upright_with_its_gps_and_time_and_nothing_else(
    client, db, people, device_headers, build, content_type
):
    pid, body = send(client, device_headers(people["inspector"]), build(), content_type)
    photo, data, thumb = stored(db, pid)
    assert (photo.width, photo.height) == (320, 480)
    with Image.open(io.BytesIO(data)) as im:
        assert im.size == (320, 480) and not im.getexif()
        top, bottom = cf.top_and_bottom(im)
    assert cf.near(top, cf.RED) and cf.near(bottom, cf.BLUE), "stored sideways or upside down"
    assert abs(photo.latitude - cf.LATITUDE) < 1e-4 and abs(photo.longitude - cf.LONGITUDE) < 1e-4
    assert photo.taken_at is not None and photo.taken_at.hour == 15  # 09:15 Central
    assert cf.leftovers(data) == [] and cf.leftovers(thumb) == []
    with Image.open(io.BytesIO(thumb)) as small:
        assert small.format == "JPEG" and small.size[1] > small.size[0]


def test_heic_is_stored_as_a_jpeg(client, db, people, device_headers):
    pid, body = send(
        client, device_headers(people["inspector"]), cf.heic_rotated_with_gps(), "image/heif"
    )
    photo, data, _ = stored(db, pid)
    assert photo.content_type == body["content_type"] == "image/jpeg"
    assert data.startswith(b"\xff\xd8") and Image.open(io.BytesIO(data)).format == "JPEG"
    assert photo.sha256 == sha(cf.heic_rotated_with_gps())  # the hash of what the device sent


def test_heic_sent_as_jpeg_is_refused_as_a_mismatch(client, people, device_headers):
    res = put(client, device_headers(people["inspector"]), uid(), cf.heic_rotated_with_gps())
    assert res.status_code == 415 and "image/heic" in res.get_json()["reason"]


def test_heic_over_the_pixel_limit_is_refused_before_decoding(
    client, db, people, device_headers, monkeypatch
):
    """The limit is read from the container's header: over it, nothing is decoded or stored."""
    monkeypatch.setattr(pipeline, "MAX_PIXELS_HEIF", 320 * 480 - 1)
    decoded = []
    monkeypatch.setattr(_LibHeifImageFile, "load", lambda self: decoded.append(self))
    res = put(
        client,
        device_headers(people["inspector"]),
        uid(),
        cf.heic_rotated_with_gps(),
        content_type="image/heic",
    )
    body = res.get_json()
    assert res.status_code == 422 and body["error"] == "too_many_pixels"
    assert "Most compatible" in body["reason"] and decoded == []
    assert db.exec(Photo.__table__.select()).all() == []


def test_camera_without_a_fix_writes_0_0_which_is_no_position(client, db, people, device_headers):
    pid, _ = send(client, device_headers(people["inspector"]), cf.jpeg_gps_zero(), "image/jpeg")
    photo, _, _ = stored(db, pid)
    assert photo.latitude is None and photo.longitude is None
    assert photo.taken_at is not None  # the rest of the EXIF still counts


@pytest.mark.parametrize("fmt", ["PNG", "WEBP"])
def test_transparent_areas_are_white_not_black(client, db, people, device_headers, fmt):
    pid, _ = send(
        client, device_headers(people["inspector"]), cf.transparent(fmt), f"image/{fmt.lower()}"
    )
    _, data, thumb = stored(db, pid)
    for blob in (data, thumb):
        with Image.open(io.BytesIO(blob)) as im:
            rgb = im.convert("RGB")
            assert cf.near(rgb.getpixel((3, 3)), (255, 255, 255), 8), "corner not white"
            w, h = rgb.size
            assert cf.near(rgb.getpixel((w // 2, h // 2)), cf.RED)  # the opaque part unchanged


@pytest.mark.parametrize("progressive", [True, False], ids=["progressive", "baseline"])
def test_metadata_after_the_image_data_is_removed_too(
    client, db, people, device_headers, progressive
):
    """EXIF, XMP and maker notes before, between and after the scans (and a preview JPEG appended
    after the end-of-image marker): none of it is stored; the picture itself is untouched."""
    original = cf.jpeg_with_trailing_metadata(progressive)
    assert len(cf.leftovers(original)) == len(cf.FORBIDDEN)
    pid, _ = send(client, device_headers(people["inspector"]), original, "image/jpeg")
    photo, data, _ = stored(db, pid)
    assert cf.leftovers(data) == []
    assert data.endswith(b"\xff\xd9") and data.count(b"\xff\xd8") == 1
    with Image.open(io.BytesIO(data)) as im, Image.open(io.BytesIO(original)) as before:
        assert im.size == (480, 320)
        assert im.convert("RGB").tobytes() == before.convert("RGB").tobytes()
    assert abs(photo.latitude - cf.LATITUDE) < 1e-4  # read before the stripping


def test_a_cut_short_jpeg_is_still_refused(client, db, people, device_headers):
    data = cf.jpeg_with_trailing_metadata(False)
    cut = data[: data.index(b"\xff\xda") + 40]
    res = put(client, device_headers(people["inspector"]), uid(), cut)
    assert res.status_code == 422 and res.get_json()["error"] == "unreadable"


def record_with_photo(site, data, **meta):
    pid = uid()
    payload = inspection_payload(site, photos=[(pid, sha(data))])
    payload["photos"][0].update(meta)
    return pid, seal(payload)


def push(client, headers, payload):
    iid = uid()
    body = {"device_id": uid(), "mutations": [mutation("inspection", iid, payload)]}
    result = client.post("/api/v1/sync/push", json=body, headers=headers).get_json()["results"][0]
    return iid, result


@pytest.mark.parametrize("photo_first", [False, True], ids=["record-first", "photo-first"])
def test_a_time_from_the_files_date_is_flagged_stored_sealed_and_shown(
    client, db, auth, people, site_with_permit, device_headers, photo_first
):
    headers = device_headers(people["inspector"])
    data = cf.transparent("PNG")  # no EXIF: the tablet took the file's date
    pid, payload = record_with_photo(
        site_with_permit, data, taken_at="2026-11-30T15:40:00Z", taken_at_source="file"
    )
    if photo_first:
        put(client, headers, pid, data, content_type="image/png")
    iid, result = push(client, headers, payload)
    assert result["status"] == "applied", result
    if not photo_first:
        put(client, headers, pid, data, content_type="image/png")
    photo, _, _ = stored(db, pid)
    assert (photo.taken_at_source, photo.taken_at.hour) == ("file", 15)
    assert db.get(PhotoClaim, pid).taken_at_source == "file"
    record = sealed_records.load(db, "inspection", [iid])[iid]
    assert record["photos"][0]["taken_at_source"] == "file"

    auth.login(people["supervisor"].email)
    page = client.get(f"/inspections/{iid}").get_data(as_text=True)
    assert "09:40 CST (time from the file, not the camera)" in page

    # Made to say "camera" afterwards: verify names the record.
    db.exec(update(PhotoClaim).where(PhotoClaim.photo_id == pid).values(taken_at_source="exif"))
    db.commit()
    problems = seals.verify(db).problems
    assert problems and iid in str(problems[0])


def test_the_cameras_own_time_wins_over_the_devices_guess(
    client, db, auth, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    data = cf.jpeg_rotated_with_gps()  # EXIF: 09:15 Central, sent as it is (a desktop upload)
    pid, payload = record_with_photo(
        site_with_permit, data, taken_at="2026-12-01T20:00:00Z", taken_at_source="file"
    )
    assert push(client, headers, payload)[1]["status"] == "applied"
    put(client, headers, pid, data)
    photo, _, _ = stored(db, pid)
    assert (photo.taken_at_source, photo.taken_at.day, photo.taken_at.hour) == ("exif", 30, 15)


def test_a_device_position_of_0_0_is_no_position_and_a_bad_source_is_refused(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    data = cf.transparent("PNG")
    pid, payload = record_with_photo(site_with_permit, data, latitude=0, longitude=0)
    assert push(client, headers, payload)[1]["status"] == "applied"
    claim = db.get(PhotoClaim, pid)
    assert (claim.latitude, claim.longitude) == (None, None)
    put(client, headers, pid, data, content_type="image/png")
    photo, _, _ = stored(db, pid)
    assert (photo.latitude, photo.longitude) == (None, None)

    pid, payload = record_with_photo(
        site_with_permit, data, taken_at="2026-11-30T15:40:00Z", taken_at_source="guess"
    )
    result = push(client, headers, payload)[1]
    assert result["status"] == "rejected" and f"photos.{pid}.taken_at_source" in result["errors"]
