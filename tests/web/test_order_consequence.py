"""What a stop-work order says follows if it is not complied with: § 256-10B (revoke the permit)
only where a permit was issued; § 256-10C (a cease-and-desist request) where none was, including a
site whose application is still under review. The notice, its PDF and the order page say the same
step the service allows."""

import re
from datetime import timedelta

from inspector.documents import pdf as pdf_module
from inspector.models.base import utcnow
from inspector.services import stop_work_compliance, stop_work_issuing
from tests.support.enforcement import issued_order, record_inspection
from tests.sync.helpers import signature


def _pdf_text(data: bytes) -> str:
    """The text of an uncompressed PDF, its wrapped lines joined with spaces."""
    lines = re.findall(rb"\((.*?)\) Tj", data)
    return " ".join(
        line.decode("latin-1").replace("\\(", "(").replace("\\)", ")") for line in lines
    )


def test_an_order_on_a_site_with_only_an_application_names_the_cease_and_desist_step(
    app, client, auth, db, make, people, monkeypatch
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Pending Lot")
    application = make.permit(site, people["permittee"].company_id, people["supervisor"])
    assert application.status in ("applied", "under_review")
    now = utcnow()
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]
    assert order.permit_id == application.id
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=now,
        rb=rb,
        confirmed=True,
        signature=signature(),
    )
    db.commit()
    assert stop_work_compliance.next_step(db, order, now)["kind"] == "cease_desist"

    auth.login(people["supervisor"].email)
    notice = client.get(f"/orders/{order.id}/notice").text
    assert "may revoke the permit" not in notice
    assert "cease and desist order (§ 256-10C)" in notice
    # The applicant is not a permittee: no permit has been issued to it.
    permittee = notice.split("Permittee</dt>")[1].split("</dd>")[0]
    assert "No permit issued" in permittee and "(applicant: Acme Earthworks)" in permittee
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "may revoke the permit" not in pdf
    assert "cease and desist order (§ 256-10C)" in pdf
    assert "No permit issued - the landowner or land user (applicant: Acme Earthworks)" in pdf


def test_an_order_under_an_issued_permit_names_its_revocation(
    app, client, auth, db, make, people, monkeypatch
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Permitted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow(), notes="Fence down")
    auth.login(people["supervisor"].email)
    notice = client.get(f"/orders/{order.id}/notice").text
    assert "may revoke the permit (§ 256-10B)" in notice
    assert "Acme Earthworks" in notice.split("Permittee</dt>")[1].split("</dd>")[0]
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "may revoke the permit (§ 256-10B)" in pdf


def test_after_the_permit_expired_the_documents_do_not_say_none_was_issued(
    app, client, auth, db, make, people, monkeypatch
):
    """Activity after the permit's last day: § 256-10B has no permit in force to revoke, so the
    next step is the cease-and-desist request; its documents say the permit expired, never that
    no permit was issued, and give the reading the app takes of § 256-10C."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Lapsed Lot")
    today = utcnow().date()
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=today - timedelta(days=200),
    )
    now = utcnow()
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]
    stop_work_issuing.issue(
        db, order, user=people["supervisor"], now=now, rb=rb, confirmed=True, signature=signature()
    )
    # Posted on the site when issued: the ten days run from the posting (§ 256-10A).
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=now, rb=rb)
    db.commit()
    later = order.compliance_due + timedelta(minutes=1)
    assert stop_work_compliance.next_step(db, order, later)["kind"] == "cease_desist"
    stop_work_compliance.request_cease_desist(
        db, order, user=people["supervisor"], details="Grading goes on", now=later, rb=rb
    )
    db.commit()

    auth.login(people["supervisor"].email)
    expired = f"permit {permit.number} expired after {permit.expires_on.isoformat()}"
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    for kind in ("notice", "cease-desist"):
        page = client.get(f"/orders/{order.id}/{kind}").text
        assert "No permit issued" not in page and "No permit has been issued" not in page
        assert expired in page
        pdf = _pdf_text(client.get(f"/orders/{order.id}/{kind}.pdf").data)
        assert "No permit issued" not in pdf and "no permit issued" not in pdf
        assert expired in pdf
        assert "there is no permit left to revoke" in pdf
        assert "there is no permit left to revoke" in page
        assert "cease and desist order" in page and "may revoke the permit" not in page


def test_a_field_posted_order_does_not_claim_to_predate_signing(
    app, client, auth, db, make, people, monkeypatch
):
    """A stop-work order posted from a tablet carries no drawn signature (the field form has none):
    its notice says so, not that it "was stored before records were signed"."""
    import uuid

    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Field Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    order = stop_work_issuing.post_in_field(
        db,
        order_id=str(uuid.uuid4()),
        site=site,
        user=people["inspector"],
        grounds=["plan_not_implemented"],
        posted_at=now - timedelta(minutes=30),
        notes="Silt fence flattened along the creek",
        photo_ids=[],
        now=now,
        rb=rb,
    )
    db.commit()
    auth.login(people["supervisor"].email)
    notice = client.get(f"/orders/{order.id}/notice").text
    assert "stored before records were signed" not in notice
    assert "posted in the field is not signed" in notice
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "made before records were signed" not in pdf
    assert "posted in the field is not signed" in pdf


def test_issuing_an_order_where_no_permit_is_in_force_does_not_speak_of_suspending_one(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Bare Lot")
    _, _, [order] = record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").text
    assert "suspending the permit" not in page and "Issuing suspends the permit" not in page
    assert "stopping all land disturbing activity on the site" in page
    refused = client.post(f"/orders/{order.id}/issue", data={"grounds": ["no_permit"]})
    assert refused.status_code == 400 and "suspends the permit" not in refused.text
    assert "Confirm that you mean to issue this order" in refused.text
