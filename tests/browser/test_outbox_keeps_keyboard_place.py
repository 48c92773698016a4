"""The outbox is drawn again whenever it changes (a sync in the background, a discard): a keyboard
user keeps their place on the same button of the same entry, or, when the entry has gone, lands on
the list's heading, not back at the top of the page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_outbox_ways_out import prairie_tablet, refused_village_inspection

FOCUSED = "() => document.activeElement.textContent.trim()"
CHANGED = """async () => {
  const store = await import('/static/js/store.js');
  store.events.dispatchEvent(new CustomEvent('outbox-changed', { detail: {} }));
}"""


def test_the_keyboard_keeps_its_place_when_the_outbox_is_drawn_again(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context, page, site, codes = prairie_tablet(browser, tablet, url, demo_app)
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
