"""Pages of the sync feature: devices (enroll, token once, revoke -> 401), photos, conflicts."""

from __future__ import annotations

import re

from sqlmodel import select

from inspector.models import Device, Site, SyncConflict

from ..conftest import PASSWORD
from .helpers import inspection_payload, jpeg, mutation, sha, uid


def enroll(client, auth, email, name="Truck 3 tablet"):
    auth.login(email)
    res = client.post("/devices/", data={"name": name})
    assert res.status_code == 200
    return re.search(r'id="device-token"[^>]*>([^<]+)<', res.get_data(as_text=True)).group(1)


def test_enrolled_token_works_until_a_supervisor_revokes_it(client, auth, db, people):
    token = enroll(client, auth, people["inspector"].email)
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200
    device = db.exec(select(Device)).one()
    assert device.token_hash != token and token not in device.token_hash  # only a hash is stored
    assert token not in client.get("/devices/").get_data(as_text=True)  # shown once
    # The supervisor on another browser: signing the inspector out would revoke the device already.
    boss = client.application.test_client()
    boss.post("/login", data={"email": people["supervisor"].email, "password": PASSWORD})
    page = boss.get("/devices/").get_data(as_text=True)
    assert "Truck 3 tablet" in page and people["inspector"].name in page
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200
    assert boss.post(f"/devices/{device.id}/revoke").status_code == 302
    assert db.get(Device, device.id).revoked_by == people["supervisor"].id
    res = client.get("/api/v1/sync/pull", headers=headers)
    assert res.status_code == 401 and res.get_json()["error"] == "unauthorized"


def test_enroll_needs_a_name_and_others_devices_are_hidden(client, auth, db, people):
    auth.login(people["permittee"].email)
    res = client.post("/devices/", data={"name": "  "})
    assert res.status_code == 400 and "name" in res.get_data(as_text=True).lower()
    auth.logout()
    enroll(client, auth, people["inspector"].email, "Inspector tablet")
    device = db.exec(select(Device)).one()
    auth.logout()
    auth.login(people["permittee"].email)
    assert "Inspector tablet" not in client.get("/devices/").get_data(as_text=True)
    assert client.post(f"/devices/{device.id}/revoke").status_code == 404


def test_photo_pages_check_the_site(client, auth, db, people, site_with_permit, device_headers):
    headers = device_headers(people["permittee"])
    data, pid, iid = jpeg(), uid(), uid()
    m = mutation("inspection", iid, inspection_payload(site_with_permit, photos=[(pid, sha(data))]))
    client.post("/api/v1/sync/push", json={"mutations": [m]}, headers=headers)
    client.put(
        f"/api/v1/photos/{pid}",
        data=data,
        headers={**headers, "X-Content-SHA256": sha(data), "Content-Type": "image/jpeg"},
    )
    auth.login(people["supervisor"].email)
    full = client.get(f"/photos/{pid}")
    assert (
        full.status_code == 200
        and full.data[:3] == b"\xff\xd8\xff"
        and "private" in full.headers["Cache-Control"]
    )
    assert client.get(f"/photos/{pid}/thumb").status_code == 200
    auth.logout()
    auth.login(people["other"].email)
    assert client.get(f"/photos/{pid}").status_code == 404
    assert client.get(f"/photos/{pid}/thumb").status_code == 404


def test_site_edit_conflict_is_listed_and_resolved_by_a_supervisor(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    site_id = str(site_with_permit.id)
    base = site_with_permit.version
    first = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [mutation("site", site_id, {"address": "12 Mill Road"}, base_version=base)]
        },
    ).get_json()["results"][0]
    assert first["status"] == "applied" and first["version"] == base + 1
    # another device started from the old version: a different field merges ...
    merged = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [mutation("site", site_id, {"has_dewatering": True}, base_version=base)]
        },
    ).get_json()["results"][0]
    assert merged["status"] == "applied"
    db.expire_all()
    site = db.get(Site, site_with_permit.id)
    assert site.address == "12 Mill Road" and site.has_dewatering is True
    # ... the same field with another value is a conflict, kept and shown
    clash = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [mutation("site", site_id, {"address": "14 Mill Road"}, base_version=base)]
        },
    ).get_json()["results"][0]
    assert clash["status"] == "conflict" and clash["server_copy"]["address"] == "12 Mill Road"
    assert "address" in clash["errors"]
    db.expire_all()
    assert db.get(Site, site_with_permit.id).address == "12 Mill Road"
    auth.login(people["supervisor"].email)
    page = client.get("/conflicts/").get_data(as_text=True)
    assert "12 Mill Road" in page and "14 Mill Road" in page
    conflict = db.exec(select(SyncConflict)).one()
    assert (
        client.post(f"/conflicts/{conflict.id}/resolve", data={"keep": "device"}).status_code == 302
    )
    db.expire_all()
    assert db.get(Site, site_with_permit.id).address == "14 Mill Road"
    assert db.get(SyncConflict, conflict.id).resolution == "device"
    assert "No unresolved conflicts" in client.get("/conflicts/").get_data(as_text=True)


def test_permittee_cannot_edit_sites_or_resolve(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    result = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [
                mutation("site", str(site_with_permit.id), {"address": "x"}, base_version=1)
            ]
        },
    ).get_json()["results"][0]
    assert result["status"] == "rejected" and result["code"] == 403
    auth.login(people["permittee"].email)
    assert client.post("/conflicts/1/resolve", data={"keep": "server"}).status_code == 403


def test_api_responses_do_not_resend_an_older_session_cookie(client, auth, people):
    """A background pull answered after a page load must not overwrite the page's newer cookie (which holds
    the form's CSRF token): API responses set the cookie only when they change the session."""
    auth.login(people["inspector"].email)
    res = client.get("/api/v1/sync/pull")
    assert res.status_code == 200 and "Set-Cookie" not in res.headers
    page = client.get("/devices/")
    assert page.status_code == 200
