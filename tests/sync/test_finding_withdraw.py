"""Sync: a correction pushed from one device withdraws the finding its original made in error, and every
device pulls the finding as withdrawn."""

from __future__ import annotations

from inspector.services import findings_raised

from .helpers import inspection_payload, mutation, uid


def push(client, headers, *mutations):
    body = client.post(
        "/api/v1/sync/push",
        json={"device_id": uid(), "mutations": list(mutations)},
        headers=headers,
    ).get_json()
    return body["results"]


def pull(client, headers, since=None):
    return client.get(
        "/api/v1/sync/pull", query_string={"since": since} if since else {}, headers=headers
    ).get_json()


def test_a_pushed_correction_is_pulled_as_a_withdrawn_finding(
    client, people, site_with_permit, device_headers
):
    inspector, permittee = device_headers(people["inspector"]), device_headers(people["permittee"])
    first = uid()
    assert (
        push(
            client,
            inspector,
            mutation(
                "inspection",
                first,
                inspection_payload(site_with_permit, kind="village", fail=("INLET",)),
            ),
        )[0]["status"]
        == "applied"
    )
    fid = findings_raised.finding_id_for(first, "INLET")
    seen = pull(client, permittee)
    (before,) = [c for c in seen["changes"] if c["entity"] == "finding"]
    assert before["id"] == fid and before["data"]["status"] == "open" and before["version"] == 1

    second = uid()
    result = push(
        client,
        inspector,
        mutation(
            "inspection",
            second,
            inspection_payload(
                site_with_permit,
                kind="village",
                replaces_id=first,
                notes="INLET was clean: wrong button",
            ),
        ),
    )[0]
    assert result["status"] == "applied"
    later = pull(client, permittee, since=seen["cursor"])
    (after,) = [c for c in later["changes"] if c["entity"] == "finding"]
    assert after["id"] == fid and after["op"] == "upsert" and after["version"] == 2
    data = after["data"]
    assert data["status"] == "withdrawn" and data["overdue"] is False
    assert data["replaced_by_inspection_id"] == second
    assert data["withdrawn_reason"].startswith(
        "Withdrawn: the inspection that recorded it was corrected on "
    )
    assert data["withdrawn_reason"].endswith("the item now reads pass.")
    site = next(c for c in later["changes"] if c["entity"] == "site")
    assert site["data"]["open_findings"] == 0

    # A correction the permittee's device queued against the open finding no longer applies: a conflict
    # with the server's copy, never a withdrawn finding turned back into a corrected one.
    stale = push(
        client,
        permittee,
        mutation(
            "finding", fid, {"status": "corrected", "corrected_note": "Swept"}, base_version=1
        ),
    )[0]
    assert stale["status"] == "conflict" and stale["server_copy"]["status"] == "withdrawn"
