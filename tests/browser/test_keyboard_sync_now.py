""" "Sync now" pressed with the keyboard keeps the keyboard: the button was disabled while sending,
which took the focus off it for good, so after the sync the focus was on nothing and the next Tab
started from the end of the page. It stays on "Sync now" (a second press while sending does
nothing), and what the sync did is said."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.field_home import field_home_as
from tests.browser.keyboard import tab_to

PUSH = "**/api/v1/sync/push*"


def test_sync_now_with_the_keyboard_keeps_the_focus_on_it(browser, live_server, tablet):
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    page.route(PUSH, lambda route: route.abort())  # the reading waits in the outbox
    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    tab_to(page, "#r-amount")
    page.keyboard.type("0.6")
    page.keyboard.press("Enter")
    expect(page.locator("#rain-state")).to_contain_text("queued in the outbox")

    tab_to(page, "#outbox-count")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=outbox]")
    page.unroute(PUSH)
    tab_to(page, "#sync-now")
    page.keyboard.press("Enter")
    # "(1 record sent)" unless the page's own sync sent it first, once the route let it through.
    expect(page.locator("#sync-note")).to_have_text(
        re.compile(
            r"^Sync finished( \(1 record sent\))?: everything submitted on this device is on the server\.$"
        )
    )
    expect(page.locator("#sync-now")).to_be_focused()
    expect(page.locator("#sync-now")).not_to_have_attribute("aria-disabled", "true")
    assert stored(page, "s.listOutbox()") == []
    context.close()
