"""Photo upload: PUT by id with its hash, in either order with the record; clear refusals that store nothing."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image
from sqlmodel import func, select

from inspector.models import Photo, StoredFile

from .helpers import inspection_payload, jpeg, mutation, png, sha, uid


def put(client, headers, photo_id, data, *, digest=None, content_type="image/jpeg"):
    return client.put(
        f"/api/v1/photos/{photo_id}",
        data=data,
        headers={**headers, "Content-Type": content_type, "X-Content-SHA256": digest or sha(data)},
    )


def stored_files(db) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(StoredFile)).one()


def exif_with_gps_and_rotation() -> bytes:
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    exif[0x0110] = "SecretCam 3000"  # camera model: metadata that must not be kept
    gps = exif.get_ifd(0x8825)
    gps.update({1: "N", 2: (43.0, 50.0, 20.0), 3: "W", 4: (88.0, 51.0, 30.0)})
    sub = exif.get_ifd(0x8769)
    sub[0x9003] = "2026:11:30 09:15:00"
    return exif.tobytes()


def test_photo_before_record_then_record_counts_it(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    data = jpeg()
    pid = uid()
    res = put(client, headers, pid, data)
    assert res.status_code == 201, res.get_json()
    assert client.head(f"/api/v1/photos/{pid}", headers=headers).status_code == 200
    assert put(client, headers, pid, data).status_code == 200  # same bytes again: already stored
    iid = uid()
    m = mutation(
        "inspection",
        iid,
        inspection_payload(site_with_permit, photos=[(pid, sha(data)), (uid(), "a" * 64)]),
    )
    result = client.post("/api/v1/sync/push", json={"mutations": [m]}, headers=headers).get_json()[
        "results"
    ][0]
    assert result["status"] == "applied"
    assert (result["photos_received"], result["photos_expected"]) == (1, 2)
    assert db.get(Photo, pid).inspection_id == iid


def test_photo_after_record_links_and_is_counted(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    photos = [jpeg(color=(i * 40, 50, 50)) for i in range(3)]
    ids = [uid() for _ in photos]
    iid = uid()
    m = mutation(
        "inspection",
        iid,
        inspection_payload(site_with_permit, photos=list(zip(ids, map(sha, photos), strict=True))),
    )
    first = client.post("/api/v1/sync/push", json={"mutations": [m]}, headers=headers).get_json()[
        "results"
    ][0]
    assert (first["photos_received"], first["photos_expected"]) == (0, 3)
    assert client.head(f"/api/v1/photos/{ids[0]}", headers=headers).status_code == 404
    for pid, data in zip(ids, photos, strict=True):
        assert put(client, headers, pid, data).status_code == 201
    again = client.post("/api/v1/sync/push", json={"mutations": [m]}, headers=headers).get_json()[
        "results"
    ][0]
    assert again["status"] == "duplicate" and again["photos_received"] == 3
    record = client.get(f"/api/v1/inspections/{iid}", headers=headers).get_json()
    assert record["photos_received"] == 3 and all(p["received"] for p in record["photos"])


def test_pipeline_makes_upright_keeps_gps_and_time_strips_the_rest(
    client, db, people, device_headers
):
    headers = device_headers(people["inspector"])
    data = jpeg(400, 200, exif=exif_with_gps_and_rotation())
    pid = uid()
    body = put(client, headers, pid, data).get_json()
    assert (body["width"], body["height"]) == (200, 400)  # turned upright
    photo = db.get(Photo, pid)
    assert abs(photo.latitude - (43 + 50 / 60 + 20 / 3600)) < 1e-6 and photo.longitude < 0
    assert photo.taken_at is not None and photo.taken_at.hour == 15  # 09:15 Central = 15:15 UTC
    stored = db.get(StoredFile, photo.file_id).data
    assert b"SecretCam" not in stored and b"Exif" not in stored
    with Image.open(io.BytesIO(stored)) as im:
        assert im.size == (200, 400) and not im.getexif()
    with Image.open(io.BytesIO(db.get(StoredFile, photo.thumb_file_id).data)) as thumb:
        assert max(thumb.size) <= 320 and thumb.format == "JPEG"


def test_sideways_camera_photo_is_stored_upright_at_the_tablets_size(
    client, db, people, device_headers
):
    """A 12-MP photo stored sideways (as a desktop upload may be) must be re-encoded to be upright; it is then
    kept at the size the tablets store (long edge at most 2048 px), with its top-left marker where it belongs."""
    headers = device_headers(people["inspector"])
    im = Image.new("RGB", (4000, 3000), (90, 120, 60))
    im.paste((220, 20, 20), (0, 0, 400, 400))  # red block at the stored image's top-left
    exif = Image.Exif()
    exif[0x0112] = 6  # display rotated 90° clockwise
    out = io.BytesIO()
    im.save(out, "JPEG", quality=85, exif=exif.tobytes())
    pid = uid()
    body = put(client, headers, pid, out.getvalue()).get_json()
    assert (body["width"], body["height"]) == (1500, 2000)
    stored = db.get(StoredFile, db.get(Photo, pid).file_id).data
    with Image.open(io.BytesIO(stored)) as upright:
        assert upright.size == (1500, 2000) and not upright.getexif()
        red, green, _ = upright.convert("RGB").getpixel(
            (1450, 50)
        )  # upright, the block is at the top-right
        assert red > 180 and green < 80
        assert upright.convert("RGB").getpixel((50, 50))[0] < 150


def test_oversized_png_is_stored_at_the_tablets_size(client, db, people, device_headers):
    headers = device_headers(people["inspector"])
    out = io.BytesIO()
    Image.new("RGB", (3000, 1000), (10, 200, 30)).save(out, "PNG")
    pid = uid()
    body = put(client, headers, pid, out.getvalue(), content_type="image/png").get_json()
    assert (body["width"], body["height"]) == (2048, 683)


def test_upright_jpeg_is_stored_without_metadata_and_without_recompression(
    client, db, people, device_headers
):
    headers = device_headers(people["inspector"])
    exif = Image.Exif()
    exif[0x0110] = "SecretCam 3000"
    data = jpeg(800, 600, exif=exif.tobytes())
    pid = uid()
    assert put(client, headers, pid, data).status_code == 201
    stored = db.get(StoredFile, db.get(Photo, pid).file_id).data
    assert b"SecretCam" not in stored
    assert stored[-2000:] == data[-2000:]  # the compressed image itself is untouched


def test_refusals_are_clear_and_store_nothing(client, db, people, device_headers):
    headers = device_headers(people["permittee"])
    before = stored_files(db)
    data = jpeg()
    # wrong hash
    res = put(client, headers, uid(), data, digest="0" * 64)
    assert res.status_code == 422 and res.get_json()["error"] == "hash_mismatch"
    # truncated body: the hash of the cut bytes matches, but the image is cut short
    cut = data[: len(data) // 2]
    res = put(client, headers, uid(), cut)
    assert res.status_code == 422 and "cut short" in res.get_json()["reason"]
    # not an image
    res = put(client, headers, uid(), b"%PDF-1.4 not a photo")
    assert res.status_code == 415 and res.get_json()["error"] == "unsupported_type"
    # a PNG sent as a JPEG
    res = put(client, headers, uid(), png(), content_type="image/jpeg")
    assert res.status_code == 415 and "image/png" in res.get_json()["reason"]
    # a 30,000 × 30,000 pixel image (a decompression bomb: tiny file, huge pixels)
    bomb = huge_png(30000, 30000)
    res = put(client, headers, uid(), bomb, content_type="image/png")
    assert res.status_code == 422 and res.get_json()["error"] == "too_many_pixels"
    # too large
    res = put(client, headers, uid(), b"\xff\xd8\xff" + b"0" * (16 * 1024 * 1024))
    assert res.status_code == 413
    assert stored_files(db) == before
    assert db.exec(select(func.count()).select_from(Photo)).one() == 0


def test_a_resend_is_acknowledged_without_a_head_and_stores_nothing(
    client, db, people, device_headers
):
    """The device sends a photo with one PUT: when its first answer was lost, the PUT again is the
    check. The same bytes are acknowledged (200) and nothing is stored twice; bytes damaged on the
    way are refused as such, not acknowledged on the strength of their header."""
    headers = device_headers(people["permittee"])
    data = jpeg()
    pid = uid()
    assert put(client, headers, pid, data).status_code == 201
    files = stored_files(db)
    again = put(client, headers, pid, data)
    assert again.status_code == 200 and again.get_json()["stored"] is True
    assert stored_files(db) == files
    damaged = put(client, headers, pid, data[:-100], digest=sha(data))
    assert damaged.status_code == 422 and damaged.get_json()["error"] == "hash_mismatch"
    assert stored_files(db) == files


def test_same_id_other_bytes_is_409(client, db, people, device_headers):
    headers = device_headers(people["permittee"])
    pid = uid()
    assert put(client, headers, pid, jpeg()).status_code == 201
    res = put(client, headers, pid, jpeg(color=(1, 2, 3)))
    assert res.status_code == 409 and res.get_json()["error"] == "different_bytes"


def test_png_and_webp_are_accepted(client, db, people, device_headers):
    headers = device_headers(people["permittee"])
    assert put(client, headers, uid(), png(), content_type="image/png").status_code == 201
    out = io.BytesIO()
    Image.new("RGB", (50, 40), (200, 10, 10)).save(out, "WEBP")
    res = put(client, headers, uid(), out.getvalue(), content_type="image/webp")
    assert res.status_code == 201 and res.get_json()["content_type"] == "image/webp"


def test_other_users_cannot_see_a_photo(client, db, people, site_with_permit, device_headers):
    mine = device_headers(people["permittee"])
    theirs = device_headers(people["other"])
    pid = uid()
    put(client, mine, pid, jpeg())
    assert client.head(f"/api/v1/photos/{pid}", headers=theirs).status_code == 404
    assert put(client, theirs, pid, jpeg()).status_code == 409


def huge_png(width: int, height: int) -> bytes:
    """A valid PNG header declaring width × height with a tiny compressed body."""

    def chunk(kind, payload):
        return (
            struct.pack(">I", len(payload))
            + kind
            + payload
            + struct.pack(">I", zlib.crc32(kind + payload))
        )

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 1024))
        + chunk(b"IEND", b"")
    )
