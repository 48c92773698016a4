"""§ 256-8D(3)(a) "within 48 hours of commencing": the permit page and its PDF count from the
earlier of the start the notice names and the first inspection that saw the work under way, and show
a notice given after the 48 hours as late. The stop-work rule asks for the notice while none is
given: once given, the condition is being met (§ 256-10A(3)), and an order for it is complied with."""

from datetime import timedelta

import pytest

from inspector.documents import pdf as pdf_module
from inspector.documents import records
from inspector.models.base import utcnow
from inspector.services import (
    ServiceError,
    enforcement,
    permit_clocks,
    permit_notices,
    stop_work_compliance,
    stop_work_issuing,
    stop_work_proposals,
)
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature


def test_a_start_named_after_the_village_saw_the_work_does_not_make_the_notice_on_time(
    app, client, auth, db, make, people, monkeypatch
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Quarry Road")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=20),
    )
    now = utcnow()
    seen = now - timedelta(days=5)
    record_inspection(db, site, rb, at=seen, passed=("INLET",), user=people["inspector"])
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert "Not notified — over 48 hours" in page
    # The permittee names a start the day before it notifies, four days after the Village saw it.
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=1),
        now=now,
    )
    db.commit()
    page = client.get(f"/permits/{permit.id}").text
    assert "Late — over 48 hours" in page and "Within 48 hours" not in page
    assert "before the start the notice names" in page
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    ctx = {
        "permit": permit,
        "site": site,
        "company": None,
        "clocks": permit_clocks.clocks_view(db, permit, site, rb, now),
        "history": [],
        "today": now.date(),
    }
    body = records.permit_pdf(ctx, rb)  # the regulator packet's permit document
    assert b": late." in body and b"on time" not in body
    # Given, though late, the notice is given: the condition is being met now (§ 256-10A(3)
    # speaks in the present), so no order is proposed for it; the permit page shows it late.
    assert stop_work_proposals.evaluate_site(db, site, now, rb) == []


def test_an_order_for_a_missing_notice_is_complied_with_by_giving_it(
    app, client, auth, db, make, people
):
    """What the order asks is the notice: once it is given, late as it must be by then, the
    ground no longer holds and the permit is not revoked for it."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Quarry Road")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=20),
    )
    now = utcnow()
    record_inspection(
        db, site, rb, at=now - timedelta(days=5), passed=("INLET",), user=people["inspector"]
    )
    [order] = stop_work_proposals.evaluate_site(db, site, now - timedelta(days=2), rb)
    assert [g["rule"] for g in order.grounds] == ["commencement_notice_missing"]
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=now - timedelta(days=2),
        rb=rb,
        confirmed=True,
        signature=signature(),
    )
    # Posted on the site when issued: the ten days run from the posting (§ 256-10A).
    stop_work_issuing.record_posting(
        db, order, user=people["inspector"], now=now - timedelta(days=2), rb=rb
    )
    db.commit()
    # The order suspends the permit; its page still takes the notice the order asks for.
    auth.login(people["permittee"].email)
    assert "Send notice" in client.get(f"/permits/{permit.id}").text
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=now - timedelta(days=5), now=now
    )
    db.commit()
    [check] = enforcement.recheck_in_force(db, order, now, rb)
    assert not check.holds and "notice of commencement has been recorded" in check.why
    later = order.compliance_due + timedelta(minutes=1)
    with pytest.raises(ServiceError, match="none of the order's grounds holds"):
        stop_work_compliance.revoke_permit(
            db, order, user=people["supervisor"], reason="Late notice", now=later, rb=rb
        )
