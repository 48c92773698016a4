"""Upload exhaustion: decoding is bounded per process, photos waiting for their record are bounded
per user and removed by `flask --app app tick` after the configured days; a record that arrives
after its photo was removed counts it missing, so the device sends it again."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import func, select

from inspector import photos as pipeline
from inspector.models import Photo, StoredFile
from inspector.models.base import utcnow

from .helpers import inspection_payload, jpeg, mutation, sha, uid


def put(client, headers, data, photo_id=None):
    return client.put(
        f"/api/v1/photos/{photo_id or uid()}",
        data=data,
        headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )


def count(db, model) -> int:
    db.expire_all()
    n = db.exec(select(func.count()).select_from(model)).one()
    db.rollback()
    return n


def test_when_every_decoding_slot_is_busy_the_upload_is_told_to_come_back(
    app, client, db, people, device_headers, monkeypatch
):
    headers = device_headers(people["permittee"])
    monkeypatch.setattr(pipeline, "SLOT_WAIT_SECONDS", 0.05)
    taken = [
        pipeline._slots.acquire(timeout=1) for _ in range(app.config["PHOTO_PROCESSING_SLOTS"])
    ]
    assert all(taken)
    try:
        res = put(client, headers, jpeg())
        assert res.status_code == 503
        assert res.headers["Retry-After"] == str(pipeline.RETRY_AFTER_SECONDS)
        assert "stays on the device" in res.get_json()["reason"]
        assert count(db, Photo) == 0
    finally:
        for _ in taken:
            pipeline._slots.release()
    assert put(client, headers, jpeg()).status_code == 201


def test_photos_waiting_for_their_record_have_a_per_user_quota(
    app, client, db, people, site_with_permit, device_headers
):
    app.config["UNCLAIMED_PHOTOS_PER_USER"] = 2
    headers = device_headers(people["permittee"])
    assert put(client, headers, jpeg(color=(1, 1, 1))).status_code == 201
    assert put(client, headers, jpeg(color=(2, 2, 2))).status_code == 201
    third = jpeg(color=(3, 3, 3))
    refused = put(client, headers, third)
    assert refused.status_code == 429 and refused.get_json()["error"] == "too_many_unclaimed"
    assert "at most 2 photos" in refused.get_json()["reason"]
    # Another user has a quota of its own, and a photo its record already names is not counted.
    assert put(client, device_headers(people["other"]), third).status_code == 201
    pid = uid()
    res = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site_with_permit, photos=[(pid, sha(third))]),
                )
            ]
        },
    )
    assert res.get_json()["results"][0]["status"] == "applied"
    assert put(client, headers, third, photo_id=pid).status_code == 201


def test_tick_removes_unclaimed_photos_after_the_configured_days_and_keeps_claimed_ones(
    app, client, db, people, site_with_permit, device_headers
):
    app.config["UNCLAIMED_PHOTO_DAYS"] = 3
    headers = device_headers(people["permittee"])
    old_orphan, fresh_orphan, claimed = uid(), uid(), uid()
    claimed_bytes = jpeg(color=(5, 5, 5))
    for pid, data in (
        (old_orphan, jpeg(color=(4, 4, 4))),
        (fresh_orphan, jpeg(color=(6, 6, 6))),
        (claimed, claimed_bytes),
    ):
        assert put(client, headers, data, photo_id=pid).status_code == 201
    res = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site_with_permit, photos=[(claimed, sha(claimed_bytes))]),
                )
            ]
        },
    )
    assert res.get_json()["results"][0]["photos_received"] == 1
    long_ago = utcnow() - timedelta(days=4)
    for pid in (old_orphan, claimed):
        photo = db.get(Photo, pid)
        photo.received_at = long_ago
        db.add(photo)
    db.commit()
    files_before = count(db, StoredFile)
    result = app.test_cli_runner().invoke(args=["tick"])
    assert result.exit_code == 0, result.output
    assert "1 photo(s) removed" in result.output
    db.expire_all()
    assert db.get(Photo, old_orphan) is None
    assert db.get(Photo, fresh_orphan) is not None and db.get(Photo, claimed) is not None
    assert count(db, StoredFile) == files_before - 2  # the photo and its thumbnail


def test_a_record_arriving_after_its_photo_expired_asks_for_the_photo_again(
    app, client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    data = jpeg(color=(7, 7, 7))
    pid = uid()
    assert put(client, headers, data, photo_id=pid).status_code == 201
    photo = db.get(Photo, pid)
    photo.received_at = utcnow() - timedelta(days=app.config["UNCLAIMED_PHOTO_DAYS"] + 1)
    db.add(photo)
    db.commit()
    assert app.test_cli_runner().invoke(args=["tick"]).exit_code == 0
    assert client.head(f"/api/v1/photos/{pid}", headers=headers).status_code == 404
    res = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site_with_permit, photos=[(pid, sha(data))]),
                )
            ]
        },
    )
    result = res.get_json()["results"][0]
    assert result["status"] == "applied"
    assert (result["photos_expected"], result["photos_received"]) == (
        1,
        0,
    )  # the device keeps and re-sends it
    assert put(client, headers, data, photo_id=pid).status_code == 201
