"""One way in: an inspection is checked by the same model whoever sends it, a device's push or a
caller of the service (the demo data, tests), so a wrong type is refused with the same path and the
same words either way (inspector/payloads.py, docs/layers.md)."""

from __future__ import annotations

import pytest

from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections
from sync.handlers import SyncContext

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
