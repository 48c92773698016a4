"""A stop-work order's PDFs say what its printable pages say."""

from __future__ import annotations

from datetime import timedelta

import pytest

from inspector.documents import pdf as pdf_module
from inspector.services import enforcement
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
    enforcement.mark_complied(
        db, order, user=people["supervisor"], note="Inlet re-set", now=lifted_at, rb=rb
    )
    db.commit()
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}/notice").text)
    assert "LIFTED 2027-03-13 19:00 CST — complied with." in page
    pdf = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert "LIFTED 2027-03-13 19:00 CST - complied with." in pdf
    assert pdf.index("LIFTED") < pdf.index("must stop")
