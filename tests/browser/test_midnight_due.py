"""The tablet writes a deadline at the Village's midnight as the end of the day before, as the pages do
(tests/web/test_midnight_deadlines.py): the demo's Grain Annex has had no inspection since its permit was
issued, so its first weekly inspection was due at midnight starting the eighth day."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as

SITE = "Fairwater Cooperative Grain Annex"


def test_the_field_app_says_the_day_a_midnight_deadline_ends(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "permittee@prairie-builders.example")
    weekly = (
        page.locator(".due-entry")
        .filter(has_text=f"Start: {SITE}")
        .filter(has=page.locator("a[href*='kind=weekly']"))
    )
    expect(weekly).to_contain_text(
        re.compile(
            r"due (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \w{3} \d+, end of the day \(midnight C[SD]T\)"
        )
    )
    expect(weekly).not_to_contain_text("12:00 AM")
    context.close()
