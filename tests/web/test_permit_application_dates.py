"""A permittee's application form has no receipt or fee date: the application is received on the
Village's day and the fee is recorded by staff, so the permittee cannot start the Village's review
clock (§ 256-8C). Staff keep both for an application that came in on paper."""

import io
from datetime import timedelta

from sqlmodel import select

from inspector.models import Permit
from inspector.rules.rulebook import default
from inspector.services import clock, permit_clocks, permits

RB = default()


def test_permittee_gives_no_receipt_or_fee_date(client, auth, db, make, people):
    today = clock.today(RB)
    site = make.site(people["supervisor"], name="New Lot")
    # Acme held the site under a permit that has expired: it applies anew.
    old = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permits.set_status(db, old, "expired", user_id=people["supervisor"].id)
    db.commit()
    auth.login(people["permittee"].email)
    form = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert 'name="fee_paid_on"' not in form and 'name="application_received_on"' not in form
    assert "The Village records the application fee" in form
    month_ago = (today - timedelta(days=30)).isoformat()
    res = client.post(
        f"/sites/{site.id}/permits/apply",
        data={
            "company": str(people["permittee"].company_id),
            "applicant_name": "Acme",
            "application_received_on": month_ago,
            "fee_paid_on": month_ago,
        },
    )
    assert res.status_code == 302
    permit = db.exec(select(Permit).order_by(Permit.id.desc())).first()
    assert permit.application_received_on == today and permit.fee_paid_on is None
    for d in RB["control_plan_documents"]:
        r = client.post(
            f"/permits/{permit.id}/documents",
            content_type="multipart/form-data",
            data={"kind": d["kind"], "file": (io.BytesIO(b"%PDF-1.4 x"), "p.pdf")},
        )
        assert r.status_code == 302
    assert (
        client.post(f"/permits/{permit.id}/fee", data={"fee_paid_on": month_ago}).status_code == 403
    )
    db.refresh(permit)
    view = permit_clocks.clocks_view(db, permit, site, RB, clock.now())
    assert view["complete_on"] is None and "the application fee" in view["missing"]


def test_staff_enter_a_paper_applications_dates(client, auth, db, make, people):
    today = clock.today(RB)
    site = make.site(people["supervisor"], name="Paper Lot")
    auth.login(people["inspector"].email)
    form = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert 'name="fee_paid_on"' in form and 'name="application_received_on"' in form
    earlier = (today - timedelta(days=4)).isoformat()
    res = client.post(
        f"/sites/{site.id}/permits/apply",
        data={
            "company": str(people["permittee"].company_id),
            "applicant_name": "Acme by post",
            "application_received_on": earlier,
            "fee_paid_on": earlier,
        },
    )
    assert res.status_code == 302
    permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
    assert permit.application_received_on.isoformat() == earlier
    assert permit.fee_paid_on.isoformat() == earlier
