"""Signed inspections: a record without its signature is refused with a plain message
and nothing written; the signature is part of the record's hash and of its seal, so an edited
signature is named by `flask verify`; the report shows the drawing, the statement's words, signer
and time on the Village's clock."""

from __future__ import annotations

import sqlite3

import pytest
from sqlmodel import func, select

from inspector.models import Inspection
from inspector.rules import signatures
from inspector.rules.rulebook import default
from inspector.services import sealed_records

from .helpers import inspection_payload, mutation, seal, signature, uid


def push(client, headers, *mutations):
    return client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={"device_id": uid(), "mutations": list(mutations)},
    )


def count(db) -> int:
    return db.exec(select(func.count()).select_from(Inspection)).one()


@pytest.mark.parametrize(
    "role,kind", [("permittee", "weekly"), ("permittee", "post_rain"), ("inspector", "village")]
)
def test_an_unsigned_inspection_is_refused_with_a_plain_message(
    client, db, people, site_with_permit, device_headers, role, kind
):
    headers = device_headers(people[role])
    unsigned = inspection_payload(
        site_with_permit,
        kind=kind,
        signature=None,
        signature_statement_version=None,
        signed_by_name=None,
        signed_at=None,
    )
    [result] = push(client, headers, mutation("inspection", uid(), unsigned)).get_json()["results"]
    assert result["status"] == "rejected"
    assert result["errors"]["signature"] == signatures.MISSING
    assert "sign under the certification statement" in result["errors"]["signature"]
    assert count(db) == 0


def test_a_follow_up_must_be_signed_too(client, db, people, site_with_permit, device_headers):
    headers = device_headers(people["inspector"])
    unsigned = inspection_payload(site_with_permit, kind="complaint", signature=None)
    [result] = push(client, headers, mutation("inspection", uid(), unsigned)).get_json()["results"]
    assert result["status"] == "rejected" and "signature" in result["errors"]
    assert "follow_up" in default()["certification.required_kinds"]


def test_a_drawing_that_is_not_a_signature_is_refused(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    outside = signature()
    outside["strokes"][0][0] = [900, 10, 0]  # outside its 600 px box
    for bad, why in (
        ({"width": 600, "height": 200, "strokes": []}, signatures.MISSING),
        (outside, "inside the box"),
        ({"width": 600, "height": 200, "strokes": [[[1, 2]]]}, "[x, y, ms]"),
    ):
        payload = inspection_payload(site_with_permit, signature=bad)
        [result] = push(client, headers, mutation("inspection", uid(), payload)).get_json()[
            "results"
        ]
        assert result["status"] == "rejected" and why in result["errors"]["signature"], result
    unknown = inspection_payload(site_with_permit, signature_statement_version="1999.1")
    [result] = push(client, headers, mutation("inspection", uid(), unknown)).get_json()["results"]
    assert "signature_statement_version" in result["errors"]
    assert count(db) == 0


def test_the_signature_is_stored_hashed_and_sealed(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    payload = inspection_payload(site_with_permit)
    other = signature(seed=5)
    moved = seal({**payload, "signature": other})
    assert moved["sha256"] != payload["sha256"]  # the signature is part of the record's hash
    inspection_id = uid()
    [result] = push(client, headers, mutation("inspection", inspection_id, payload)).get_json()[
        "results"
    ]
    assert result["status"] == "applied", result
    stored = db.get(Inspection, inspection_id)
    assert stored.signature == payload["signature"]
    assert stored.signature_statement_version == payload["signature_statement_version"]
    assert stored.signed_by_name == "Pat Field"
    assert stored.signed_at.isoformat() == "2026-11-30T15:40:00"  # at the end of the visit
    sealed = sealed_records.load(db, "inspection", [inspection_id])[inspection_id]
    assert sealed["signature"] == payload["signature"] and sealed["signed_by_name"] == "Pat Field"
    # The same id with another signature is other content: a conflict, not a quiet overwrite.
    [again] = push(client, headers, mutation("inspection", inspection_id, moved)).get_json()[
        "results"
    ]
    assert again["status"] == "conflict"


def test_verify_names_an_inspection_whose_signature_was_edited(
    app, client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    inspection_id = uid()
    payload = inspection_payload(site_with_permit)
    [result] = push(client, headers, mutation("inspection", inspection_id, payload)).get_json()[
        "results"
    ]
    assert result["status"] == "applied"
    runner = app.test_cli_runner()
    assert runner.invoke(args=["verify"]).exit_code == 0
    db.rollback()
    url = app.config["DATABASE_URL"]
    if not url.startswith("sqlite:///"):
        pytest.skip("edits the SQLite file behind the app's back")
    conn = sqlite3.connect(url.removeprefix("sqlite:///"))
    with conn:
        conn.execute(
            "UPDATE inspection SET signed_by_name = 'Someone Else' WHERE id = ?", (inspection_id,)
        )
    conn.close()
    out = runner.invoke(args=["verify"])
    assert out.exit_code == 1
    assert f"FAILED inspection {inspection_id}" in out.output


def test_the_report_shows_the_signature_statement_signer_and_local_time(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    inspection_id = uid()
    payload = inspection_payload(site_with_permit)
    push(client, headers, mutation("inspection", inspection_id, payload))
    auth.login(people["supervisor"].email)
    page = client.get(f"/inspections/{inspection_id}").text
    assert "Certification and signature" in page
    assert 'aria-label="Signature of Pat Field"' in page and '<path d="M20 ' in page
    # The permittee's own inspection: the permittee's statement, in its words.
    words = signatures.statement(default(), payload["signature_statement_version"], "permittee")
    assert words.replace("'", "&#39;") in page
    assert "Signed by <strong>Pat Field</strong>, 2026-11-30 09:40 CST" in page
