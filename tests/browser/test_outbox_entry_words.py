"""What the outbox calls each entry waiting on the tablet, read as an inspector reads it."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from tests.browser.capture_packet import sign
from tests.browser.field_home import field_home_as

SITE = "Main Street Water Main Replacement"


def test_an_inspection_waiting_is_dated_in_words(browser, live_server, demo_app, tablet):
    """An inspection was called 'Weekly inspection · Main Street Water Main Replacement · 2026-12-05':
    the date as the form stores it. It now reads as every other date of the field app: 'Sat, Dec 5'."""
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    context.set_offline(True)
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    for code in page.eval_on_selector_all(
        ".item[data-code]", "els => els.map(e => e.dataset.code)"
    ):
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")

    today = datetime.now(
        ZoneInfo("America/Chicago")
    ).date()  # the tablet's day, as it dated the form
    heading = page.locator(".outbox-entry h3").first
    expect(heading).to_have_text(
        f"Weekly inspection · {SITE} · {today.strftime('%a, %b')} {today.day}"
    )
    assert not re.search(r"\d{4}-\d{2}-\d{2}", page.locator("main").inner_text())
    context.close()


def test_two_rain_readings_waiting_are_told_apart(browser, live_server, demo_app, tablet):
    """Two readings queued on the tablet were both called 'Rain reading: 0.9 in', whatever their gauge,
    site and time: the inspector could not tell which one to edit or discard. Each now names its gauge,
    its site when it has one, and when it was read, in the Village's time."""
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    context.set_offline(True)
    for gauge, site, when in (
        ("Fairwater 0.4 NE (CoCoRaHS)", "Lake Avenue Reconstruction", "2026-12-04T07:00"),
        ("Badger Utility on-site gauge", None, "2026-12-04T16:30"),
    ):
        page.goto(f"{live_server.url}/app/rain")
        page.wait_for_selector("#r-gauge")
        page.get_by_label("Gauge").select_option(label=gauge)
        if site:
            page.get_by_label("Site (optional)").select_option(label=site)
        page.get_by_label("Read at").fill(when)
        page.get_by_label("Rain in the last 24 hours").fill("0.9")
        page.get_by_role("button", name="Queue reading").click()
        expect(page.locator("#rain-state")).to_have_text("Reading of 0.9 in queued in the outbox.")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    headings = page.locator(".outbox-entry h3")
    expect(headings).to_have_text(
        [
            "Rain reading: 0.9 in · Fairwater 0.4 NE (CoCoRaHS) · Lake Avenue Reconstruction"
            " · read Fri, Dec 4, 7:00 AM CST",
            "Rain reading: 0.9 in · Badger Utility on-site gauge · read Fri, Dec 4, 4:30 PM CST",
        ]
    )
    context.close()
