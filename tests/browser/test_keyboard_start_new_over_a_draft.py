"""Starting a new inspection over an unfinished one with the keyboard: "Start a new inspection" is
hidden with the offer once pressed, and the focus went with it (on nothing, no focus to see). It
now goes to the new form's first field, and the new inspection is said to be started."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as
from tests.browser.keyboard import tab_to
from tests.browser.test_signature import SITE

WEEKLY = f'a[aria-label="Weekly inspection at {SITE}"]'


def test_start_new_over_a_draft_puts_the_keyboard_in_the_form(browser, live_server, tablet):
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    tab_to(page, WEEKLY)
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=capture]")
    first = page.url.split("draft=")[1]

    page.goto(f"{live_server.url}/app/")
    page.locator(".site-card").first.wait_for()
    tab_to(page, WEEKLY)
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=resume-offer]")
    tab_to(page, "#start-new")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.locator("#f-kind")).to_be_focused()
    expect(page.locator("#save-state")).to_have_text(
        "New inspection started; it is saved on this device as you go."
    )
    assert page.url.split("draft=")[1] != first
    context.close()
