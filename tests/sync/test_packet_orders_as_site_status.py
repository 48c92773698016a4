"""The work packet's stop-work orders say what the office pages say: its first order is the site's
status (stop_work_status.site_status, as the person may see it), and each open order it lists is
the order's status entry as the office pages read it (deadline, posting, grounds). A tablet and
the office must never disagree on which order stands or when its days to comply end."""

from __future__ import annotations

import uuid
from datetime import timedelta

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.services import stop_work_issuing, stop_work_status
from sync.handlers.site import packet_entries
from tests.support.enforcement import issued_order


def test_the_packets_orders_are_the_sites_status_as_the_office_shows_it(
    app, db, people, site_with_permit
):
    rb = app.extensions["rulebook"]
    site = site_with_permit
    now = utcnow()
    # Proposed first: the orders in force still stand before it.
    stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["plan_not_implemented"],
        notes="Basin outlet not built",
        now=now - timedelta(days=2),
        rb=rb,
    )
    issued_order(db, site, people["supervisor"], rb, now=now - timedelta(days=1))
    stop_work_issuing.post_in_field(
        db,
        order_id=str(uuid.uuid4()),
        site=site,
        user=people["inspector"],
        grounds=["conditions_not_met"],
        posted_at=now - timedelta(hours=1),
        notes="Mud tracked onto the street",
        photo_ids=[],
        now=now,
        rb=rb,
    )
    db.commit()

    for role in ("inspector", "supervisor", "permittee"):
        user = people[role]
        packet = packet_entries(db, [site], user, now, rb)[site.id]
        status = stop_work_status.public_status(
            stop_work_status.site_status(db, [site.id], now)[site.id], user
        )
        listed = packet["stop_work_orders"]
        assert {k: v for k, v in packet["stop_work"].items() if k != "status_words"} == status
        assert len(listed) == (2 if role == "permittee" else 3)
        for entry in listed:
            order = db.get(StopWorkOrder, entry["order_id"])
            office = stop_work_status.status_entry(order, now, status["proposed"])
            assert {k: v for k, v in entry.items() if k != "status_words"} == office
