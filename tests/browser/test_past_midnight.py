"""An inspection that goes on past midnight (a post-rain inspection late in the evening): its end is
on the next Village day. Started at 23:50 and submitted at 00:10 with no signal, it reaches the
server ending at 00:10 the next day, not 23 hours 40 minutes before it started (which the server
refused: "Ends before it starts", and the device refused the same time typed in again). A typed end
time before the start is read as the next day, said on the page, when the visit then lasts 12 hours
at most; a longer one is a mistyped time and refused."""

from __future__ import annotations

from datetime import UTC, datetime

from playwright.sync_api import expect
from sqlmodel import Session

from inspector.models import Inspection
from tests.browser.capture_packet import pull_body, seed_packet, sign, stored, wait_for_controller
from tests.browser.conftest import sign_in

SITE = "1"  # Meadow Ridge Subdivision, Phase 2
STARTED = datetime(2026, 12, 1, 5, 50, tzinfo=UTC)  # Mon 2026-11-30 23:50 CST
SUBMITTED = datetime(2026, 12, 1, 6, 10, tzinfo=UTC)  # Tue 2026-12-01 00:10 CST


def tablet_at(browser, live_server, demo_app, tablet, moment):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.clock.set_fixed_time(moment)
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    codes = next(c["data"] for c in body["changes"] if c["id"] == SITE)["checklist_codes"]
    return context, page, codes


def start_all_pass(page, url, codes):
    page.goto(f"{url}/app/inspect?site={SITE}&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    for code in codes:
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)


def test_an_inspection_submitted_after_midnight_ends_the_next_day(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, codes = tablet_at(browser, live_server, demo_app, tablet, STARTED)
    context.set_offline(True)
    start_all_pass(page, url, codes)
    expect(page.locator("#f-date")).to_have_value("2026-11-30")
    expect(page.locator("#f-start")).to_have_value("23:50")

    page.clock.set_fixed_time(SUBMITTED)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [entry] = stored(page, "s.listOutbox()")
    payload = entry["payload"]
    assert (payload["inspected_on"], payload["started_at"], payload["ended_at"]) == (
        "2026-11-30",
        "2026-12-01T05:50:00Z",
        "2026-12-01T06:10:00Z",
    )

    # With a signal again: the server takes it, as it was.
    context.set_offline(False)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#sync-note")).to_contain_text("Sync finished")
    with Session(demo_app.extensions["engine"]) as db:
        inspection = db.get(Inspection, entry["entity_id"])
        assert inspection is not None
        assert inspection.ended_at.replace(tzinfo=UTC) == SUBMITTED
    context.close()


def test_a_typed_end_before_the_start_is_the_next_day_and_said_so(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, codes = tablet_at(browser, live_server, demo_app, tablet, SUBMITTED)
    context.set_offline(True)
    start_all_pass(page, url, codes)
    page.locator("#f-date").fill("2026-11-30")
    page.locator("#f-start").fill("23:30")
    page.locator("#f-end").fill("00:05")
    expect(page.locator("#f-end-hint")).to_have_text(
        "Past midnight: ends the next day, Tue, Dec 1."
    )

    # 07:30 after an 08:00 start is no visit past midnight (23 hours 30): a mistyped time.
    page.locator("#f-start").fill("08:00")
    page.locator("#f-end").fill("07:30")
    expect(page.locator("#f-end-hint")).to_have_text("")
    page.get_by_role("button", name="Submit inspection").click()
    expect(page.locator("#f-end-error")).to_have_text("The end time is before the start time.")
    assert stored(page, "s.listOutbox()") == []

    page.locator("#f-start").fill("23:30")
    page.locator("#f-end").fill("00:05")
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [entry] = stored(page, "s.listOutbox()")
    payload = entry["payload"]
    assert (payload["inspected_on"], payload["started_at"], payload["ended_at"]) == (
        "2026-11-30",
        "2026-12-01T05:30:00Z",
        "2026-12-01T06:05:00Z",
    )
    context.close()
