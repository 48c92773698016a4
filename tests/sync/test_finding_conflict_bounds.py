"""A finding change is checked as it would be applied (its note's length, its photos) before it is
weighed against the server's version: a change that could never apply is refused with the words it
would get when applied, and never kept on the supervisor's conflicts page. A conflict keeps the
change's own fields, not whatever else the body carried (any permittee with a finding in view could
otherwise store 50 conflicts of megabytes each per push, shown in full on that page)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models import Finding, SyncConflict
from inspector.services import clock, finding_repairs
from tests.sync.helpers import inspection_payload, mutation, sha, uid


def push(client, headers, changes) -> list[dict]:
    body = {"mutations": [mutation("finding", fid, c, base_version=b) for fid, c, b in changes]}
    res = client.post("/api/v1/sync/push", headers=headers, json=body)
    assert res.status_code == 200
    return res.get_json()["results"]


@pytest.fixture
def corrected(client, db, people, site_with_permit, device_headers):
    """A Village inspection's finding the permittee corrected on the web: at version 2."""
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
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Fence re-trenched", now=clock.now()
    )
    db.commit()
    return finding


def photos(n: int) -> list[dict]:
    return [{"id": uid(), "sha256": sha(str(i).encode())} for i in range(n)]


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"corrected_note": "x" * 4001}, "corrected_note", "At most 4000 characters."),
        ({"corrected_note": "ok", "photos": photos(101)}, "photos", "at most 100 photos"),
    ],
)
@pytest.mark.parametrize("base", [1, 9])
def test_a_change_that_could_never_apply_is_refused_not_kept_as_a_conflict(
    client, auth, db, people, device_headers, corrected, change, field, words, base
):
    tablet = device_headers(people["permittee"])
    results = push(client, tablet, [(corrected.id, {"status": "corrected", **change}, base)] * 1)
    (result,) = results
    assert result["status"] == "rejected" and result["code"] == 422, result
    assert words in result["errors"][field]
    assert db.exec(select(SyncConflict)).all() == []


def test_a_conflict_keeps_the_changes_own_fields_only(
    client, auth, db, people, device_headers, corrected
):
    tablet = device_headers(people["permittee"])
    change = {
        "status": "corrected",
        "corrected_note": "Fence re-trenched again",
        "photo_ids": [],  # the field app sends it beside `photos`
        **{f"filler_{i}": "y" * 100 for i in range(300)},
    }
    (result,) = push(client, tablet, [(corrected.id, change, 1)])
    assert result["status"] == "conflict" and "status" in result["errors"]
    (conflict,) = db.exec(select(SyncConflict)).all()
    assert conflict.theirs == {"status": "corrected", "corrected_note": "Fence re-trenched again"}
    auth.login(people["supervisor"].email)
    page = client.get("/conflicts/").get_data(as_text=True)
    assert "Fence re-trenched again" in page and "filler" not in page.lower()


def test_a_conflicting_correction_with_a_photo_is_kept_as_a_conflict(
    client, auth, db, people, device_headers, corrected
):
    """The field app's correction carries its photo's time: storing the conflict failed on it (500),
    so the tablet heard nothing but "the server had a problem" and sent it again and again."""
    tablet = device_headers(people["permittee"])
    photo = {
        "id": uid(),
        "item_code": None,
        "sha256": sha(b"after"),
        "taken_at": "2026-05-04T14:30:00Z",
        "taken_at_source": "exif",
        "latitude": 43.1,
        "longitude": -89.4,
    }
    change = {"status": "corrected", "corrected_note": "Fence re-trenched again", "photos": [photo]}
    (result,) = push(client, tablet, [(corrected.id, change, 1)])
    assert result["status"] == "conflict", result
    (conflict,) = db.exec(select(SyncConflict)).all()
    assert conflict.theirs == {"status": "corrected", "corrected_note": "Fence re-trenched again"}
