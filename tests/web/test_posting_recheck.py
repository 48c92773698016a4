"""Posting is when the order is put on the site: its grounds are re-checked in the posting's own
transaction, and one the permittee cured since the order was issued is listed apart on the notice,
never as still unmet."""

from datetime import timedelta

from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import Finding
from inspector.services import finding_repairs, stop_work_issuing
from tests.services.test_enforcement_complied import issued_on_a_failing_inlet, text


def test_a_ground_cured_before_the_posting_is_listed_apart_on_the_notice(
    app, client, auth, db, make, people, monkeypatch
):
    rb = app.extensions["rulebook"]
    site, _, order, issued_at = issued_on_a_failing_inlet(
        db, make, people, rb, "Posted Lot", posted=False
    )
    rules = [g["rule"] for g in order.grounds]
    assert "overdue_findings" in rules and "repeat_critical_failures" in rules
    # The late repair is made before the inspector posts the order; the item still failed at
    # the last two inspections, so the other ground holds.
    for f in db.exec(select(Finding).where(Finding.site_id == site.id)).all():
        if f.status in ("open", "reopened"):
            finding_repairs.mark_corrected(
                db, f, user=people["permittee"], note="Re-set", now=issued_at + timedelta(hours=1)
            )
    db.commit()
    stop_work_issuing.record_posting(
        db, order, user=people["inspector"], now=issued_at + timedelta(hours=2), rb=rb
    )
    db.commit()
    by_rule = {g["rule"]: g for g in order.grounds}
    assert stop_work_issuing.POSTING_CURED in by_rule["overdue_findings"]
    assert stop_work_issuing.POSTING_CURED not in by_rule["repeat_critical_failures"]
    auth.login(people["supervisor"].email)
    notice = text(client.get(f"/orders/{order.id}/notice").text)
    head, _, apart = notice.partition("Complied with before the order was posted")
    assert apart and "corrective action past its due time" in apart
    assert "corrective action past its due time" not in head
    assert "failed at 2 consecutive inspections" in head
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    body = client.get(f"/orders/{order.id}/notice.pdf").data
    assert b"Complied with before the order was posted" in body
