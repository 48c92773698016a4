"""A site can be under two stop-work orders at once: one issued in the office and not yet posted,
and one an inspector posted in the field, whose ten days already run. The work packet carried only
the first (`stop_work`), so a permittee's tablet said "not yet posted: no deadline" and never named
the posted order or its deadline. Every open order the person may see now comes in
`stop_work_orders`, most significant first; `stop_work` stays the first of them for older devices."""

from __future__ import annotations

import uuid
from datetime import timedelta

from inspector.models.base import utcnow
from inspector.services import stop_work_issuing
from tests.support.enforcement import issued_order


def site_entry(client, headers) -> dict:
    body = client.get("/api/v1/sync/pull", headers=headers).get_json()
    [entry] = [c["data"] for c in body["changes"] if c["entity"] == "site"]
    return entry


def test_an_order_issued_and_another_posted_both_reach_the_tablet(
    app, client, db, people, site_with_permit, device_headers
):
    rb = app.extensions["rulebook"]
    site = site_with_permit
    office = issued_order(db, site, people["supervisor"], rb, now=utcnow() - timedelta(days=1))
    field = stop_work_issuing.post_in_field(
        db,
        order_id=str(uuid.uuid4()),
        site=site,
        user=people["inspector"],
        grounds=["conditions_not_met"],
        posted_at=utcnow() - timedelta(hours=1),
        notes="Mud tracked onto the street",
        photo_ids=[],
        now=utcnow(),
        rb=rb,
    )
    db.commit()
    # A third order, proposed by a supervisor: staff are told of it, the permittee is not.
    proposal = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["plan_not_implemented"],
        notes="Basin outlet not built",
        now=utcnow(),
        rb=rb,
    )
    db.commit()

    entry = site_entry(client, device_headers(people["permittee"]))
    orders = {o["order_id"]: o for o in entry["stop_work_orders"]}
    assert set(orders) == {office.id, field.id}
    assert orders[office.id]["posted_at"] is None
    assert orders[office.id]["status_words"] == "Stop-work order issued"
    assert orders[field.id]["status_words"] == "Stop-work order posted on site"
    assert orders[field.id]["compliance_due"] == f"{field.compliance_due.isoformat()}Z"
    assert orders[field.id]["citation"] == "§ 256-10A(3)"
    assert all(o["proposed"] == 0 for o in orders.values())
    # The field an older device reads is the first of the list, as before.
    assert entry["stop_work"] == entry["stop_work_orders"][0]
    assert entry["stop_work"]["order_id"] == office.id

    entry = site_entry(client, device_headers(people["inspector"]))
    ids = [o["order_id"] for o in entry["stop_work_orders"]]
    assert ids == [office.id, field.id, proposal.id]  # in force first, then the proposal
    assert entry["stop_work"] == entry["stop_work_orders"][0]
    assert entry["stop_work"]["proposed"] == 1


def test_a_site_with_no_open_order_carries_an_empty_list(
    client, people, site_with_permit, device_headers
):
    entry = site_entry(client, device_headers(people["inspector"]))
    assert entry["stop_work"] is None
    assert entry["stop_work_orders"] == []
