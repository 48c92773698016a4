"""A stop-work order's PDFs say what its printable pages say: a notice printed after the order was
lifted says so, and a revocation lists apart the grounds found complied with."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import Finding, Inspection
from inspector.models.base import utcnow
from inspector.services import finding_repairs, stop_work_compliance
from tests.documents.test_records import pdf_text
from tests.services.test_enforcement_complied import issued_on_a_failing_inlet, text


@pytest.fixture
def plain_pdfs(monkeypatch):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)


def test_the_notice_pdf_of_a_lifted_order_says_it_was_lifted(
    app, client, auth, db, make, people, plain_pdfs
):
    rb = app.extensions["rulebook"]
    _, _, order, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "Lifted Lot")
    lifted_at = issued_at + timedelta(days=2)
    stop_work_compliance.mark_complied(
        db, order, user=people["supervisor"], note="Inlet re-set", now=lifted_at, rb=rb
    )
    db.commit()
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}/notice").text)
    assert "LIFTED 2027-03-13 19:00 CST — complied with." in page
    pdf = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "LIFTED 2027-03-13 19:00 CST - complied with." in pdf
    assert pdf.index("LIFTED") < pdf.index("must stop")


def test_the_revocation_pdf_lists_apart_a_ground_complied_with_in_time(
    app, client, auth, db, make, people, plain_pdfs
):
    rb = app.extensions["rulebook"]
    site, _, order, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "Half Lot")
    after = stop_work_compliance.compliance_end(order, rb) + timedelta(hours=1)
    assert any(g["rule"] == "overdue_findings" for g in order.grounds)
    # The late repair is made and verified; no inspection has passed INLET since its two failures.
    for f in db.exec(select(Finding).where(Finding.site_id == site.id)).all():
        finding_repairs.mark_corrected(db, f, user=people["permittee"], note="Re-set", now=after)
        finding_repairs.close(db, f, user=people["supervisor"], now=after + timedelta(minutes=5))
    db.commit()
    stop_work_compliance.revoke_permit(
        db,
        order,
        user=people["supervisor"],
        reason="Failed twice",
        now=after + timedelta(minutes=10),
        rb=rb,
    )
    db.commit()
    [cured] = [g["reason"] for g in order.grounds if g.get("complied")]
    [unmet] = [g["reason"] for g in order.grounds if not g.get("complied")]
    auth.login(people["supervisor"].email)
    pdf = pdf_text(client.get(f"/orders/{order.id}/revocation.pdf").data)
    _, _, rest = pdf.partition("was not complied with")
    not_complied, _, apart = rest.partition("Found complied with when this was done")
    assert unmet in not_complied and cured not in not_complied
    assert cured in apart


def test_the_order_pdfs_name_the_order_by_its_day_and_its_issuer_never_by_its_id(
    app, client, auth, db, make, people, plain_pdfs
):
    rb = app.extensions["rulebook"]
    _, _, order, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "Named Lot")
    auth.login(people["supervisor"].email)
    issuer = people["supervisor"].name
    page = text(client.get(f"/orders/{order.id}/notice").text)
    assert "Order issued Thursday March 11, 2027 at 7:00 PM CST" in page
    assert f"Issued 2027-03-11 19:00 CST by {issuer}" in page
    pdf = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "Order issued Thursday March 11, 2027 at 7:00 PM CST" in pdf
    assert f"Issued 2027-03-11 19:00 CST by {issuer}" in pdf
    # The id is in the look-up address only, never shown as the order's name.
    assert pdf.count(order.id) == 1 and f"/orders/{order.id}" in pdf


def test_the_revocation_and_the_request_name_who_made_them(
    app, client, auth, db, make, people, plain_pdfs
):
    from tests.support.enforcement import cease_desist_requested_order

    rb = app.extensions["rulebook"]
    supervisor = people["supervisor"].name
    _, revoked, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "Revoked Lot")[1:]
    revoked_at = stop_work_compliance.compliance_end(revoked, rb) + timedelta(hours=1)
    stop_work_compliance.revoke_permit(
        db, revoked, user=people["supervisor"], reason="Not repaired", now=revoked_at, rb=rb
    )
    db.commit()
    _, requested = cease_desist_requested_order(db, make, people, rb)
    auth.login(people["supervisor"].email)
    for order, kind, words in (
        (revoked, "revocation", f"is revoked as of 2027-03-22 01:00 CDT by {supervisor}, under"),
        (
            requested,
            "cease-desist",
            f"From: {supervisor}, Village of Fairwater, Building and Zoning",
        ),
    ):
        page = text(client.get(f"/orders/{order.id}/{kind}").text)
        pdf = pdf_text(client.get(f"/orders/{order.id}/{kind}.pdf").data)
        assert words in page and words in pdf, kind


def test_the_revocation_pdf_says_what_follows_as_its_page_does(
    app, client, auth, db, make, people, plain_pdfs
):
    rb = app.extensions["rulebook"]
    _, _, order, _ = issued_on_a_failing_inlet(db, make, people, rb, "After Lot")
    later = stop_work_compliance.compliance_end(order, rb) + timedelta(hours=1)
    stop_work_compliance.revoke_permit(
        db, order, user=people["supervisor"], reason="Not repaired", now=later, rb=rb
    )
    db.commit()
    auth.login(people["supervisor"].email)
    words = (
        "No land disturbing or land developing activity may continue on this site without a new "
        "permit (§ 256-8A). The Village or the Zoning Board of Appeals may retract the revocation "
        "(§ 256-10D)."
    )
    assert words in text(client.get(f"/orders/{order.id}/revocation").text)
    assert words in pdf_text(client.get(f"/orders/{order.id}/revocation.pdf").data)


def test_a_supervisors_notes_are_not_printed_as_the_inspectors(
    app, client, auth, db, make, people, plain_pdfs
):
    from tests.support.enforcement import issued_order

    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Noted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow(), notes="Silt fence down")
    assert order.source == "supervisor"
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}/notice").text)
    pdf = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    for document in (page, pdf):
        assert "What was found: Silt fence down" in document
        assert "Inspector's notes" not in document


def test_a_retraction_says_which_body_retracted_on_every_document(
    app, client, auth, db, make, people, plain_pdfs
):
    rb = app.extensions["rulebook"]
    _, _, order, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "Appealed Lot")
    stop_work_compliance.retract(
        db,
        order,
        user=people["supervisor"],
        body="zoning_board",
        reason="Appeal granted",
        now=issued_at + timedelta(days=3),
        rb=rb,
    )
    db.commit()
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}/notice").text)
    pdf = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "RETRACTED 2027-03-14 20:00 CDT by the Zoning Board of Appeals" in page
    assert "RETRACTED 2027-03-14 20:00 CDT by the Zoning Board of Appeals: Appeal granted" in pdf


def test_the_cease_and_desist_pdf_lists_the_inspections_on_record_as_its_page_does(
    app, client, auth, db, make, people, plain_pdfs
):
    from tests.support.enforcement import cease_desist_requested_order

    rb = app.extensions["rulebook"]
    _, order = cease_desist_requested_order(db, make, people, rb)
    assert order.evidence["inspections"]
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}/cease-desist").text)
    pdf = pdf_text(client.get(f"/orders/{order.id}/cease-desist.pdf").data)
    [inspection] = [db.get(Inspection, i) for i in order.evidence["inspections"]]
    listed = (
        f"Inspections on record: {inspection.inspected_on.isoformat()} "
        f"({inspection.inspector_name})"
    )
    assert listed in page and listed in pdf
