"""A finding update the sender's role may never make (a permittee closing or reopening, staff
reporting a correction) is refused (403) before its base version is looked at: never a conflict,
never on the supervisor's conflicts page. An allowed update still applies, and still conflicts
when the server changed the same fields."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models import Finding, SyncConflict
from inspector.services import clock, finding_repairs
from tests.sync.helpers import inspection_payload, mutation, uid


def push(client, headers, finding_id, change, base_version) -> dict:
    body = {"mutations": [mutation("finding", finding_id, change, base_version=base_version)]}
    res = client.post("/api/v1/sync/push", headers=headers, json=body)
    assert res.status_code == 200
    return res.get_json()["results"][0]


@pytest.fixture
def corrected(client, db, people, site_with_permit, device_headers):
    """A Village inspection's finding (version 1) the permittee then corrected on the web
    (version 2): a device that saw version 1 is stale."""
    res = client.post(
        "/api/v1/sync/push",
        headers=device_headers(people["inspector"]),
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site_with_permit, fail=("PERIMETER",), kind="village"),
                )
            ]
        },
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    finding = db.exec(select(Finding)).one()
    assert finding.version == 1
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Fence re-trenched", now=clock.now()
    )
    db.commit()
    assert finding.version == 2
    return finding


def conflicts(db) -> list:
    return db.exec(select(SyncConflict)).all()


@pytest.mark.parametrize(
    "change",
    [{"status": "closed", "note": "I close it myself"}, {"status": "reopened", "note": "Again"}],
)
@pytest.mark.parametrize("base", [1, 2, 9])
def test_a_permittee_may_not_close_or_reopen_whatever_its_base_version(
    client, auth, db, people, device_headers, corrected, change, base
):
    acme = device_headers(people["permittee"])
    result = push(client, acme, corrected.id, change, base)
    assert result["status"] == "rejected" and result["code"] == 403
    assert result["reason"] == "Only an inspector verifies corrections."
    assert conflicts(db) == []
    db.expire_all()
    assert (db.get(Finding, corrected.id).status, db.get(Finding, corrected.id).version) == (
        "corrected",
        2,
    )
    auth.login(people["supervisor"].email)
    assert change["note"] not in client.get("/conflicts/").get_data(as_text=True)


def test_staff_may_not_report_a_correction_even_from_a_stale_device(
    client, db, people, device_headers, corrected
):
    office = device_headers(people["inspector"])
    change = {"status": "corrected", "corrected_note": "Done by us"}
    result = push(client, office, corrected.id, change, 1)
    assert result["status"] == "rejected" and result["code"] == 403
    assert result["reason"] == "The permittee reports corrections; inspectors verify them."
    assert conflicts(db) == []


def test_a_permittees_correction_from_a_fresh_device_applies(
    client, db, people, site_with_permit, device_headers
):
    res = client.post(
        "/api/v1/sync/push",
        headers=device_headers(people["inspector"]),
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site_with_permit, fail=("PERIMETER",), kind="village"),
                )
            ]
        },
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    finding = db.exec(select(Finding)).one()
    acme = device_headers(people["permittee"])
    change = {"status": "corrected", "corrected_note": "Fence re-trenched"}
    result = push(client, acme, finding.id, change, finding.version)
    assert result["status"] == "applied" and result["version"] == 2
    assert result["data"]["status"] == "corrected"
    assert conflicts(db) == []


def test_an_allowed_change_to_fields_the_server_changed_is_still_a_conflict(
    client, auth, db, people, device_headers, corrected
):
    # A second device of the permittee, still at version 1, reports its own correction.
    tablet = device_headers(people["permittee"], name="Foreman's phone")
    mine = push(client, tablet, corrected.id, {"status": "corrected", "corrected_note": "x"}, 1)
    assert mine["status"] == "conflict" and "status" in mine["errors"]
    # The inspector's tablet saw version 1 too; closing it conflicts with the correction.
    office = device_headers(people["inspector"])
    theirs = push(client, office, corrected.id, {"status": "closed", "note": "Looks fine"}, 1)
    assert theirs["status"] == "conflict" and "status" in theirs["errors"]
    stored = conflicts(db)
    assert sorted((c.user_id, c.entity_id) for c in stored) == sorted(
        [(people["permittee"].id, corrected.id), (people["inspector"].id, corrected.id)]
    )
    auth.login(people["supervisor"].email)
    assert "Looks fine" in client.get("/conflicts/").get_data(as_text=True)
