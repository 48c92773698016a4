"""A session ends on the server: a cookie copied before sign-out, a password change or a disabled
account opens nothing afterwards, in any server process (checked against the database)."""

import re

from sqlmodel import select

from inspector.models import Device

from ..conftest import PASSWORD

NEW_PASSWORD = "gravel drive at dusk"


def signed_in(app, user, password=PASSWORD):
    client = app.test_client()
    assert (
        client.post("/login", data={"email": user.email, "password": password}).status_code == 302
    )
    return client


def stolen(app, client):
    """Another browser holding a copy of `client`'s session cookie, taken now."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    assert thief.get("/sites/").status_code == 200
    return thief


def locked_out(client) -> bool:
    page = client.get("/sites/")
    api = client.get("/api/v1/sync/pull")
    return (
        page.status_code == 302
        and page.headers["Location"].startswith("/login")
        and api.status_code == 401
    )


def test_a_cookie_copied_before_sign_out_opens_nothing_after_it(app, people):
    client = signed_in(app, people["inspector"])
    copy = stolen(app, client)
    assert client.post("/logout").status_code == 302
    assert locked_out(copy)
    assert locked_out(client)


def test_signing_out_ends_the_sessions_on_other_devices_too(app, people):
    tablet, desk = signed_in(app, people["inspector"]), signed_in(app, people["inspector"])
    desk.post("/logout")
    assert locked_out(tablet)
    # Signing in again works, and a colleague's session was never touched.
    assert signed_in(app, people["inspector"]).get("/sites/").status_code == 200


def test_changing_the_password_ends_every_other_session_but_keeps_this_one(app, people):
    client = signed_in(app, people["inspector"])
    copy = stolen(app, client)
    response = client.post(
        "/account/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert response.status_code == 302
    page = client.get("/sites/")
    assert page.status_code == 200 and "other sessions were signed out" in page.get_data(
        as_text=True
    )
    assert locked_out(copy)
    fresh = app.test_client()
    assert (
        fresh.post(
            "/login", data={"email": people["inspector"].email, "password": PASSWORD}
        ).status_code
        == 400
    )
    signed_in(app, people["inspector"], NEW_PASSWORD)


def test_a_password_change_needs_the_current_password_and_a_good_new_one(app, people):
    client = signed_in(app, people["permittee"])
    copy = stolen(app, client)
    wrong = client.post(
        "/account/password",
        data={"current": "not-my-password", "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
    )
    assert wrong.status_code == 400 and "current password is wrong" in wrong.get_data(as_text=True)
    weak = client.post(
        "/account/password",
        data={"current": PASSWORD, "password": "password12345", "confirm": "password12345"},
    )
    assert weak.status_code == 400 and "commonly used" in weak.get_data(as_text=True)
    typo = client.post(
        "/account/password",
        data={"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD + "x"},
    )
    assert typo.status_code == 400 and "do not match" in typo.get_data(as_text=True)
    assert copy.get("/sites/").status_code == 200  # nothing changed
    assert (
        app.test_client()
        .post("/login", data={"email": people["permittee"].email, "password": PASSWORD})
        .status_code
        == 302
    )


def test_a_supervisor_disabling_an_account_ends_its_sessions_and_device_tokens(app, db, people):
    user = people["permittee"]
    client = signed_in(app, user)
    enroll = client.post("/devices/", data={"name": "Crew tablet"}).get_data(as_text=True)
    token = re.search(r'id="device-token"[^>]*>([^<]+)<', enroll).group(1)
    bearer = {"Authorization": f"Bearer {token}"}
    assert client.get("/api/v1/sync/pull", headers=bearer).status_code == 200
    boss = signed_in(app, people["supervisor"])
    response = boss.post(f"/users/{user.id}/disable")
    assert response.status_code == 302
    assert "disabled" in boss.get("/users/").get_data(as_text=True)
    assert locked_out(client)
    assert app.test_client().get("/api/v1/sync/pull", headers=bearer).status_code == 401
    refused = app.test_client().post("/login", data={"email": user.email, "password": PASSWORD})
    assert refused.status_code == 400 and "E-mail or password is wrong." in refused.get_data(
        as_text=True
    )
    # Enabled again: the person signs in anew (the old cookie stays dead); the device token, revoked
    # with the disabling, stays dead too.
    assert boss.post(f"/users/{user.id}/enable").status_code == 302
    assert locked_out(client)
    assert signed_in(app, user).get("/sites/").status_code == 200
    assert app.test_client().get("/api/v1/sync/pull", headers=bearer).status_code == 401


def test_only_a_supervisor_disables_and_never_their_own_account(app, people):
    inspector = signed_in(app, people["inspector"])
    assert inspector.post(f"/users/{people['permittee'].id}/disable").status_code == 403
    boss = signed_in(app, people["supervisor"])
    refused = boss.post(f"/users/{people['supervisor'].id}/disable", follow_redirects=True)
    assert "cannot disable your own account" in refused.get_data(as_text=True)
    assert boss.get("/sites/").status_code == 200
    assert boss.post("/users/99999/disable").status_code == 404


def test_revoking_a_device_stops_its_token_at_once_on_every_api_route(app, db, people):
    owner = signed_in(app, people["inspector"])
    enroll = owner.post("/devices/", data={"name": "Truck 3 tablet"}).get_data(as_text=True)
    bearer = {
        "Authorization": "Bearer " + re.search(r'id="device-token"[^>]*>([^<]+)<', enroll).group(1)
    }
    device = db.exec(select(Device)).one()
    api = app.test_client()
    assert api.get("/api/v1/sync/pull", headers=bearer).status_code == 200
    assert owner.post(f"/devices/{device.id}/revoke").status_code == 302
    assert api.get("/api/v1/sync/pull", headers=bearer).status_code == 401
    assert api.post("/api/v1/sync/push", json={"mutations": []}, headers=bearer).status_code == 401
    assert (
        api.put(
            "/api/v1/photos/0b7c6a38-0d3e-4c38-9a53-4a6c1f7f5e20", data=b"x", headers=bearer
        ).status_code
        == 401
    )
    assert (
        api.get(
            "/api/v1/inspections/0b7c6a38-0d3e-4c38-9a53-4a6c1f7f5e20", headers=bearer
        ).status_code
        == 401
    )


def test_supervisors_find_users_and_everyone_finds_the_password_page_in_the_menu(app, people):
    boss = signed_in(app, people["supervisor"]).get("/sites/").get_data(as_text=True)
    assert 'href="/users/"' in boss and 'href="/account/password"' in boss
    permittee = signed_in(app, people["permittee"]).get("/sites/").get_data(as_text=True)
    assert 'href="/users/"' not in permittee and 'href="/account/password"' in permittee
