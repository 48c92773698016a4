"""The field form opened by "Edit and send again" for a refused stop-work order is named for what it
does. Its heading and the tab's title still read "Post a stop-work order", which a screen reader says
first on arriving, as if a second order were being posted, while the form sends the refused one again
in its place."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.test_field_order_clock_wrong import stop_work_form_on
from tests.browser.test_field_order_sent_again import A_YEAR, refused_order

AGAIN = "Put right a refused stop-work order"


def test_the_form_that_sends_a_refused_order_again_is_named_so(browser, tablet, live_server):
    url = live_server.url
    context, page = stop_work_form_on(browser, tablet, url, A_YEAR)
    refused_order(page, url)
    page.get_by_role("button", name="Edit and send again").click()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_role("heading", level=1)).to_have_text(AGAIN)
    expect(page).to_have_title(re.compile(f"^{AGAIN}"))

    page.goto(f"{url}/app/stop-work")  # a new order's form as before
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_role("heading", level=1)).to_have_text("Post a stop-work order")
    expect(page).to_have_title(re.compile("^Post a stop-work order"))
    context.close()
