"""The field stop-work form warns when the tablet's clock is off, as the capture page does. It fills
in the posting time from the tablet's clock, so a tablet a year ahead posted an order "a year
ahead", which the server refused, and nothing on the form had said the clock was wrong."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_for_controller, wait_until
from tests.browser.conftest import sign_in

CLOCK_KEPT = "async () => !!(await (await import('/static/js/store.js')).getMeta('clock_offset'))"


def field_form_on(browser, tablet, url: str, ahead_s: float, path: str, ready: str):
    """An inspector's tablet, its clock `ahead_s` seconds ahead, with the work packet kept, on the
    field form at `path` (drawn: body[data-ready=`ready`])."""
    context = browser.new_context(**tablet)
    context.clock.install(time=time.time() + ahead_s)
    page = context.new_page()
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/app/")
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listSites()).length > 0"
    )
    page.goto(f"{url}{path}")
    expect(page.locator(f"body[data-ready={ready}]")).to_be_attached()
    wait_for_controller(page)
    return context, page


def stop_work_form_on(browser, tablet, url: str, ahead_s: float):
    """The same on the field stop-work form."""
    return field_form_on(browser, tablet, url, ahead_s, "/app/stop-work", "stop-work")


def test_the_form_warns_of_a_tablet_clock_hours_ahead(browser, tablet, live_server):
    context, page = stop_work_form_on(browser, tablet, live_server.url, 6 * 3600)
    wait_until(page, CLOCK_KEPT)
    context.set_offline(True)
    page.reload()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    warning = page.locator("#clock-warning")
    expect(warning).to_contain_text("This tablet's clock is 6 hours ahead of the Village's time")
    expect(warning).to_contain_text("the posting time it fills in")
    expect(warning).to_contain_text("set the tablet's date and time to automatic")
    context.close()


def test_the_form_says_nothing_of_a_clock_that_is_right(browser, tablet, live_server):
    context, page = stop_work_form_on(browser, tablet, live_server.url, 0)
    wait_until(page, CLOCK_KEPT)
    page.reload()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.locator("#clock-warning")).to_be_hidden()
    context.close()
