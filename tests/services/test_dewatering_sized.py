"""§ 256-7B(1)(b): visible particulate from a properly sized device is not a violation. Two DEWATER failures
answered with a calculation showing the device meets the standard are repairs, not a stop-work ground."""

import uuid
from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import Answer, Inspection, StopWorkOrder
from inspector.rules.clocks import to_local
from inspector.services import permit_notices, stop_work_proposals

T0 = datetime(2027, 3, 10, 18, 0)
TANK_OK = {
    "name": "dewatering",
    "inputs": {"pumping_rate_gpm": 100, "device": "vertical_tank", "diameter": 4.5},
    "result": {"passes": True},
}
TANK_SMALL = {**TANK_OK, "inputs": {**TANK_OK["inputs"], "diameter": 2}}


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def site(db, make, people):
    site = make.site(people["supervisor"], has_dewatering=True)
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=T0 - timedelta(days=3),
        now=T0 - timedelta(days=3),
    )
    db.commit()
    return site


def dewater_fails(db, site, rb, at, calculation):
    inspection = Inspection(
        id=str(uuid.uuid4()),
        site_id=site.id,
        kind="weekly",  # the permittee's: it also keeps the weekly clock (no other ground)
        inspector_name="Pat",
        inspected_on=to_local(at, rb).date(),
        started_at=at,
        ended_at=at,
        active_disturbance=True,
        catalog_version=rb["checklist.version"],
        by_village=False,
    )
    db.add(inspection)
    db.flush()
    db.add(
        Answer(
            inspection_id=inspection.id,
            item_code="DEWATER",
            result="fail",
            note="Turbid plume",
            corrective_action="Watch the outlet",
            calculator=calculation,
        )
    )
    db.commit()
    orders = stop_work_proposals.evaluate_site(db, site, at, rb)
    db.commit()
    return orders


def test_two_turbid_plumes_from_a_properly_sized_device_propose_no_order(db, site, rb):
    assert dewater_fails(db, site, rb, T0, TANK_OK) == []
    assert dewater_fails(db, site, rb, T0 + timedelta(hours=2), TANK_OK) == []
    assert db.exec(select(StopWorkOrder)).all() == []


def test_an_undersized_device_failing_twice_still_proposes(db, site, rb):
    dewater_fails(db, site, rb, T0, TANK_SMALL)
    [order] = dewater_fails(db, site, rb, T0 + timedelta(hours=2), TANK_SMALL)
    assert (
        order.grounds[0]["rule"] == "repeat_critical_failures"
        and "DEWATER" in order.grounds[0]["reason"]
    )
