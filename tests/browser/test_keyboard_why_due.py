"""A "Why?" beside a due item, followed with the keyboard, puts the focus on its note in "Why these
are due": the page scrolled there but the focus was on nothing, so no focus was seen and a screen
reader did not read the note."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as
from tests.browser.keyboard import tab_to


def test_why_followed_with_the_keyboard_focuses_its_note(browser, live_server, tablet):
    context, page = field_home_as(
        browser, tablet, live_server.url, "inspector@fairwater.example", controlled=False
    )
    tab_to(page, "a.why-link")
    note_id = page.evaluate("() => document.activeElement.getAttribute('href').slice(1)")
    page.keyboard.press("Enter")
    note = page.locator(f"#why-list #{note_id}")
    expect(note).to_be_focused()
    expect(note).not_to_have_text("")
    context.close()
