"""A record the server refused for a time its tablet stamped (a clock a year ahead): the outbox
names what is wrong in words. Before, a signature's time in the future read "A detail: Is in the
future.", and a rain reading's "A detail: The reading time is in the future.", which told the
inspector nothing to put right."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.conftest import sign_in
from tests.browser.test_sync_outbox import ENQUEUE
from tests.sync.helpers import checklist_codes, inspection_payload, uid

A_YEAR_AHEAD = "2027-12-05T14:00:00Z"

RAIN = """async (observed_at) => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: crypto.randomUUID(), entity: 'rain_reading',
    entity_id: crypto.randomUUID(), op: 'upsert', base_version: null, photo_ids: [],
    payload: { gauge_id: 1, site_id: null, observed_at, amount_in: 0.4, period_hours: 24 } });
}"""


def test_a_refusal_for_a_time_in_the_future_names_the_time(browser, tablet, live_server, demo_app):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        payload = inspection_payload(site, codes=codes, kind="village", signed_at=A_YEAR_AHEAD)
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/")
    page.evaluate(
        "async () => { await import('/static/js/store.js'); await import('/static/js/sync.js'); }"
    )
    context.set_offline(True)
    page.evaluate(ENQUEUE, {"payload": payload, "photos": [], "iid": uid(), "mid": uid()})
    page.evaluate(RAIN, A_YEAR_AHEAD)
    context.set_offline(False)

    page.goto(f"{live_server.url}/app/outbox")
    page.get_by_role("button", name="Sync now").click()
    errors = page.locator("#outbox-list .entry-errors")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_have_text("Time of signing: Is in the future.")
    expect(errors.nth(1)).to_have_text(
        "Time the gauge was read: The reading time is in the future."
    )
    context.close()
