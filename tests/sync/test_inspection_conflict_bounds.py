"""Other content under a submitted inspection's id is a conflict kept for the supervisor only when
that content could be a record (its texts within their limits, its hash right, its answers the
site's): otherwise it is refused with the fields to fix, as a new inspection would be, and nothing
is kept. A kept conflict holds the record's fields, not whatever else the body carried. Before, a
permittee could resend its own inspection's id with notes of megabytes or thousands of extra
keys, push after push, and each copy was stored and shown in full on the conflicts page."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Inspection, SyncConflict
from tests.sync.helpers import inspection_payload, mutation, seal, uid


def push(client, headers, *mutations) -> list[dict]:
    res = client.post("/api/v1/sync/push", headers=headers, json={"mutations": list(mutations)})
    assert res.status_code == 200
    return res.get_json()["results"]


def test_a_changed_copy_that_could_never_be_a_record_is_refused_not_kept(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid = uid()
    (first,) = push(
        client, headers, mutation("inspection", iid, inspection_payload(site_with_permit))
    )
    assert first["status"] == "applied"
    huge = inspection_payload(site_with_permit, notes="x" * 5001)
    (result,) = push(client, headers, mutation("inspection", iid, huge))
    assert result["status"] == "rejected", result
    assert "notes" in result["errors"]
    assert db.exec(select(SyncConflict)).all() == []
    assert db.get(Inspection, iid).notes == ""


def test_a_kept_conflict_holds_the_records_fields_only(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid = uid()
    push(client, headers, mutation("inspection", iid, inspection_payload(site_with_permit)))
    changed = inspection_payload(site_with_permit, notes="edited after sending")
    changed.update({f"filler_{i}": "y" * 100 for i in range(300)})
    (result,) = push(client, headers, mutation("inspection", iid, seal(changed)))
    assert result["status"] == "conflict", result
    conflict = db.exec(select(SyncConflict)).one()
    assert conflict.theirs["notes"] == "edited after sending"
    assert not any(key.startswith("filler") for key in conflict.theirs)


def test_the_same_copy_again_is_still_a_duplicate(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid, payload = uid(), inspection_payload(site_with_permit, photos=[(uid(), "a" * 64)])
    push(client, headers, mutation("inspection", iid, payload))
    (again,) = push(client, headers, mutation("inspection", iid, payload))
    assert again["status"] == "duplicate"
