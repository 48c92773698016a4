"""A stop-work order the server refused is said as refused on the field form, as on My sites. The
form said "it waits in the outbox to be sent: it need not be posted again." for an order the server
had refused (a posting time a year ahead), which would never be sent: the inspector, told not to
post it again, left the site with no order on its way."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_for_controller
from tests.browser.test_enforcement import stop_work_form

SITE = "Church Street Parking Lot"  # no permit on record: only § 256-10A(1) grounds an order

ORDER = """async ({ site_id, posted_at }) => {
  const s = await import('/static/js/store.js');
  const { withHash } = await import('/static/js/canonical.js');
  await s.enqueue({ mutation_id: crypto.randomUUID(), entity: 'stop_work_order',
    entity_id: crypto.randomUUID(), op: 'upsert', base_version: null, photo_ids: [],
    payload: await withHash({ site_id, grounds: ['no_permit'], posted_at,
      notes: 'Grading under way, no permit.', photo_ids: [], photos: [] }) });
}"""


def test_the_form_says_an_order_refused_is_refused(browser, live_server, demo_app, tablet):
    with Session(demo_app.extensions["engine"]) as db:
        site_id = db.exec(select(Site.id).where(Site.name == SITE)).one()
    context, page = stop_work_form(browser, live_server.url, tablet)
    wait_for_controller(page)
    page.evaluate(ORDER, {"site_id": site_id, "posted_at": "2027-12-04T15:15:00Z"})

    page.goto(f"{live_server.url}/app/outbox")
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#outbox-list .entry-errors")).to_have_count(1)

    page.goto(f"{live_server.url}/app/stop-work")
    page.wait_for_selector("body[data-ready=stop-work]")
    page.get_by_label("Site").select_option(label=SITE)
    expect(page.locator("#sw-waiting-note")).to_have_text(
        "You posted a stop-work order here (Sat, Dec 4, 2027, 9:15 AM CST); the server refused it:"
        " put it right in the outbox."
    )
    page.goto(f"{live_server.url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    card = page.locator(".site-card").filter(has_text=SITE)
    expect(card.locator(".order-waiting-note")).to_have_text(
        "You posted a stop-work order here (Sat, Dec 4, 2027, 9:15 AM CST); the server refused it:"
        " put it right in the outbox."
    )
    context.close()
