"""An inspection signed by typing the signer's name ({"typed": name}) is stored, hashed and sealed
like a drawing, and the report page, the public page and the PDF show the name with the words
"Signed by typing the name"; a typed name that is not the signer's is refused in words, that record
alone, nothing of it written."""

from __future__ import annotations

from sqlmodel import func, select

from inspector.documents import pdf as pdf_module
from inspector.models import Inspection
from inspector.services import sealed_records
from tests.documents.test_records import pdf_text
from tests.web.test_public_records import login, token_of, turn

from .helpers import inspection_payload, mutation, uid

TYPED = {"typed": "pat  FIELD"}  # the signer is "Pat Field": case and spaces aside


def as_pat_field(db, user):
    """The permittee signed in is Pat Field, the signer the payloads name."""
    user.name = "Pat Field"
    db.add(user)
    db.commit()
    return user


def push(client, headers, *mutations):
    body = {"device_id": uid(), "mutations": list(mutations)}
    return client.post("/api/v1/sync/push", headers=headers, json=body).get_json()["results"]


def test_a_typed_signature_is_stored_sealed_and_shown_as_typed(
    client, auth, db, people, site_with_permit, device_headers, monkeypatch
):
    headers = device_headers(as_pat_field(db, people["permittee"]))
    inspection_id = uid()
    payload = inspection_payload(site_with_permit, signature=TYPED)
    [result] = push(client, headers, mutation("inspection", inspection_id, payload))
    assert result["status"] == "applied", result
    stored = db.get(Inspection, inspection_id)
    assert stored.signature == TYPED and stored.signed_by_name == "Pat Field"
    sealed = sealed_records.load(db, "inspection", [inspection_id])[inspection_id]
    assert sealed["signature"] == TYPED

    auth.login(people["supervisor"].email)
    page = client.get(f"/inspections/{inspection_id}").text
    assert '<p class="typed-name">pat FIELD</p>' in page
    assert "Signed by typing the name <strong>Pat Field</strong>, 2026-11-30 09:40 CST" in page
    assert 'aria-label="Signature of' not in page  # no empty drawing
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    pdf = client.get(f"/inspections/{inspection_id}.pdf")
    assert pdf.status_code == 200
    text = pdf_text(pdf.data)
    assert "pat FIELD" in text and "Signed by typing the name Pat Field" in text

    login(auth, people["permittee"])
    turn(client, site_with_permit.id, "on")
    auth.logout()
    public = client.get(f"/public/{token_of(db, site_with_permit.id)}").text
    assert '<p class="typed-name">pat FIELD</p>' in public
    assert "Signed by typing the name Pat Field" in public


def test_a_typed_name_not_the_signers_is_refused_and_the_rest_applied(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(as_pat_field(db, people["permittee"]))
    wrong_id, blank_id, good_id = uid(), uid(), uid()
    wrong = inspection_payload(site_with_permit, signature={"typed": "Someone Else"})
    blank = inspection_payload(site_with_permit, signature={"typed": "  "})
    good = inspection_payload(site_with_permit, signature={"typed": "Pat Field"})
    results = push(
        client,
        headers,
        mutation("inspection", wrong_id, wrong),
        mutation("inspection", blank_id, blank),
        mutation("inspection", good_id, good),
    )
    assert [r["status"] for r in results] == ["rejected", "rejected", "applied"], results
    assert results[0]["errors"]["signature"] == (
        "Type your name as it is on your account: Pat Field"
    )
    assert "sign under the certification statement" in results[1]["errors"]["signature"]
    assert db.exec(select(func.count()).select_from(Inspection)).one() == 1
    assert db.get(Inspection, wrong_id) is None and db.get(Inspection, good_id) is not None


def test_a_typed_name_is_the_signed_in_persons_own(
    client, db, people, site_with_permit, device_headers
):
    """A typed name shows no hand: it is a signature only as the act of the person who typed it,
    and the account signed in is what shows who that was. A payload naming Pat Field as the signer,
    with Pat Field typed, sent by another person's account, is refused in that person's name;
    nothing of it is written. A drawing sent the same way is taken, as before."""
    headers = device_headers(people["permittee"])  # not Pat Field
    typed_id, drawn_id = uid(), uid()
    typed = inspection_payload(site_with_permit, signature={"typed": "Pat Field"})
    drawn = inspection_payload(site_with_permit)
    results = push(
        client,
        headers,
        mutation("inspection", typed_id, typed),
        mutation("inspection", drawn_id, drawn),
    )
    assert [r["status"] for r in results] == ["rejected", "applied"], results
    assert results[0]["errors"]["signature"] == (
        f"Type your name as it is on your account: {people['permittee'].name}"
    )
    assert db.get(Inspection, typed_id) is None
