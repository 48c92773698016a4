"""The permittee tells the Village its site is finally stabilized from the permit page, with the
keyboard; the page says inspections stay due until the Village closes the permit, and the
supervisor's permit page shows the notice beside the close form."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from tests.browser.conftest import sign_in
from tests.browser.test_permit_close import finished_site
from tests.browser.test_shared_tablet_drafts import PRAIRIE

WORK = "Seeded and mulched, 70 % cover, silt fence removed"
STILL_DUE = "Inspections stay due until the Village closes the permit."


def day_words(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def test_the_permittee_notifies_final_stabilization_and_the_supervisor_reads_it(
    browser, live_server, demo_app
):
    url = live_server.url
    permit_id = finished_site(demo_app)
    today = clocks.local_date(utcnow(), default())
    stabilized = today - timedelta(days=2)
    office = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US"}

    context = browser.new_context(**office)
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}/permits/{permit_id}")
    section = page.locator(
        "section", has=page.get_by_role("heading", name="Notice of final stabilization")
    )
    expect(section).to_contain_text("Giving this notice does not close the permit")
    page.get_by_label("Day the site was finally stabilized").focus()
    page.keyboard.type(stabilized.strftime("%m%d%Y"))
    date_field = page.get_by_label("Day the site was finally stabilized")
    expect(date_field).to_have_value(stabilized.isoformat())
    # Chromium's date field keeps the focus for one more Tab (a stop inside it) before moving on.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.get_by_label("What was done")).to_be_focused()
    page.keyboard.type(WORK)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Notify final stabilization")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".flash")).to_contain_text(
        "Notice of final stabilization sent. " + STILL_DUE
    )
    given = page.locator("#stab-given")
    expect(given).to_contain_text(
        f"You notified on {day_words(today)} that the site was finally stabilized on "
        f"{day_words(stabilized)}: {WORK}"
    )
    expect(section).to_contain_text(STILL_DUE)
    expect(page.get_by_role("button", name="Notify final stabilization")).to_have_count(0)
    context.close()

    context = browser.new_context(**office)
    page = context.new_page()
    sign_in(page, url, "supervisor@fairwater.example")
    page.goto(f"{url}/permits/{permit_id}")
    close = page.locator(
        "section",
        has=page.get_by_role("heading", name="Close the permit: the site is finally stabilized"),
    )
    expect(close).to_contain_text(
        f"The permittee (Sam Lindqvist) notified on {day_words(today)} that the site was "
        f"finally stabilized on {day_words(stabilized)}: {WORK}"
    )
    expect(close.get_by_role("button", name="Close the permit")).to_be_visible()
    expect(close.get_by_role("button", name="Decline the notice")).to_be_visible()
    page.goto(f"{url}/dashboard")
    row = page.locator("tr", has=page.get_by_role("link", name="Willow Bend Lots, finished"))
    expect(row).to_contain_text("Asks to close")
    context.close()
