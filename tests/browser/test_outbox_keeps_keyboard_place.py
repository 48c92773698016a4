"""The outbox is drawn again whenever it changes (a sync in the background, a discard): a keyboard
user keeps their place on the same button of the same entry, or, when the entry has gone, lands on
the list's heading, not back at the top of the page."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_outbox_ways_out import PRAIRIE, SITE, refused_village_inspection
from tests.sync.helpers import checklist_codes

FOCUSED = "() => document.activeElement.textContent.trim()"
CHANGED = """async () => {
  const store = await import('/static/js/store.js');
  store.events.dispatchEvent(new CustomEvent('outbox-changed', { detail: {} }));
}"""


def test_the_keyboard_keeps_its_place_when_the_outbox_is_drawn_again(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_for_controller(page)
    context.set_offline(True)
    refused_village_inspection(page, site, codes, (200, 60, 60), "Queued offline")
    context.set_offline(False)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#sync-note")).to_contain_text("Not everything was sent.")
    discard = page.get_by_role("button", name="Discard…")
    discard.focus()

    page.evaluate(CHANGED)  # as a sync in the background does
    page.wait_for_timeout(300)
    assert page.evaluate(FOCUSED) == "Discard…"

    page.keyboard.press("Enter")
    expect(page.locator("#discard-dialog")).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator("#discard-confirm")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#outbox-empty")).to_be_visible()
    expect(page.get_by_role("heading", name="Waiting to be sent")).to_be_focused()
    context.close()
