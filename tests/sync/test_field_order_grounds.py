"""A stop-work order posted in the field names the grounds of § 256-10A that can hold at the site: with no
permit in force on the day it was posted, only (1), activity without a permit. The others are refused with
why, as a supervisor's proposal is (tests/services/test_unregulated_no_order.py), nothing written."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from inspector.models import Permit, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from tests.sync.helpers import mutation, seal, uid


def push_order(client, headers, site, grounds, posted=None):
    posted = posted or utcnow() - timedelta(hours=1)
    posted = posted.replace(microsecond=0).isoformat() + "Z"
    order = seal(
        {
            "site_id": site.id,
            "grounds": grounds,
            "posted_at": posted,
            "notes": "Grading under way; silt fence down along the creek",
            "photo_ids": [],
            "photos": [],
        }
    )
    body = {"device_id": uid(), "mutations": [mutation("stop_work_order", uid(), order)]}
    res = client.post("/api/v1/sync/push", json=body, headers=headers)
    assert res.status_code == 200, res.get_data(as_text=True)
    return res.get_json()["results"][0]


def test_an_order_on_a_permits_conditions_at_a_site_with_only_an_application_is_refused(
    client, db, make, people, device_headers
):
    site = make.site(people["supervisor"], name="Pending Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"])  # applied
    headers = device_headers(people["inspector"])
    refused = push_order(client, headers, site, ["no_permit", "conditions_not_met"])
    assert refused["status"] == "rejected", refused
    assert "no permit in force" in refused["reason"] and "§ 256-10A(1)" in refused["reason"]
    assert "§ 256-10A(3)" in refused["reason"]
    assert db.exec(select(StopWorkOrder)).all() == []
    applied = push_order(client, headers, site, ["no_permit"])
    assert applied["status"] == "applied", applied


def test_an_order_on_the_conditions_of_a_permit_in_force_is_taken(
    client, db, people, site_with_permit, device_headers
):
    pushed = push_order(
        client, device_headers(people["inspector"]), site_with_permit, ["conditions_not_met"]
    )
    assert pushed["status"] == "applied", pushed
    [order] = db.exec(select(StopWorkOrder)).all()
    assert db.get(Permit, order.permit_id).status == "suspended"


def test_an_order_posted_offline_while_the_permit_was_in_force_is_taken_after_it_expired(
    client, db, make, people, device_headers
):
    """Posted on the permit's last valid day with no signal, sent after the tick marked it expired: the
    permit was in force when the order was posted, so its conditions could ground it."""
    site = make.site(people["supervisor"], name="Last Day Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    posted = utcnow() - timedelta(hours=30)
    permit.expires_on = clocks.local_date(posted, default())
    permit.status = "expired"  # as the tick records it once the last day is over
    db.add(permit)
    db.commit()
    pushed = push_order(
        client, device_headers(people["inspector"]), site, ["conditions_not_met"], posted=posted
    )
    assert pushed["status"] == "applied", pushed
