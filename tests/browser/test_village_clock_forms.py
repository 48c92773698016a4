"""The field forms read and write the Village's clock (America/Chicago), whatever zone the tablet is
set to: at Sun 2026-11-29 19:30 CST on a tablet set to UTC (where it is already 01:30 on the 30th) or
to Mountain time (18:30), a new inspection is dated the 29th at 19:30, a time typed in it means that
time in Fairwater, a reopened inspection shows its times on the same clock, and the rain reading and
stop-work forms start at, and send, the Village's time."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from tests.browser.capture_packet import pull_body, seed_packet, sign, stored, wait_for_controller
from tests.browser.conftest import sign_in

SITE = "1"  # Meadow Ridge Subdivision, Phase 2
NOW = datetime(2026, 11, 30, 1, 30, tzinfo=UTC)  # Sun 2026-11-29 19:30 CST


def tablet_in(browser, live_server, demo_app, tablet, zone):
    """A signed-in tablet set to `zone`, its clock held at NOW, with the work packet, offline."""
    context = browser.new_context(**{**tablet, "timezone_id": zone})
    page = context.new_page()
    page.clock.set_fixed_time(NOW)
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    # The device's own clock is the zone's: the test is not run on the Village's clock by accident.
    assert page.evaluate("() => new Date().getHours()") == {"UTC": 1, "America/Denver": 18}[zone]
    context.set_offline(True)
    return context, page, body


@pytest.mark.parametrize("zone", ["UTC", "America/Denver"])
def test_an_inspection_is_dated_and_timed_on_the_villages_clock(
    zone, browser, live_server, demo_app, tablet
):
    context, page, body = tablet_in(browser, live_server, demo_app, tablet, zone)
    codes = next(c["data"] for c in body["changes"] if c["id"] == SITE)["checklist_codes"]
    page.goto(f"{live_server.url}/app/inspect?site={SITE}&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")

    # A new draft: the Village's date and time, not the tablet's.
    expect(page.locator("#f-date")).to_have_value("2026-11-29")
    expect(page.locator("#f-start")).to_have_value("19:30")

    # A start time typed in means that time in Fairwater: 19:05 CST is 01:05 UTC on the 30th.
    page.locator("#f-start").fill("19:05")
    for code in codes:
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [entry] = stored(page, "s.listOutbox()")
    payload = entry["payload"]
    assert (payload["inspected_on"], payload["started_at"], payload["ended_at"]) == (
        "2026-11-29",
        "2026-11-30T01:05:00Z",
        "2026-11-30T01:30:00Z",  # the end, filled in on submitting: now
    )

    # Reopened as a draft (a refused inspection is), its times read on the same clock.
    reopened = page.evaluate(
        """async (entry) => {
            const drafts = await import('/static/js/drafts.js');
            const s = await import('/static/js/store.js');
            const draft = drafts.draftFromEntry(entry, {
                user: await s.getMeta('user'), catalog: await s.getMeta('catalog') });
            return draft.header;
        }""",
        entry,
    )
    assert (reopened["inspected_on"], reopened["start_time"], reopened["end_time"]) == (
        "2026-11-29",
        "19:05",
        "19:30",
    )
    context.close()


def test_rain_reading_and_stop_work_forms_use_the_villages_clock(
    browser, live_server, demo_app, tablet
):
    context, page, _body = tablet_in(browser, live_server, demo_app, tablet, "UTC")

    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    expect(page.locator("#r-when")).to_have_value("2026-11-29T19:30")
    if page.locator("select#r-gauge").count():
        page.locator("#r-gauge").select_option(index=0)
    else:
        page.locator("#r-gauge").fill("1")
    page.locator("#r-amount").fill("0.62")
    page.locator("#r-when").fill("2026-11-29T18:45")  # read 45 minutes ago, Fairwater time
    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_contain_text("queued")
    expect(page.locator("#r-when")).to_have_value("2026-11-29T19:30")

    page.goto(f"{live_server.url}/app/stop-work")
    page.wait_for_selector("body[data-ready=stop-work]")
    expect(page.locator("#sw-when")).to_have_value("2026-11-29T19:30")
    # A site with a permit in force: every ground of § 256-10A is offered there.
    page.locator("#sw-site").select_option(label="Meadow Ridge Subdivision, Phase 2")
    page.get_by_label("The conditions of the permit are not being met").check()
    page.get_by_label("What you found").fill("No inlet protection on Mill Street")
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")

    sent = {e["entity"]: e["payload"] for e in stored(page, "s.listOutbox()")}
    assert sent["rain_reading"]["observed_at"] == "2026-11-30T00:45:00Z"
    assert sent["stop_work_order"]["posted_at"] == "2026-11-30T01:30:00Z"
    context.close()
