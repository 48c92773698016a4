"""The rain reading form warns when the tablet's clock is off, as the capture page and the field
stop-work form do. It fills in the time the gauge was read from the tablet's clock, so a tablet a year
ahead queued a reading the server refused as in the future, and neither the form nor the refused
reading put back on it said the clock was wrong: typing the time again gave the same refusal."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_until
from tests.browser.test_field_order_clock_wrong import CLOCK_KEPT, field_form_on

A_YEAR = 365 * 86400


def rain_form_on(browser, tablet, url: str, ahead_s: float):
    """An inspector's tablet, its clock `ahead_s` seconds ahead, on the rain reading form drawn
    once the tablet knows its clock against the server's."""
    context, page = field_form_on(browser, tablet, url, ahead_s, "/app/rain", "rain")
    wait_until(page, CLOCK_KEPT)
    page.reload()
    page.wait_for_selector("body[data-ready=rain]")
    return context, page


def test_the_rain_form_warns_of_a_tablet_clock_a_year_ahead(browser, tablet, live_server):
    context, page = rain_form_on(browser, tablet, live_server.url, A_YEAR)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready=rain]")
    warning = page.locator("#clock-warning")
    expect(warning).to_contain_text("This tablet's clock is 365 days ahead of the Village's time")
    expect(warning).to_contain_text("(the reading time it fills in)")
    expect(warning).to_contain_text("set the tablet's date and time to automatic")
    context.close()


def test_the_rain_form_says_nothing_of_a_clock_that_is_right(browser, tablet, live_server):
    context, page = rain_form_on(browser, tablet, live_server.url, 0)
    expect(page.locator("#clock-warning")).to_be_hidden()
    context.close()
