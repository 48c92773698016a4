"""A device's last-seen time (shown on the devices page) is kept by every request its token makes,
reads included (docs/layers.md, "Reads and writes")."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Device


def test_a_device_that_only_pulls_is_noted_as_seen(client, db, people, device_headers):
    """A pull is a GET, so its own transaction only reads; the device's last-seen time, the one note
    a read makes, is written in a short transaction of its own (at most once a minute)."""
    headers = device_headers(people["inspector"])
    device = db.exec(select(Device)).one()
    assert device.last_seen_at is None
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200
    db.expire_all()  # written by another transaction than the test's
    seen = db.get(Device, device.id).last_seen_at
    assert seen is not None
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200
    db.expire_all()
    assert db.get(Device, device.id).last_seen_at == seen  # within the minute: no second write
