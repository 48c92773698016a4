"""§ 256-8D(3)(g) "after each rain", on the permittee's tablet: two rains since the last inspection
are two due items from the packet, each with its own deadline; the first is overdue once its own
24 hours have passed, though the second rain fell inside them."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import RainEvent, Site, SiteGauge
from inspector.models.base import utcnow
from inspector.services import schedule
from tests.browser.field_home import field_home_as
from tests.browser.test_rain import SITE

PRAIRIE = "permittee@prairie-builders.example"


def test_two_rains_are_two_due_items_each_with_its_own_deadline(
    browser, live_server, demo_app, tablet
):
    url, engine, rb = (
        live_server.url,
        demo_app.extensions["engine"],
        demo_app.extensions["rulebook"],
    )
    now = utcnow().replace(minute=17, second=0, microsecond=0)
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        gauge_id = db.get(SiteGauge, site.id).gauge_id
        last = schedule.last_inspection(db, site.id)
        first_end, second_end = now - timedelta(hours=30), now - timedelta(hours=10)
        assert last is None or schedule.inspection_moment(last, rb) < first_end
        rains = [
            RainEvent(gauge_id=gauge_id, start=end - timedelta(hours=6), end=end, total_in=total)
            for end, total in ((first_end, 0.8), (second_end, 0.6))
        ]
        db.add_all(rains)
        db.commit()
        ids = [r.id for r in rains]

    context, page = field_home_as(browser, tablet, url, PRAIRIE)
    # The gauge stands for Prairie's Grain Annex too: each rain is due at both sites.
    entries = [
        page.locator(".due-entry")
        .filter(has=page.locator(f"a[href*='rain_event={i}']"))
        .filter(has_text=SITE)
        for i in ids
    ]
    for entry in entries:
        expect(entry).to_have_count(1)
    deadlines = page.evaluate(
        """async (ends) => {
             const { villageDue } = await import('/static/js/village-time.js');
             return ends.map((end) => villageDue(end));
           }""",
        [(end + timedelta(hours=24)).isoformat() + "Z" for end in (first_end, second_end)],
    )
    first, second = entries
    expect(first).to_contain_text("Overdue")
    expect(first).to_contain_text(f"due {deadlines[0]}")
    expect(second).not_to_contain_text("Overdue")
    expect(second).to_contain_text(f"due {deadlines[1]}")
    context.close()
