"""A supervisor decides a proposed stop-work order on the grounds its page showed. New evidence
that joined the proposal meanwhile (a push from the field, the tick) is not dismissed unseen, which
would keep it from ever proposing an order again, nor issued under a signature that never saw it."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import stop_work_issuing, stop_work_proposals
from tests.support.enforcement import commenced_site, pushed_inspection
from tests.sync.helpers import signature

RB = default()
SEEN = (utcnow() - timedelta(days=4)).replace(hour=15, minute=0, second=0, microsecond=0)


@pytest.fixture
def site(db, make, people):
    return commenced_site(db, make, people, SEEN - timedelta(days=1))


@pytest.fixture
def shown_then_joined(client, auth, db, site, people):
    """The proposal on the overdue inlet as the supervisor's page showed it; then a second overdue
    repair joins it before the supervisor presses a button. Returns (order, what the page sent)."""
    pushed_inspection(db, site, people["inspector"], at=SEEN, fail=("INLET",))
    [order] = stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(hours=30), RB)
    db.commit()
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").get_data(as_text=True)
    assert "1 corrective action past its due time (Storm drain inlet protection)" in page
    # What the page's forms send:
    shown = [stop_work_issuing.ground_signature(g) for g in order.grounds]

    pushed_inspection(
        db, site, people["inspector"], at=SEEN + timedelta(days=1), fail=("PERIMETER",)
    )
    assert stop_work_proposals.evaluate_site(db, site, utcnow(), RB) == []  # joins the proposal
    db.commit()
    db.refresh(order)
    assert order.status == "proposed" and len(order.grounds) == 2
    return order, shown


def test_a_proposal_that_new_evidence_joined_is_not_dismissed_unseen(client, db, shown_then_joined):
    order, shown = shown_then_joined
    answer = client.post(
        f"/orders/{order.id}/dismiss", data={"reason": "Inlet was swept.", "shown": shown}
    )
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "Not dismissed: new evidence joined this proposal after the page showed it." in page
    assert "PERIMETER" in page
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    # The page shown again carries both grounds: dismissing now is a decision on what it shows.
    again = list(dict.fromkeys(re.findall(r'name="shown" value="([^"]+)"', page)))
    assert again == [stop_work_issuing.ground_signature(g) for g in order.grounds]
    assert len(again) == 2
    assert (
        client.post(
            f"/orders/{order.id}/dismiss", data={"reason": "Both repaired.", "shown": again}
        ).status_code
        == 303
    )


def test_a_proposal_that_new_evidence_joined_is_not_issued_unseen(client, db, shown_then_joined):
    order, shown = shown_then_joined
    answer = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": [g["ground"] for g in order.grounds],
            "confirm": "yes",
            "signature": json.dumps(signature()),
            "shown": shown,
        },
    )
    assert answer.status_code == 409
    assert "Not issued: new evidence joined this proposal" in answer.get_data(as_text=True)
    db.expire_all()
    assert db.exec(select(StopWorkOrder.status)).all() == ["proposed"]
