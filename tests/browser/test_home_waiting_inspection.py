"""My sites after an inspection submitted with no signal: the due list comes from the last pull and
still says the site is due, so the inspector is told there that the inspection was submitted and
waits in the outbox (not left to think it did not take, and do it again)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import sign
from tests.browser.field_home import field_home_as

SITE = "Main Street Water Main Replacement"


def test_a_site_inspected_offline_says_its_inspection_waits_in_the_outbox(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    due = page.locator(".due-entry").filter(has_text=f"Start: {SITE}")
    expect(due).to_have_count(2)  # a post-rain inspection overdue, the weekly one due
    expect(page.locator(".waiting-note")).to_have_count(0)
    weekly = due.filter(has=page.locator("a[href*='kind=weekly']"))

    context.set_offline(True)
    weekly.get_by_role("link", name=f"Start: {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    for code in page.eval_on_selector_all(
        ".item[data-code]", "els => els.map(e => e.dataset.code)"
    ):
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")

    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    note = weekly.locator(".waiting-note")
    expect(note).to_contain_text("You submitted a weekly inspection here (")
    expect(note).to_contain_text(
        "it waits in the outbox to be sent. What is due is updated once the server has it."
    )
    # Both of this site's items say it (any inspection after the rain counts for it too); the other
    # sites' items nothing.
    expect(due.locator(".waiting-note")).to_have_count(2)
    expect(page.locator(".waiting-note")).to_have_count(2)
    context.close()


def test_a_village_inspection_waiting_says_the_permittees_items_stay_due(
    browser, live_server, demo_app, tablet
):
    """§ 256-8D(3)(g) is the permittee's duty: the Village's own visit, submitted offline, does not
    answer the weekly or post-rain item, and the note says so instead of promising an update."""
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    due = page.locator(".due-entry").filter(has_text=f"Start: {SITE}")
    expect(due).to_have_count(2)

    context.set_offline(True)
    page.get_by_role("link", name=f"Village inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    for code in page.eval_on_selector_all(
        ".item[data-code]", "els => els.map(e => e.dataset.code)"
    ):
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")

    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    notes = due.locator(".waiting-note")
    expect(notes).to_have_count(2)
    expect(notes.first).to_contain_text("You submitted a Village inspection here (")
    expect(notes.first).to_contain_text(
        "It does not do the permittee's weekly or post-rain inspection: these stay due."
    )
    expect(notes.first).not_to_contain_text("What is due is updated")
    context.close()


def test_an_inspection_after_rain_waiting_is_named_in_plain_words(
    browser, live_server, demo_app, tablet
):
    """The note said 'You submitted a inspection after rain here': the kind's name lowercased behind
    'a', whatever its first letter. Each kind now has its own words, the Village's name kept."""
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    due = page.locator(".due-entry").filter(has_text=f"Start: {SITE}")
    after_rain = due.filter(has=page.locator("a[href*='kind=post_rain']"))
    context.set_offline(True)
    after_rain.get_by_role("link", name=f"Start: {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    for code in page.eval_on_selector_all(
        ".item[data-code]", "els => els.map(e => e.dataset.code)"
    ):
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")

    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    note = after_rain.locator(".waiting-note")
    expect(note).to_contain_text("You submitted an inspection after rain here (")
    context.close()
