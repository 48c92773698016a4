"""One way in: an inspection is checked by the same model whoever sends it, a device's push or a
caller of the service (the demo data, tests), so a wrong type is refused with the same path and the
same words either way (inspector/payloads.py, docs/layers.md)."""

from __future__ import annotations

import pytest

from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections
from sync.handlers import SyncContext, load_all

from .helpers import inspection_payload, mutation, seal, uid

PHOTO = "0f3c2a8e-5b1d-4c7a-9e2f-6a8b1c3d5e7f"


def _wrong_types(site) -> dict[str, dict]:
    base = inspection_payload(site)
    code = base["answers"][0]["item_code"]

    def answer(**fields):
        payload = inspection_payload(site)
        payload["answers"][0].update(fields)
        return seal(payload), code

    def photo(**fields):
        entry = {"id": PHOTO, "sha256": "a" * 64, **fields}
        return seal({**inspection_payload(site), "photos": [entry]})

    return {
        "calculator a string": answer(calculator="a string")[0],
        "measurements a list": answer(measurements=["x"])[0],
        "note a number": answer(note=5)[0],
        "answers an object": seal({**base, "answers": {}}),
        "photos a number": seal({**base, "photos": 5}),
        "photo latitude text": photo(latitude="north"),
        "photo time source unknown": photo(taken_at="2026-11-30T15:10:00Z", taken_at_source="gps"),
        "rain event id text": seal({**base, "rain_event_id": "3"}),
        "statement version a number": seal({**base, "signature_statement_version": 3}),
        "disturbance as 1": seal({**base, "active_disturbance": 1}),
        "started_at a number": seal({**base, "started_at": 1764514800}),
    }


def test_a_wrong_type_is_named_alike_by_the_push_and_by_the_service(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    ctx = SyncContext(user=people["inspector"], device_id="dev-1", now=utcnow(), rb=default())
    for name, payload in _wrong_types(site_with_permit).items():
        body = {"device_id": uid(), "mutations": [mutation("inspection", uid(), payload)]}
        res = client.post("/api/v1/sync/push", json=body, headers=headers)
        pushed = res.get_json()["results"][0]
        assert pushed["status"] == "rejected" and pushed["code"] == 422, (name, pushed)
        with pytest.raises(inspections.Invalid) as refused:
            inspections.apply_submission(db, payload, uid(), ctx)
        assert refused.value.status == 422, name
        assert refused.value.errors == pushed["errors"], name


def test_a_records_photos_of_a_wrong_type_are_named_as_the_push_names_them(
    client, db, people, site_with_permit, device_headers
):
    """A stop-work order's or a correction's photos are claimed by the same service check."""
    order = {
        "site_id": site_with_permit.id,
        "grounds": ["no_permit"],
        "posted_at": "2026-11-30T13:00:00Z",
        "notes": "x",
    }
    for photos in ("all", [{"id": PHOTO, "sha256": 7}], [{"id": PHOTO, "latitude": "north"}]):
        body = {
            "device_id": uid(),
            "mutations": [mutation("stop_work_order", uid(), {**order, "photos": photos})],
        }
        res = client.post(
            "/api/v1/sync/push", json=body, headers=device_headers(people["inspector"])
        )
        pushed = res.get_json()["results"][0]
        assert pushed["status"] == "rejected", pushed
        with pytest.raises(inspections.Invalid) as refused:
            inspections.claim_photos(db, photos, user=people["inspector"])
        assert refused.value.errors == pushed["errors"], photos


def _other_records(site) -> list[tuple[str, str, dict]]:
    """(name, entity, payload) of stop-work orders, findings and rain readings of a wrong type."""
    order = {
        "site_id": site.id,
        "grounds": ["no_permit"],
        "posted_at": "2026-11-30T13:00:00Z",
        "notes": "Mud in the street",
    }
    reading = {"gauge_id": 1, "observed_at": "2026-11-30T13:00:00Z", "amount_in": 0.7}
    return [
        ("order site_id text", "stop_work_order", {**order, "site_id": "1"}),
        ("order grounds text", "stop_work_order", {**order, "grounds": "no_permit"}),
        ("order posted_at a number", "stop_work_order", {**order, "posted_at": 1764514800}),
        ("order posted_at not a time", "stop_work_order", {**order, "posted_at": "noon"}),
        ("order notes a number", "stop_work_order", {**order, "notes": 5}),
        ("order notes null", "stop_work_order", {**order, "notes": None}),
        ("order sha256 a number", "stop_work_order", {**order, "sha256": 5}),
        ("order photos text", "stop_work_order", {**order, "photos": "all"}),
        ("finding status a number", "finding", {"status": 3}),
        ("finding note a list", "finding", {"status": "closed", "note": ["ok"]}),
        ("finding note null", "finding", {"status": "closed", "note": None}),
        ("finding corrected note null", "finding", {"status": "corrected", "corrected_note": None}),
        ("finding photos an object", "finding", {"status": "corrected", "photos": {}}),
        ("reading observed_at a number", "rain_reading", {**reading, "observed_at": 5}),
        ("reading gauge_id text", "rain_reading", {**reading, "gauge_id": "1"}),
        ("reading amount text", "rain_reading", {**reading, "amount_in": "lots"}),
    ]


def test_other_records_of_a_wrong_type_are_named_alike_by_the_push_and_by_their_handler(
    client, db, people, site_with_permit, device_headers
):
    """A stop-work order, a finding or a rain reading applied without the push's checked model
    (sync/handlers `checked`) is checked by the same model: the same paths and words."""
    headers = device_headers(people["inspector"])
    ctx = SyncContext(user=people["inspector"], device_id="dev-1", now=utcnow(), rb=default())
    handlers = load_all()
    for name, entity, payload in _other_records(site_with_permit):
        m = mutation(entity, uid(), payload, base_version=1 if entity == "finding" else None)
        res = client.post(
            "/api/v1/sync/push", json={"device_id": uid(), "mutations": [m]}, headers=headers
        )
        pushed = res.get_json()["results"][0]
        assert pushed["status"] == "rejected" and pushed["code"] == 422, (name, pushed)
        with pytest.raises(inspections.Invalid) as refused:
            handlers[entity].apply(db, {**m, "mutation_id": uid()}, ctx)
        assert refused.value.errors == pushed["errors"], name


def test_the_api_document_says_what_the_handlers_take_for_notes(client):
    """A note is text or left out; the document once allowed null, which every handler refused."""
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    for model, field in (
        ("FindingPayload", "note"),
        ("FindingPayload", "corrected_note"),
        ("StopWorkOrderPayload", "notes"),
    ):
        assert schemas[model]["properties"][field]["type"] == "string", (model, field)
        assert "anyOf" not in schemas[model]["properties"][field], (model, field)
