"""A rain reading over the rulebook's daily limit (rain.max_daily_in, 15 in) is refused on the form,
in the rulebook's words, while the gauge is in front of the inspector. Before, the form took up to
30 in: 18 typed for 1.8 was queued, and refused by the server only once a signal came back, when the
inspector had long left the gauge."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as
from tests.browser.test_rain_reading_kept import READINGS, open_rain


def test_a_reading_over_the_daily_limit_is_refused_at_the_field(browser, live_server, tablet):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    context.set_offline(True)
    open_rain(page, url)
    amount = page.get_by_label("Rain in the last 24 hours")
    amount.fill("18")
    page.get_by_role("button", name="Queue reading").click()
    expect(amount).to_be_focused()
    expect(amount).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#r-amount-error")).to_have_text(
        "Readings over 15 inches in a day are refused as likely errors "
        "(Wisconsin's record is about 11.7 inches)."
    )
    assert page.evaluate(READINGS) == []

    amount.fill("1.8")
    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_have_text("Reading of 1.8 in queued in the outbox.")
    assert len(page.evaluate(READINGS)) == 1
    context.close()
