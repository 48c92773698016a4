"""A push's parsing and a photo's processing happen before the request's write transaction begins, so
another device's write never waits for them; and the caller is checked again inside that
transaction, so a device revoked (or a person signed out) in the meantime stores nothing."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import Session, func, select

from inspector import photos
from inspector.models import Device, Inspection, Photo, User
from inspector.services import accounts, devices
from sync import validate

from .helpers import inspection_payload, jpeg, mutation, sha, uid

WAIT = 10  # seconds: a bound for the test's threads, never reached when all is well


class Held:
    """Patches `owner.name` so that the request calling it pauses there until let go."""

    def __init__(self, monkeypatch, owner, name):
        self.reached, self.go = threading.Event(), threading.Event()
        real = getattr(owner, name)

        def paused(*args, **kwargs):
            self.reached.set()
            self.go.wait(WAIT)
            return real(*args, **kwargs)

        monkeypatch.setattr(owner, name, paused)


def in_thread(request) -> dict:
    """Run request() in a thread of its own (its own app context and session); the answer lands in
    the returned dict under "response" when it comes."""
    out: dict = {}

    def run():
        out["response"] = request()

    out["thread"] = threading.Thread(target=run, daemon=True)
    out["thread"].start()
    return out


def answered(out):
    out["thread"].join(WAIT)
    assert "response" in out, "the request never answered"
    return out["response"]


def another_device_writes(app, user) -> bool:
    """Whether a write of another request (enrolling a device), on a connection of its own,
    commits within two seconds."""
    done = threading.Event()

    def write():
        with Session(app.extensions["engine"], expire_on_commit=False) as session:
            devices.enroll(session, session.get(User, user.id), "Office laptop")
            session.commit()
        done.set()

    threading.Thread(target=write, daemon=True).start()
    return done.wait(2)


def seen_a_moment_ago(client, headers) -> None:
    """The device's last request was a moment ago (the usual case in a sync: the pull before the
    push), so this request's has no "last seen" of its own to note."""
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200


def put_photo(client, headers, photo_id, data):
    return lambda: client.put(
        f"/api/v1/photos/{photo_id}",
        data=data,
        headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )


def push(client, headers, site):
    body = {"mutations": [mutation("inspection", uid(), inspection_payload(site))]}
    return lambda: client.post("/api/v1/sync/push", json=body, headers=headers)


def count(db, model) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(model)).one()


def test_a_photo_being_processed_holds_up_no_other_writer(
    app, client, db, people, device_headers, monkeypatch
):
    headers = device_headers(people["permittee"])
    seen_a_moment_ago(client, headers)
    held = Held(monkeypatch, photos, "process")
    out = in_thread(put_photo(client, headers, uid(), jpeg()))
    assert held.reached.wait(WAIT)
    try:
        assert another_device_writes(app, people["inspector"]), (
            "another request's write waited for the photo's processing"
        )
    finally:
        held.go.set()
    assert answered(out).status_code == 201
    assert count(db, Photo) == 1


def test_a_push_being_parsed_holds_up_no_other_writer(
    app, client, db, people, site_with_permit, device_headers, monkeypatch
):
    headers = device_headers(people["permittee"])
    seen_a_moment_ago(client, headers)
    held = Held(monkeypatch, validate, "parse")
    out = in_thread(push(client, headers, site_with_permit))
    assert held.reached.wait(WAIT)
    try:
        assert another_device_writes(app, people["inspector"]), (
            "another request's write waited for the push's parsing"
        )
    finally:
        held.go.set()
    response = answered(out)
    assert response.get_json()["results"][0]["status"] == "applied"


@pytest.mark.parametrize("what", ["photo", "push"])
def test_a_device_revoked_while_its_request_is_on_its_way_stores_nothing(
    client, db, people, site_with_permit, device_headers, monkeypatch, what
):
    headers = device_headers(people["permittee"])
    tablet = db.exec(select(Device).where(Device.user_id == people["permittee"].id)).one()
    db.commit()  # the test's own read leaves no write transaction open
    if what == "photo":
        held, request = (
            Held(monkeypatch, photos, "process"),
            put_photo(client, headers, uid(), jpeg()),
        )
    else:
        held, request = (
            Held(monkeypatch, validate, "parse"),
            push(client, headers, site_with_permit),
        )
    out = in_thread(request)
    assert held.reached.wait(WAIT)
    devices.revoke(db, tablet.id, by=people["supervisor"])  # the tablet was reported lost
    db.commit()
    held.go.set()
    response = answered(out)
    assert response.status_code == 401
    assert "sign in again" in response.get_json()["reason"].lower()
    assert count(db, Photo) == 0
    assert count(db, Inspection) == 0


def test_a_person_signed_out_while_their_push_is_on_its_way_stores_nothing(
    client, db, auth, people, site_with_permit, monkeypatch
):
    auth.login(people["permittee"].email)
    held = Held(monkeypatch, validate, "parse")
    out = in_thread(push(client, {}, site_with_permit))
    assert held.reached.wait(WAIT)
    accounts.end_sessions(db, people["permittee"], by=people["permittee"], reason="signed out")
    db.commit()
    held.go.set()
    response = answered(out)
    assert response.status_code == 401
    assert count(db, Inspection) == 0
