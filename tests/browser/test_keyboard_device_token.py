"""A device enrolled with the keyboard: the page came back with its token, shown only this once,
but the focus on nothing at the top of the page and nothing said, so a screen-reader user did not
learn that the token was there to copy. The focus is now on the token's heading, the words
"shown only this once" and the token right after it."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import sign_in
from .keyboard import tab_to


def test_the_token_of_a_device_enrolled_with_the_keyboard_takes_the_focus(
    browser, live_server, demo_app
):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/devices/")
    tab_to(page, "#name")
    page.keyboard.type("Truck 3 tablet")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    heading = page.locator("#token-title")
    expect(heading).to_have_text("Token for “Truck 3 tablet”")
    expect(heading).to_be_focused()
    expect(page.locator("#device-token")).not_to_be_empty()
    context.close()
