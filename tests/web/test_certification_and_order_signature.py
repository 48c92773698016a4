"""Issue #12: a supervisor records a person's inspector certification on the users page, the
person sees it on /account, and the inspection report says whether it was in force on the day
inspected (the expiry as a Village day); a stop-work order is issued only when the supervisor signs
it, and the signature is shown on the order and its notice and sealed with the decision."""

from __future__ import annotations

import json
import sqlite3
from datetime import date

import pytest
from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import AuditEvent, StopWorkOrder, User
from tests.sync.helpers import signature, signature_field
from tests.web.test_orders import login, permit_status, proposal  # noqa: F401 (fixture)


def certify(client, user, **form):
    return client.post(f"/users/{user.id}/certification", data=form)


def test_a_supervisor_records_a_certification_and_the_person_sees_it(client, auth, db, people):
    inspector = people["inspector"]
    login(auth, people["supervisor"])
    saved = certify(
        client,
        inspector,
        certification_type="WisDOT Erosion Control Certification",
        certification_number="ECC-1234",
        certification_expires_on="2026-11-01",
    )
    assert saved.status_code == 302
    page = client.get("/users/").text
    assert "WisDOT Erosion Control Certification no. ECC-1234, expires November 1, 2026" in page
    assert "Expired" in page
    db.expire_all()
    assert db.get(User, inspector.id).certification_expires_on == date(2026, 11, 1)
    event = db.exec(select(AuditEvent).where(AuditEvent.action == "certification")).one()
    assert event.after["number"] == "ECC-1234" and event.user_id == people["supervisor"].id

    # An expiry without its type is refused in words; nothing changes.
    certify(client, inspector, certification_expires_on="2027-01-01")
    assert "Enter the type of certification." in client.get("/users/").text
    db.expire_all()
    assert db.get(User, inspector.id).certification_number == "ECC-1234"

    login(auth, inspector)
    account = client.get("/account").text
    assert "ECC-1234" in account and "expires November 1, 2026" in account and "Expired" in account
    # Only a supervisor records it.
    assert certify(client, inspector, certification_type="Self-made").status_code == 403


def test_the_report_says_when_no_certification_is_on_file(
    client, auth, db, people, synced, monkeypatch
):
    # (One on file, expired or not, is named in the report's header: test_inspection_report.py.)
    _site, inspection_id, _payload, _photos = synced
    inspector = db.get(User, people["inspector"].id)
    inspector.certification_type = None
    inspector.certification_expires_on = None
    db.add(inspector)
    db.commit()
    login(auth, people["supervisor"])
    page = client.get(f"/inspections/{inspection_id}").text
    assert "Inspector's certification:" in page and "None on file" in page
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    body = client.get(f"/inspections/{inspection_id}.pdf").data
    assert b"Certification and signature" in body and b"Signed by Pat Field" in body
    assert b"Inspector's certification: none on file." in body


def test_an_order_is_issued_only_when_the_supervisor_signs_it(
    app,
    client,
    auth,
    db,
    people,
    proposal,  # noqa: F811
    monkeypatch,
):
    site, order = proposal
    login(auth, people["supervisor"])
    form = client.get(f"/orders/{order.id}").text
    assert 'id="order-signature-pad"' in form and "I certify under penalty of law" in form
    assert 'name="confirm"' in form  # the confirmation stays
    refused = client.post(
        f"/orders/{order.id}/issue", data={"grounds": ["plan_not_implemented"], "confirm": "yes"}
    )
    assert refused.status_code == 400 and "Sign the order" in refused.text
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    assert permit_status(db, site) == "issued"

    done = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": signature_field(),
        },
    )
    assert done.status_code == 303
    db.expire_all()
    issued = db.get(StopWorkOrder, order.id)
    assert issued.issued_signature == signature()
    assert issued.issued_signed_by_name == people["supervisor"].name
    for url in (f"/orders/{order.id}", f"/orders/{order.id}/notice"):
        shown = client.get(url).text
        assert f'aria-label="Signature of {people["supervisor"].name}"' in shown, url
        assert "I certify under penalty of law that I have reviewed the grounds" in shown
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    notice = client.get(f"/orders/{order.id}/notice.pdf").data
    assert f"Signed by {people['supervisor'].name}".encode() in notice

    # The signature is part of the sealed decision: a changed drawing is named by verify.
    runner = app.test_cli_runner()
    named = f"FAILED stop_work_order {order.id}"
    assert named not in runner.invoke(args=["verify"]).output
    url = app.config["DATABASE_URL"]
    if not url.startswith("sqlite:///"):
        pytest.skip("edits the SQLite file behind the app's back")
    db.rollback()
    other = json.dumps(signature(seed=9))
    conn = sqlite3.connect(url.removeprefix("sqlite:///"))
    with conn:
        conn.execute(
            "UPDATE stopworkorder SET issued_signature = ? WHERE id = ?", (other, order.id)
        )
    conn.close()
    out = runner.invoke(args=["verify"])
    assert out.exit_code == 1 and named in out.output
