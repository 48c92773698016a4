"""Photo upload in byte ranges (Content-Range): appended per user and photo id, resumed from what the
server holds, and checked whole at the end exactly as a photo sent in one PUT."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image

from inspector.models import PartialPhoto, Photo, StoredFile
from inspector.models.base import utcnow
from inspector.services import photo_uploads

from .helpers import jpeg, sha, uid
from .test_photos_api import exif_with_gps_and_rotation, stored_files


def put_range(client, headers, pid, data, first, last, *, digest=None):
    return client.put(
        f"/api/v1/photos/{pid}",
        data=data[first : last + 1],
        headers={
            **headers,
            "Content-Type": "image/jpeg",
            "X-Content-SHA256": digest or sha(data),
            "Content-Range": f"bytes {first}-{last}/{len(data)}",
        },
    )


def held(client, headers, pid):
    res = client.head(f"/api/v1/photos/{pid}", headers=headers)
    return res.status_code, res.headers.get("X-Photo-Received")


def thirds(data):
    cut = len(data) // 3
    return [(0, cut - 1), (cut, 2 * cut - 1), (2 * cut, len(data) - 1)]


def test_a_photo_sent_in_ranges_is_stored_as_one_sent_whole(client, db, people, device_headers):
    headers = device_headers(people["inspector"])
    data = jpeg(400, 200, exif=exif_with_gps_and_rotation())
    pid = uid()
    (a, b), (c, d), (e, f) = thirds(data)
    first = put_range(client, headers, pid, data, a, b)
    assert (first.status_code, first.get_json()) == (202, {"received": b + 1})
    assert held(client, headers, pid) == (404, str(b + 1))
    assert put_range(client, headers, pid, data, c, d).get_json() == {"received": d + 1}
    last = put_range(client, headers, pid, data, e, f)
    assert last.status_code == 201, last.get_json()
    assert (last.get_json()["width"], last.get_json()["height"]) == (200, 400)  # turned upright
    photo = db.get(Photo, pid)
    assert photo.sha256 == sha(data) and photo.latitude is not None
    stored = db.get(StoredFile, photo.file_id).data
    assert b"SecretCam" not in stored and b"Exif" not in stored  # stripped as a whole PUT is
    with Image.open(io.BytesIO(stored)) as im:
        assert im.size == (200, 400)
    assert db.get(PartialPhoto, pid) is None
    assert held(client, headers, pid) == (200, None)
    # The last range's answer was lost: sent again, it is acknowledged and nothing is stored.
    files = stored_files(db)
    assert put_range(client, headers, pid, data, e, f).status_code == 200
    assert stored_files(db) == files


def test_a_range_that_leaves_a_gap_or_overlaps_is_refused_with_where_to_resume(
    client, db, people, device_headers
):
    headers = device_headers(people["inspector"])
    data = jpeg()
    pid = uid()
    (a, b), (c, d), (e, f) = thirds(data)
    assert put_range(client, headers, pid, data, a, b).status_code == 202
    for first, last in ((e, f), (a, b), (c - 10, d)):  # a gap, the same range again, an overlap
        res = put_range(client, headers, pid, data, first, last)
        assert res.status_code == 416
        body = res.get_json()
        assert body["error"] == "range_mismatch" and body["received"] == b + 1
        assert f"from byte {b + 1}" in body["reason"]
    db.expire_all()
    assert db.get(PartialPhoto, pid).data == data[: b + 1]  # nothing of the refused ranges kept
    assert put_range(client, headers, pid, data, c, d).status_code == 202
    assert put_range(client, headers, pid, data, e, f).status_code == 201
    bad = client.put(
        f"/api/v1/photos/{uid()}",
        data=data[:10],
        headers={**headers, "X-Content-SHA256": sha(data), "Content-Range": "bytes 0-19/900"},
    )
    assert bad.status_code == 422 and bad.get_json()["error"] == "bad_range"  # 10 bytes, not 20


def test_damaged_ranges_are_refused_whole_and_the_next_try_starts_over(
    client, db, people, device_headers
):
    headers = device_headers(people["inspector"])
    data = jpeg()
    damaged = data[:100] + bytes([data[100] ^ 0xFF]) + data[101:]
    pid = uid()
    (a, b), (c, d), (e, f) = thirds(data)
    files = stored_files(db)
    put_range(client, headers, pid, damaged, a, b, digest=sha(data))
    put_range(client, headers, pid, damaged, c, d, digest=sha(data))
    res = put_range(client, headers, pid, damaged, e, f, digest=sha(data))
    assert res.status_code == 422 and res.get_json()["error"] == "hash_mismatch"
    assert db.get(Photo, pid) is None and stored_files(db) == files
    assert held(client, headers, pid) == (404, None)  # starts from byte 0
    for first, last in thirds(data):
        res = put_range(client, headers, pid, data, first, last)
    assert res.status_code == 201


def test_another_users_photo_id_is_taken_for_ranges_too(client, db, people, device_headers):
    mine, theirs = device_headers(people["inspector"]), device_headers(people["permittee"])
    data = jpeg()
    pid = uid()
    (a, b), (c, d), _ = thirds(data)
    assert put_range(client, headers := mine, pid, data, a, b).status_code == 202
    res = put_range(client, theirs, pid, data, c, d)
    assert res.status_code == 409 and res.get_json()["error"] == "id_taken"
    assert "received" not in res.get_json()  # nothing about another user's upload leaks
    assert held(client, theirs, pid) == (404, None)
    assert held(client, headers, pid) == (404, str(b + 1))


def test_ranges_of_a_photo_without_its_record_count_against_the_unclaimed_bounds(
    app, client, db, people, device_headers
):
    app.config["UNCLAIMED_PHOTOS_PER_USER"] = 1
    headers = device_headers(people["inspector"])
    data = jpeg()
    assert put_range(client, headers, uid(), data, 0, 99).status_code == 202
    res = put_range(client, headers, uid(), data, 0, 99)
    assert res.status_code == 429 and res.get_json()["error"] == "too_many_unclaimed"


def test_an_unfinished_upload_is_removed_by_the_tick_with_the_unclaimed_photos(
    client, db, people, device_headers
):
    headers = device_headers(people["inspector"])
    data, pid = jpeg(), uid()
    assert put_range(client, headers, pid, data, 0, 99).status_code == 202
    photo_uploads.expire_unclaimed(db, utcnow() - timedelta(days=1))
    assert held(client, headers, pid) == (404, "100")  # not old enough yet
    photo_uploads.expire_unclaimed(db, utcnow() + timedelta(days=1))
    db.commit()
    assert held(client, headers, pid) == (404, None)
