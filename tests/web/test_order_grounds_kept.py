"""A refused issue keeps the grounds the supervisor ticked: the order page sent back (no
confirmation, no signature) shows a ground the supervisor had unticked still unticked, so a second
press cannot issue the order on a ground the supervisor chose to leave out."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import stop_work_proposals
from tests.support.enforcement import pushed_inspection

RB = default()


def _ticked(page: str) -> dict[str, bool]:
    boxes = re.findall(r'<input type="checkbox" name="grounds" value="([a-z_]+)"( checked)?>', page)
    return {ground: bool(checked) for ground, checked in boxes}


def _proposal(db, make, people) -> StopWorkOrder:
    """A proposal on two grounds: an inlet's repair past due (the plan not implemented) and no
    notice of commencement (the permit's conditions not met)."""
    seen = (utcnow() - timedelta(days=4)).replace(hour=15, minute=0, second=0, microsecond=0)
    site = make.site(people["supervisor"], has_stockpiles=True)
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=9),
    )
    pushed_inspection(db, site, people["inspector"], at=seen, fail=("INLET",))
    [order] = stop_work_proposals.evaluate_site(db, site, utcnow(), RB)
    db.commit()
    return order


def test_a_refused_issue_keeps_a_ground_left_unticked(client, auth, db, make, people):
    order = _proposal(db, make, people)
    grounds = sorted({g["ground"] for g in order.grounds})
    assert grounds == ["conditions_not_met", "plan_not_implemented"]

    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").get_data(as_text=True)
    assert _ticked(page) == {g: True for g in grounds}
    shown = re.findall(r'name="shown" value="([^"]+)"', page)
    refused = client.post(
        f"/orders/{order.id}/issue",
        data={"grounds": ["plan_not_implemented"], "shown": shown},  # no confirmation
    )
    assert refused.status_code == 400
    assert "Confirm that you mean to issue this order" in refused.text
    assert _ticked(refused.text) == {"conditions_not_met": False, "plan_not_implemented": True}
    db.expire_all()
    assert db.exec(select(StopWorkOrder.status)).all() == ["proposed"]


def test_a_first_look_ticks_every_ground_that_holds(client, auth, db, make, people):
    order = _proposal(db, make, people)
    auth.login(people["supervisor"].email)
    # A refusal of the dismiss form is not a choice of grounds: the issue form ticks them all.
    refused = client.post(f"/orders/{order.id}/dismiss", data={"reason": ""})
    assert refused.status_code == 400
    assert _ticked(refused.text) == {"conditions_not_met": True, "plan_not_implemented": True}
