"""Pull: the user's work packet since a server cursor, deletions included; responses match the OpenAPI document."""

from __future__ import annotations

from datetime import datetime

import jsonschema
import pytest

from inspector.models import StopWorkOrder
from inspector.services import permits

from .helpers import inspection_payload, jpeg, mutation, sha, uid


@pytest.fixture
def spec(client):
    return client.get("/api/v1/openapi.json").get_json()


def check(spec, name, body):
    """Validate a real response against a schema of the OpenAPI document (JSON Schema 2020-12)."""
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    jsonschema.Draft202012Validator(schema).validate(body)


def pull(client, headers, since=None, **params):
    query = {"since": since, **params} if since else params
    return client.get("/api/v1/sync/pull", query_string=query, headers=headers)


def test_first_pull_has_catalog_sites_and_a_cursor(
    client, people, site_with_permit, device_headers, spec
):
    headers = device_headers(people["permittee"])
    body = pull(client, headers).get_json()
    check(spec, "PullResponse", body)
    assert body["catalog"]["version"] and body["catalog"]["items"] and body["calculators"]
    assert body["user"] == {
        "id": people["permittee"].id,
        "name": people["permittee"].name,
        "role": "permittee",
        "company": "Acme Earthworks",
        "may": {
            "inspection_kinds": ["weekly", "post_rain"],
            "actions": ["rain_reading", "correct_finding"],
        },
        # None on file: the capture page warns about it.
        "certification": {"type": None, "number": None, "expires_on": None},
    }
    sites = [c for c in body["changes"] if c["entity"] == "site"]
    assert [c["id"] for c in sites] == [str(site_with_permit.id)]
    check(spec, "SitePacket", sites[0]["data"])
    entry = sites[0]["data"]
    assert entry["permit"]["company"] == "Acme Earthworks" and entry["regime"] in (
        "perimeter",
        "basin",
    )
    assert "PERIMETER" in entry["checklist_codes"] or "BASIN" in entry["checklist_codes"]
    # Each due item carries these fields, and the document names the same (the note in parts,
    # which the server's pages use, stays on the server: the note says it all).
    wire = {"kind", "due_at", "state", "label", "citation", "rain_event_id", "note"}
    assert set(spec["components"]["schemas"]["DueItem"]["properties"]) == wire
    assert entry["due"] and all(set(item) == wire for item in entry["due"])
    assert entry["due"][0]["note"]
    # nothing new: same cursor, no changes, no catalog
    again = pull(client, headers, since=body["cursor"]).get_json()
    assert again["changes"] == [] and again["catalog"] is None and again["cursor"] == body["cursor"]


def test_other_companies_sites_never_arrive(client, make, people, site_with_permit, device_headers):
    hidden = make.site(people["supervisor"], name="Rival Yard")
    make.permit(hidden, people["other"].company_id, people["supervisor"])
    body = pull(client, device_headers(people["permittee"])).get_json()
    assert str(hidden.id) not in [c["id"] for c in body["changes"] if c["entity"] == "site"]


def test_second_device_of_the_same_user_pulls_the_inspection(
    client, people, site_with_permit, device_headers, spec
):
    first = device_headers(people["permittee"], "Truck 3 tablet")
    second = device_headers(people["permittee"], "Office tablet")
    cursor = pull(client, second).get_json()["cursor"]
    data = jpeg()
    pid, iid = uid(), uid()
    m = mutation(
        "inspection",
        iid,
        inspection_payload(site_with_permit, fail=("PERIMETER",), photos=[(pid, sha(data))]),
    )
    res = client.post(
        "/api/v1/sync/push", json={"device_id": uid(), "mutations": [m]}, headers=first
    )
    check(spec, "PushResponse", res.get_json())
    put = client.put(
        f"/api/v1/photos/{pid}",
        data=data,
        headers={**first, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )
    check(spec, "PhotoStored", put.get_json())
    body = pull(client, second, since=cursor).get_json()
    check(spec, "PullResponse", body)
    inspections = [c for c in body["changes"] if c["entity"] == "inspection"]
    assert [c["id"] for c in inspections] == [iid]
    assert (
        inspections[0]["data"]["photos_received"] == 1
        and len(inspections[0]["data"]["answers"]) > 0
    )
    site = [c for c in body["changes"] if c["entity"] == "site"][0]["data"]
    assert site["open_findings"] == 1  # the failed item became a finding, and the packet says so
    # another user of the same company does not get this user's inspections
    record = client.get(f"/api/v1/inspections/{iid}", headers=first).get_json()
    check(spec, "InspectionRecord", record)


def test_permit_change_reaches_the_site_packet(client, db, make, people, device_headers):
    site = make.site(people["supervisor"], name="Grain Annex")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    headers = device_headers(people["permittee"])
    cursor = pull(client, headers).get_json()["cursor"]
    permits.set_status(db, permit, "under_review", user_id=people["supervisor"].id)
    db.commit()
    body = pull(client, headers, since=cursor).get_json()
    (change,) = [c for c in body["changes"] if c["entity"] == "site"]
    assert change["op"] == "upsert" and change["data"]["permit"]["status"] == "under_review"
    # a device that had the site and may no longer see it gets a deletion for it
    from sync.handlers import HANDLERS

    assert HANDLERS["site"].serialize(db, str(site.id), people["other"]) is None


def test_pages_follow_the_cursor(client, make, people, device_headers):
    for i in range(5):
        make.site(people["supervisor"], name=f"Lot {i}")
    headers = device_headers(people["inspector"])
    seen, cursor, pages = set(), None, 0
    while True:
        body = pull(client, headers, since=cursor, limit=2).get_json()
        seen.update(c["id"] for c in body["changes"] if c["entity"] == "site")
        cursor, pages = body["cursor"], pages + 1
        if not body["has_more"]:
            break
    assert len(seen) == 5 and pages >= 3


def test_bad_cursor_is_400(client, people, device_headers, spec):
    res = pull(client, device_headers(people["inspector"]), since="yesterday")
    assert res.status_code == 400
    check(spec, "Error", res.get_json())


def test_openapi_document_is_3_1_and_lists_the_routes(spec):
    assert spec["openapi"].startswith("3.1")
    assert {"/sync/push", "/sync/pull", "/photos/{photo_id}", "/csrf"} <= set(spec["paths"])
    for name in spec["components"]["schemas"]:
        jsonschema.Draft202012Validator.check_schema(
            {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
        )


def test_the_packet_says_what_each_role_may_record(
    client, people, site_with_permit, device_headers, spec
):
    """The device offers only what the server accepts: staff every kind and a stop-work order."""
    body = pull(client, device_headers(people["inspector"])).get_json()
    check(spec, "PullResponse", body)
    assert body["user"]["may"] == {
        "inspection_kinds": ["weekly", "post_rain", "village", "follow_up", "complaint"],
        "actions": ["rain_reading", "stop_work", "verify_finding"],
    }


def test_csrf_says_who_is_signed_in_now(app, client, auth, people, spec):
    body = client.get("/api/v1/csrf").get_json()
    check(spec, "CsrfToken", body)
    assert body["user"] is None and body["user_id"] is None and body["csrf_token"] is None
    auth.login(people["permittee"].email)
    body = client.get("/api/v1/csrf").get_json()
    check(spec, "CsrfToken", body)
    who = people["permittee"]
    assert (
        body["user"] == {"id": who.id, "name": who.name, "role": "permittee"}
        and body["user_id"] == who.id
    )


def test_the_packet_writes_a_stop_work_orders_times_as_the_wire_does(
    client, db, people, site_with_permit, device_headers, spec
):
    """The order's status on the device: its times as UTC text with "Z", like every time the
    protocol writes, and the fields the document names."""
    issued, due = datetime(2026, 12, 2, 15, 30), datetime(2026, 12, 13, 6, 0)
    db.add(
        StopWorkOrder(
            id=uid(),
            site_id=site_with_permit.id,
            status="issued",
            grounds=[{"ground": "no_permit", "citation": "§ 256-10A", "reason": "r"}],
            issued_at=issued,
            compliance_due=due,
        )
    )
    db.commit()
    body = pull(client, device_headers(people["permittee"])).get_json()
    (packet,) = [c["data"] for c in body["changes"] if c["entity"] == "site"]
    check(spec, "SitePacket", packet)
    stop = packet["stop_work"]
    assert stop["status"] == "issued" and stop["citation"] == "§ 256-10A"
    assert stop["issued_at"] == "2026-12-02T15:30:00Z"
    assert stop["compliance_due"] == "2026-12-13T06:00:00Z" and stop["posted_at"] is None
    document = spec["components"]["schemas"]["StopWorkStatus"]["properties"]
    assert set(stop) == set(document)
