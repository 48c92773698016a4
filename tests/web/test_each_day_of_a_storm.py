"""§ 256-8D(3)(g) "after each rain of 0.5 inch or more", over a storm read once a day: each day's
reading of 0.5 inch or more is a rain of its own. The first day's deadline is shown when its reading
comes in and stays where it is when the next day's reading arrives, and the tick proposes an order
the minute it passes (Village time), though it is still raining."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import RainEvent, SiteGauge, StopWorkOrder
from inspector.services import permit_notices, permits
from tests.services.test_rain_manual import gauge, local, read  # noqa: F401 (gauge: a fixture)
from tests.web.test_calendar_why_and_zone import inspect, issued_site, page_as
from tests.web.test_each_rain_own_deadline import post_rain_items, tick


def test_a_storm_read_once_a_day_has_a_deadline_a_day_that_never_moves(
    app,
    client,
    auth,
    people,
    make,
    db,
    gauge,  # noqa: F811
):
    site = issued_site(make, people, "Three Day Storm Lot")
    started = local(2026, 11, 30, 8, 0)
    permit = permits.current_permits(db, [site.id])[site.id]
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=started, now=started
    )
    inspect(db, site, local(2026, 11, 30, 10, 0))  # the permittee's weekly inspection
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    db.commit()

    # Read and emptied at 07:00 on Dec 1 (0.60 in since 07:00 on Nov 30): due 07:00 on Dec 2.
    read(db, people, gauge, local(2026, 12, 1, 7, 0), 0.6)
    app.config["CLOCK_NOW"] = local(2026, 12, 1, 19, 30)
    [first] = post_rain_items(page_as(client, auth, people["permittee"], f"/sites/{site.id}"))
    assert "0.60 in" in first and "Wed Dec 2, 7:00 AM CST" in first and "Overdue" not in first

    # Still raining: the next morning's reading (0.70 in) is a rain of its own, and the first
    # day's deadline has not moved to the day after.
    read(db, people, gauge, local(2026, 12, 2, 6, 55), 0.7)
    assert [e.total_in for e in db.exec(select(RainEvent).order_by(RainEvent.end))] == [0.6, 0.7]
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 7, 1)
    shown = post_rain_items(page_as(client, auth, people["permittee"], f"/sites/{site.id}"))
    assert len(shown) == 2, shown
    assert "0.60 in" in shown[0] and "Wed Dec 2, 7:00 AM CST" in shown[0]
    assert "Overdue" in shown[0]
    assert "0.70 in" in shown[1] and "Thu Dec 3, 6:55 AM CST" in shown[1]
    assert "Overdue" not in shown[1]

    assert "1 new proposed" in tick(app)
    [order] = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    [ground] = [g for g in order.grounds if g["rule"] == "post_rain_inspection_missed"]
    assert "due by Wednesday December 2, 2026 at 7:00 AM CST and" in ground["reason"]

    # An inspection after both readings answers both: the first late, the second on time.
    inspect(db, site, local(2026, 12, 2, 15, 0))
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 23, 59)
    shown = post_rain_items(page_as(client, auth, people["permittee"], f"/sites/{site.id}"))
    assert shown == [], shown
