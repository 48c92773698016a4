"""A device token ends with the person's sessions: signing out (everywhere), a password change and a
disabled account revoke every device the person enrolled, in the same transaction, so the token gets
the protocol's 401 on every API route at once; enabling the account again brings no token back. A
device enrolled after signing in again works. Each revocation is in the audit trail."""

import re

from sqlmodel import select

from inspector.models import AuditEvent, Device

from ..conftest import PASSWORD

NEW_PASSWORD = "gravel drive at dusk"
ANY_ID = "0b7c6a38-0d3e-4c38-9a53-4a6c1f7f5e20"
PUBLIC = {"sync_api.openapi_json", "sync_api.csrf_token"}


def signed_in(app, user, password=PASSWORD):
    client = app.test_client()
    assert (
        client.post("/login", data={"email": user.email, "password": password}).status_code == 302
    )
    return client


def enrolled(client, name="Truck 3 tablet"):
    """Enroll a device on the devices page, as a person does; its bearer headers."""
    page = client.post("/devices/", data={"name": name}).get_data(as_text=True)
    token = re.search(r'id="device-token"[^>]*>([^<]+)<', page).group(1)
    return {"Authorization": f"Bearer {token}"}


def api_calls(app):
    """(method, path) for every route of the sync API that needs a caller, from the app's own map,
    so a route added later is checked too."""
    calls = []
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("sync_api.") or rule.endpoint in PUBLIC:
            continue
        path = rule.build({name: ANY_ID for name in rule.arguments})[1]
        calls += [(method, path) for method in sorted(rule.methods - {"OPTIONS"})]
    return calls


def refused_everywhere(app, headers):
    """Every API route answers the token with 401 and the protocol's JSON body."""
    api = app.test_client()
    calls = api_calls(app)
    assert {("POST", "/api/v1/sync/push"), ("GET", "/api/v1/sync/pull")} <= set(calls)
    for method, path in calls:
        response = api.open(path, method=method, headers=headers, json={"mutations": []})
        assert response.status_code == 401, (method, path, response.status_code)
        if method != "HEAD":
            body = response.get_json()
            assert body["error"] == "unauthorized", (method, path, body)
            assert "sign in again" in body["reason"], (method, path, body)
    return True


def works(app, headers):
    api = app.test_client()
    pull = api.get("/api/v1/sync/pull", headers=headers)
    push = api.post("/api/v1/sync/push", headers=headers, json={"mutations": []})
    return pull.status_code == 200 and push.status_code == 200


def revocations(db, device_ids):
    """The audit trail's device revocations of these devices: {device id: event}."""
    events = db.exec(
        select(AuditEvent).where(AuditEvent.entity == "device", AuditEvent.action == "revoke")
    ).all()
    return {e.entity_id: e for e in events if e.entity_id in device_ids}


def devices_of(db, user):
    db.expire_all()
    return db.exec(select(Device).where(Device.user_id == user.id)).all()


def test_signing_out_revokes_every_device_of_the_person_on_every_route(app, db, people):
    me, colleague = people["inspector"], people["permittee"]
    client = signed_in(app, me)
    tablet, phone = enrolled(client, "Truck 3 tablet"), enrolled(client, "Spare tablet")
    theirs = enrolled(signed_in(app, colleague), "Acme tablet")
    assert works(app, tablet) and works(app, phone)

    page = client.post("/logout", follow_redirects=True).get_data(as_text=True)

    assert refused_everywhere(app, tablet) and refused_everywhere(app, phone)
    assert "You are signed out, on this device and every other" in page
    assert "Your 2 enrolled devices can no longer sync" in page
    assert works(app, theirs)  # a colleague's device is not touched
    mine = devices_of(db, me)
    assert all(d.revoked_at is not None and d.revoked_by == me.id for d in mine)
    events = revocations(db, {d.id for d in mine})
    assert set(events) == {d.id for d in mine}
    assert all(e.user_id == me.id and e.after["reason"] == "signed out" for e in events.values())

    # Signing in again and enrolling the tablet anew: the new token works, the old one stays dead.
    again = signed_in(app, me)
    fresh = enrolled(again, "Truck 3 tablet")
    assert works(app, fresh)
    assert refused_everywhere(app, tablet)
    assert "revoked" in again.get("/devices/").get_data(as_text=True)


def test_a_password_change_revokes_the_persons_devices_and_keeps_this_session(app, db, people):
    me = people["permittee"]
    client = signed_in(app, me)
    tablet = enrolled(client)

    wrong = client.post(
        "/account/password",
        data={"current": "not-my-password", "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert wrong.status_code == 400
    assert works(app, tablet)  # a refused change revokes nothing

    changed = client.post(
        "/account/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert changed.status_code == 302

    assert refused_everywhere(app, tablet)
    # The field app's shell shows no messages: the next office page does.
    text = client.get("/sites/").get_data(as_text=True)
    assert "other sessions were signed out" in text
    assert "Your enrolled device can no longer sync" in text
    assert "stop syncing" in client.get("/account/password").get_data(as_text=True)
    (device,) = devices_of(db, me)
    assert device.revoked_by == me.id
    assert revocations(db, {device.id})[device.id].after["reason"] == "password changed"

    # This session goes on and enrolls the tablet anew.
    fresh = enrolled(client)
    assert works(app, fresh)
    assert refused_everywhere(app, tablet)


def test_disabling_an_account_revokes_its_devices_in_the_audit_trail(app, db, people):
    user, boss = people["inspector"], signed_in(app, people["supervisor"])
    tablet = enrolled(signed_in(app, user))
    assert works(app, tablet)

    page = boss.post(f"/users/{user.id}/disable", follow_redirects=True).get_data(as_text=True)

    assert refused_everywhere(app, tablet)
    (device,) = devices_of(db, user)
    assert device.revoked_at is not None and device.revoked_by == people["supervisor"].id
    event = revocations(db, {device.id})[device.id]
    assert event.user_id == people["supervisor"].id and event.after["reason"] == "account disabled"
    assert "every device enrolled by this account was revoked" in page
    assert "revoked" in boss.get("/devices/").get_data(as_text=True)


def test_enabling_an_account_again_brings_no_old_token_back(app, db, people):
    user, boss = people["inspector"], signed_in(app, people["supervisor"])
    lost = enrolled(signed_in(app, user), "Lost tablet")
    assert boss.post(f"/users/{user.id}/disable").status_code == 302
    assert refused_everywhere(app, lost)

    page = boss.post(f"/users/{user.id}/enable", follow_redirects=True).get_data(as_text=True)

    assert refused_everywhere(app, lost)
    assert "can sign in again" in page and "stay revoked" in page
    # The person signs in anew and enrolls a device: that one works.
    fresh = enrolled(signed_in(app, user), "New tablet")
    assert works(app, fresh)
    assert refused_everywhere(app, lost)
