"""§ 256-10A(1) reaches activity "regulated under this article" only: a site the article does not
cover (under five acres, state funded, a § 256-4 excluded use, an extraterritorial site where the
Village does not use its option) gets no stop-work proposal for working without a permit."""

from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.services import ServiceError, sites, stop_work_issuing
from tests.support.enforcement import record_inspection


@pytest.mark.parametrize(
    "facts",
    [
        {"area_acres": 3.0, "disturbed_acres": 2.0},
        {"state_funded": True},
        {"excluded_use": "agricultural"},
        {"extraterritorial": True},
        {"project_kind": "street_work", "length_ft": 99.0, "area_acres": None},
    ],
)
def test_no_permit_proposal_for_activity_the_article_does_not_regulate(
    app, db, make, people, facts
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Small Lot", **facts)
    if facts.get("extraterritorial"):
        sites.record_reading(
            db,
            site,
            "extraterritorial_exercised",
            False,
            user=people["supervisor"],
            reason="The Village Board does not exercise the option here.",
            now=utcnow(),
        )
        db.commit()
    _, _, orders = record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    assert orders == []


def test_a_regulated_site_without_a_permit_still_gets_its_proposal(app, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Big Lot", area_acres=5.0, disturbed_acres=4.0)
    _, _, [order] = record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]


def test_a_proposal_loses_the_ground_once_the_site_is_recorded_as_not_regulated(
    app, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Highway Job")
    now = utcnow()
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    site.state_funded = True  # staff learn the State conducts the work (§ 256-3 exemption)
    db.add(site)
    db.commit()
    [check] = stop_work_issuing.recheck_order(db, order, now, rb)
    assert not check.holds
    assert check.why.startswith("The article does not regulate this site: State funded")
    assert "§ 256-3" in check.why


def test_a_manual_order_on_a_site_without_a_permit_rests_on_ground_1_only(app, db, make, people):
    """§ 256-10A(2) and (3) are a permit's control plan and conditions: a site with no permit in
    force (here an application under review) is ordered under § 256-10A(1), and a proposal naming
    the others is refused with why, nothing written."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Pending Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"])
    with pytest.raises(ServiceError, match=r"no permit in force.*§ 256-10A\(1\)") as refused:
        stop_work_issuing.propose_manual(
            db,
            site,
            user=people["supervisor"],
            grounds=["no_permit", "conditions_not_met"],
            notes="Grading under way; no inspections logged",
            now=utcnow(),
            rb=rb,
        )
    assert refused.value.field == "grounds"
    db.rollback()
    assert db.exec(select(StopWorkOrder)).all() == []
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["no_permit"],
        notes="Grading under way",
        now=utcnow(),
        rb=rb,
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]
