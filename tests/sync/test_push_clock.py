"""A push is received on the Village's clock (services.clock.now), the same clock every page and
`tick` use: its received time, its "in the future" check and the stop-work evaluation it runs all
take that moment, so a test pinned at 19:30 local sees the app act at 19:30 local."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import select

from inspector.models import AuditEvent, Inspection
from inspector.rules import clocks
from inspector.rules.rulebook import default

from .helpers import inspection_payload, mutation, uid

RB = default()


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def push(client, headers, payload, iid=None):
    body = {"mutations": [mutation("inspection", iid or uid(), payload)]}
    return client.post("/api/v1/sync/push", json=body, headers=headers).get_json()


def test_a_push_is_received_at_the_villages_moment(
    app, client, db, people, site_with_permit, device_headers
):
    pinned = local(2026, 11, 30, 19, 30)  # 01:30 UTC on 12-01
    app.config["CLOCK_NOW"] = pinned
    headers = device_headers(people["inspector"])
    iid = uid()
    result = push(client, headers, inspection_payload(site_with_permit), iid)
    assert result["results"][0]["status"] == "applied", result
    db.expire_all()
    assert db.get(Inspection, iid).received_at == pinned
    events = db.exec(select(AuditEvent).where(AuditEvent.entity_id == iid)).all()
    assert events and {e.at for e in events} == {pinned}


def test_an_inspection_dated_after_the_villages_tomorrow_is_refused(
    app, client, people, site_with_permit, device_headers
):
    """At 19:30 on 11-30 in Fairwater a visit on 12-02 is in the future, whatever the real date."""
    app.config["CLOCK_NOW"] = local(2026, 11, 30, 19, 30)
    headers = device_headers(people["inspector"])
    payload = inspection_payload(
        site_with_permit,
        inspected_on="2026-12-02",
        started_at="2026-12-02T15:00:00Z",
        ended_at="2026-12-02T15:40:00Z",
        signed_at="2026-12-02T15:41:00Z",
    )
    [answer] = push(client, headers, payload)["results"]
    assert answer["status"] == "rejected"
    assert answer["errors"]["inspected_on"] == "Is in the future."
