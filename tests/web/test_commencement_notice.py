"""§ 256-8D(3)(a) "within 48 hours of commencing": the permit page, its PDF and the stop-work rules
count from the earlier of the start the notice names and the first inspection that saw the work
under way, and a notice given after the 48 hours is late on all of them."""

from datetime import timedelta

from inspector.documents import pdf as pdf_module
from inspector.documents import records
from inspector.models.base import utcnow
from inspector.services import enforcement, permits
from tests.support.enforcement import record_inspection


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
    permits.notify_commencement(
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
        "clocks": permits.clocks_view(db, permit, site, rb, now),
        "history": [],
        "today": now.date(),
    }
    body = records.permit_pdf(ctx, rb)  # the regulator packet's permit document
    assert b": late." in body and b"on time" not in body
    [order] = enforcement.evaluate_site(db, site, now, rb)
    [ground] = order.grounds
    assert ground["rule"] == "commencement_notice_missing"
    assert "more than 48 hours after" in ground["reason"]
