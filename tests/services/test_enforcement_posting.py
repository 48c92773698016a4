"""§ 256-10B, C "within 10 days" run from the order's posting on the site (§ 256-10A: the Village
"may post" it): an order issued in the office and never posted leads to no revocation and no
cease-and-desist request; one posted later counts its days after the day of posting."""

from datetime import date, datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import Permit
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import ServiceError, stop_work_compliance, stop_work_issuing
from tests.sync.helpers import signature

RB = default()


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


ISSUED = local(2027, 3, 3, 12, 0)  # Wed, CST; the spring change is Sun 2027-03-14


def _order(db, make, people, *, permit=True, name="Mill Race"):
    site = make.site(people["supervisor"], name=name)
    if permit:
        make.permit(
            site,
            people["permittee"].company_id,
            people["supervisor"],
            issued=True,
            received_on=date(2026, 10, 1),
        )
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["plan_not_implemented" if permit else "no_permit"],
        notes="Silt fence down",
        now=ISSUED,
        rb=RB,
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=ISSUED,
        rb=RB,
        confirmed=True,
        signature=signature(),
    )
    db.commit()
    return site, order


def test_an_order_never_posted_cannot_be_revoked_even_30_days_later(db, make, people):
    site, order = _order(db, make, people)
    later = ISSUED + timedelta(days=30)
    assert stop_work_compliance.next_step(db, order, later)["available"] is False
    with pytest.raises(ServiceError) as exc:
        stop_work_compliance.revoke_permit(
            db, order, user=people["supervisor"], reason="Fence still down", now=later, rb=RB
        )
    assert exc.value.message == (
        "Not yet posted on the site: the 10 days of § 256-10B run from its posting."
    )
    db.expire_all()
    assert order.status == "issued" and order.revoked_at is None
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "suspended"


def test_an_order_never_posted_leads_to_no_cease_and_desist_request(db, make, people):
    _, order = _order(db, make, people, permit=False, name="Bare Lot")
    with pytest.raises(ServiceError) as exc:
        stop_work_compliance.request_cease_desist(
            db,
            order,
            user=people["supervisor"],
            details="Grading continues",
            now=ISSUED + timedelta(days=30),
            rb=RB,
        )
    assert exc.value.message == (
        "Not yet posted on the site: the 10 days of § 256-10C run from its posting."
    )
    db.expire_all()
    assert order.status == "issued" and order.cease_desist_at is None


@pytest.mark.parametrize("hour, minute", [(19, 30), (23, 59)])
def test_posted_three_days_after_issue_revocation_opens_at_the_end_of_the_tenth_day_after_posting(
    db, make, people, hour, minute
):
    """Posted Sat 03-06 in the evening (Sunday in UTC): the ten days are Sun 03-07 to Tue 03-16,
    across the spring change, ending at midnight CDT, 05:00 UTC on 03-17."""
    site, order = _order(db, make, people)
    stop_work_issuing.record_posting(
        db, order, user=people["inspector"], now=local(2027, 3, 6, hour, minute), rb=RB
    )
    db.commit()
    end = datetime(2027, 3, 17, 5, 0)
    assert stop_work_compliance.compliance_end(order, RB) == end and order.compliance_due == end
    # Ten days after the day of issue have long passed: not what counts.
    for now in (local(2027, 3, 14, 12, 0), local(2027, 3, 16, 23, 59)):
        assert stop_work_compliance.next_step(db, order, now)["available"] is False
        with pytest.raises(ServiceError, match="only after the end of Tue 2027-03-16"):
            stop_work_compliance.revoke_permit(
                db, order, user=people["supervisor"], reason="Fence down", now=now, rb=RB
            )
    assert order.status == "posted"
    stop_work_compliance.revoke_permit(
        db, order, user=people["supervisor"], reason="Fence still down", now=end, rb=RB
    )
    db.commit()
    assert order.status == "revoked_permit"
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "revoked"


def test_a_stored_deadline_later_than_the_posting_reading_is_never_moved_earlier(db, make, people):
    _, order = _order(db, make, people)
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=ISSUED, rb=RB)
    order.compliance_due = datetime(2027, 3, 20, 6, 0)  # stored later by an earlier reading
    db.commit()
    assert stop_work_compliance.compliance_end(order, RB) == datetime(2027, 3, 20, 6, 0)
    assert (
        stop_work_compliance.next_step(db, order, datetime(2027, 3, 20, 5, 59))["available"]
        is False
    )
