"""A tablet whose clock is wrong (set by hand to the local wall time under the wrong zone, or left
hours off after its battery ran out): every time it stamps (the visit's start and end, the photos',
the signature's) is off by as much, and the server takes anything up to a day ahead. The capture
page says so, with by how much, from the server's clock seen at the last sync. Before, nothing
told the inspector."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.conftest import sign_in

HOURS_AHEAD = 6


def open_capture_after_a_sync(browser, tablet, url: str, ahead_ms: int):
    context = browser.new_context(**tablet)
    context.clock.install(time=time.time() + ahead_ms / 1000)
    page = context.new_page()
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    synced = "Promise.all([s.getMeta('clock_offset'), s.getSite('1')])"
    for _ in range(100):  # the first sync: the work packet, and the server's clock in its answers
        if None not in stored(page, synced):
            break
        page.wait_for_timeout(200)
    page.goto(f"{url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    return context, page


def test_a_tablet_clock_hours_ahead_is_told_on_the_capture_page(browser, tablet, live_server):
    context, page = open_capture_after_a_sync(
        browser, tablet, live_server.url, HOURS_AHEAD * 3600 * 1000
    )
    warning = page.locator("#clock-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("This tablet's clock is 6 hours ahead of the Village's time")
    expect(warning).to_contain_text("set the tablet's date and time to automatic")
    context.close()


def test_a_tablet_clock_that_is_right_shows_no_warning(browser, tablet, live_server):
    context, page = open_capture_after_a_sync(browser, tablet, live_server.url, 0)
    expect(page.locator("#clock-warning")).to_be_hidden()
    context.close()
