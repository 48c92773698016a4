"""A correction reported on a tablet with no signal is dated when it was reported, not when the
signal came back: the street was cleaned at 16:40, before the end of the workday, and the tablet
sent it the next morning. A tablet's clock is not taken beyond what the server can know: never
before the finding's last change, never after the correction arrived."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import select

from inspector.models import Finding
from inspector.rules import clocks
from inspector.rules.rulebook import default
from tests.sync.helpers import inspection_payload, mutation, uid

RB = default()


def open_finding(client, db, people, site, device_headers) -> Finding:
    res = client.post(
        "/api/v1/sync/push",
        headers=device_headers(people["inspector"]),
        json={
            "mutations": [
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(site, fail=("PERIMETER",), kind="village"),
                )
            ]
        },
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    return db.exec(select(Finding)).one()


def correct(app, client, people, finding, device_headers, arrives: datetime, reported: datetime):
    app.config["CLOCK_NOW"] = arrives
    change = {
        "status": "corrected",
        "corrected_note": "Silt fence re-trenched.",
        "corrected_at": reported.isoformat() + "Z",
    }
    body = {"mutations": [mutation("finding", finding.id, change, base_version=finding.version)]}
    res = client.post("/api/v1/sync/push", headers=device_headers(people["permittee"]), json=body)
    assert res.get_json()["results"][0]["status"] == "applied", res.get_json()


def test_a_correction_sent_the_next_morning_is_dated_when_it_was_reported(
    app, client, auth, db, people, site_with_permit, device_headers
):
    finding = open_finding(client, db, people, site_with_permit, device_headers)
    raised = finding.updated_at
    reported = raised + timedelta(hours=2)
    correct(app, client, people, finding, device_headers, raised + timedelta(hours=16), reported)
    db.expire_all()
    assert db.get(Finding, finding.id).corrected_at == reported
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").get_data(as_text=True)
    assert f"{clocks.to_local(reported, RB):%Y-%m-%d %H:%M}" in page


def test_a_tablet_clock_far_off_is_kept_within_what_the_server_knows(
    app, client, db, people, site_with_permit, device_headers
):
    finding = open_finding(client, db, people, site_with_permit, device_headers)
    raised = finding.updated_at
    arrives = raised + timedelta(hours=3)
    correct(app, client, people, finding, device_headers, arrives, raised - timedelta(days=30))
    db.expire_all()
    assert db.get(Finding, finding.id).corrected_at == raised  # not before it was raised


def test_a_tablet_clock_ahead_is_dated_on_arrival(
    app, client, db, people, site_with_permit, device_headers
):
    finding = open_finding(client, db, people, site_with_permit, device_headers)
    arrives = finding.updated_at + timedelta(hours=3)
    correct(app, client, people, finding, device_headers, arrives, arrives + timedelta(days=2))
    db.expire_all()
    assert db.get(Finding, finding.id).corrected_at == arrives
