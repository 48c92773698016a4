"""A stop-work order refused for a posting time a year ahead names that year wherever the tablet tells
of it. The year of a moment was counted from the tablet's own clock: on the tablet a year ahead whose
order was refused, the posting time was in "this" year, so the outbox, the form that puts it right and
My sites wrote "posted Sun, Dec 5, 11:17 AM CST", a time that read as today's beside "The posting time
is in the future". The year is now counted from the server's time, as the clock warning does."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from tests.browser.test_field_order_clock_wrong import stop_work_form_on
from tests.browser.test_field_order_sent_again import A_YEAR, refused_order

VILLAGE = ZoneInfo("America/Chicago")


def test_an_order_refused_a_year_ahead_names_its_year(browser, tablet, live_server):
    url = live_server.url
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    refused = refused_order(page, url)
    posted = datetime.fromisoformat(refused["payload"]["posted_at"].replace("Z", "+00:00"))
    year = posted.astimezone(VILLAGE).year
    assert year != datetime.now(VILLAGE).year
    said = f", {year}, "

    expect(page.locator("#outbox-list .outbox-entry")).to_contain_text(
        f"posted {posted.astimezone(VILLAGE):%a, %b} {posted.astimezone(VILLAGE).day}{said}"
    )
    # When it was submitted, by the same clock, is told alike on its card.
    expect(page.locator("#outbox-list .outbox-entry .small.muted")).to_contain_text(said)
    page.get_by_role("button", name="Edit and send again").click()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.locator("#sw-again-why")).to_contain_text(said)

    page.goto(f"{url}/app/")
    expect(page.locator(".order-waiting-note")).to_contain_text(said)
    context.close()
