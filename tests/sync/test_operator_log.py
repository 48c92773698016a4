"""What an operator reads in the log: one line per sign-in attempt (who, from where, how many failures
so far) and per push or pull (who, which device, how many records with what outcome), never a
password, a token or a record's content."""

from __future__ import annotations

import logging

from tests.conftest import PASSWORD

from .helpers import inspection_payload, mutation, uid


def lines(caplog, name: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == name]


def test_each_sign_in_attempt_leaves_one_line_saying_who_and_how_often_it_failed(
    client, auth, people, caplog
):
    caplog.set_level(logging.INFO, logger="fairwater")
    email = people["inspector"].email
    auth.login(email, "not-the-password-1")
    auth.login(email, "not-the-password-2")
    auth.login(email)
    signin = lines(caplog, "fairwater.signin")
    assert len(signin) == 3, signin
    assert signin[0].startswith(f"sign-in failed: '{email}' from 127.0.0.1")
    assert signin[0].endswith(
        "(failures within 15 minutes: 1 for this e-mail, 1 from this address)"
    )
    assert signin[1].endswith(
        "(failures within 15 minutes: 2 for this e-mail, 2 from this address)"
    )
    assert (
        signin[2] == f"sign-in: '{email}' (user {people['inspector'].id}, inspector) from 127.0.0.1"
    )
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "not-the-password" not in logged and PASSWORD not in logged


def test_a_locked_sign_in_is_logged_as_refused(app, client, auth, people, caplog):
    caplog.set_level(logging.INFO, logger="fairwater")
    email = people["permittee"].email
    for _ in range(app.config["LOGIN_MAX_FAILURES"] + 1):
        auth.login(email, "not-the-password")
    assert lines(caplog, "fairwater.signin")[-1].startswith("sign-in refused, locked until ")


def test_each_push_and_pull_leaves_one_line_with_the_device_and_the_counts(
    client, people, site_with_permit, device_headers, caplog
):
    caplog.set_level(logging.INFO, logger="fairwater")
    headers = device_headers(people["permittee"], name="Truck 3 tablet")
    header_token = headers["Authorization"].split()[1]
    good = mutation(
        "inspection", uid(), inspection_payload(site_with_permit, notes="Silt fence ok")
    )
    bad = mutation("inspection", uid(), inspection_payload(site_with_permit, inspected_on="soon"))
    body = {"device_id": uid(), "mutations": [good, bad]}
    assert client.post("/api/v1/sync/push", json=body, headers=headers).status_code == 200
    assert client.post("/api/v1/sync/push", json=body, headers=headers).status_code == 200
    assert client.get("/api/v1/sync/pull", headers=headers).status_code == 200
    sync = lines(caplog, "fairwater.sync")
    who = f"user {people['permittee'].id} (permittee) on device 'Truck 3 tablet'"
    assert len(sync) == 3, sync
    assert sync[0].startswith(f"push from {who}") and sync[0].endswith(
        ": 2 records: 1 applied, 1 rejected"
    )
    assert sync[1].endswith(": 2 records: 1 duplicate, 1 rejected")
    assert sync[2].startswith(f"pull by {who}") and " changes" in sync[2]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert header_token not in logged and "Silt fence ok" not in logged


def test_a_refused_device_token_is_logged_without_the_token(client, caplog):
    caplog.set_level(logging.INFO, logger="fairwater")
    response = client.get("/api/v1/sync/pull", headers={"Authorization": "Bearer no-such-token"})
    assert response.status_code == 401
    (line,) = lines(caplog, "fairwater.sync")
    assert "unknown or revoked device token" in line and "no-such-token" not in line
