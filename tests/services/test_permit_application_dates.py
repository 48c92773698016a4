"""A permittee's application is received on the Village's day it is made and its fee is recorded by
staff (§ 256-8C's review clock is the Village's); staff enter a paper application's own dates."""

from datetime import timedelta

from inspector.models.base import utcnow
from inspector.services import permit_applications


def _apply(db, site, user, company_id, today, **kw):
    fields = {"received_on": today, "fee_paid_on": None, **kw}
    permit = permit_applications.apply(
        db,
        site=site,
        company_id=company_id,
        applicant_name="Applicant",
        building_permit_until=None,
        user=user,
        today=today,
        **fields,
    )
    db.commit()
    return permit


def test_a_permittees_application_is_received_today_and_its_fee_is_the_villages(db, make, people):
    supervisor, acme = people["supervisor"], people["permittee"]
    today = utcnow().date()
    site = make.site(supervisor)
    earlier = today - timedelta(days=30)
    own = _apply(db, site, acme, acme.company_id, today, received_on=earlier, fee_paid_on=earlier)
    assert own.application_received_on == today and own.fee_paid_on is None
    # Staff enter an application that came in on paper, with its day and its fee.
    paper_site = make.site(supervisor, name="Paper")
    paper = _apply(
        db, paper_site, supervisor, acme.company_id, today, received_on=earlier, fee_paid_on=earlier
    )
    assert paper.application_received_on == earlier and paper.fee_paid_on == earlier
