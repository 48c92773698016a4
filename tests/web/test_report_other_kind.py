"""A Village, follow-up or complaint inspection ticks "Other" on the report, as WDNR form
3400-187 does, and says which once: "Other (Village inspection)", not "Other (Other: …)"."""

from __future__ import annotations

from datetime import datetime

from inspector.documents import pdf as pdf_module
from tests.documents.test_records import pdf_text
from tests.services.test_enforcement_complied import text
from tests.support.enforcement import record_inspection


def test_the_report_says_the_other_kind_once(app, client, auth, db, make, people, monkeypatch):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Village Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    inspection, _, _ = record_inspection(
        db,
        site,
        rb,
        at=datetime(2026, 12, 2, 16, 0),
        passed=("INLET",),
        user=people["inspector"],
        kind="village",
        evaluate=False,
    )
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/inspections/{inspection.id}").text)
    pdf = pdf_text(client.get(f"/inspections/{inspection.id}.pdf").data)
    assert "☒ Other (Village inspection)" in page
    assert "[X] Other (Village inspection)" in pdf
    assert "Other: " not in page and "Other: " not in pdf
