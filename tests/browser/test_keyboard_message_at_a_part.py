"""A form on an office page whose answer opens the page at its own part (a site's rain gauge, its
public page): the browser, going to that part, took the focus off the message, so the focus was
on nothing and a screen reader heard neither the message nor where it was. The focus is now on
that part's heading and the message ('Rain gauge changed for this site.') is said."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import sign_in
from .keyboard import tab_to


def test_choosing_a_gauge_with_the_keyboard_says_so_at_the_rain_section(
    browser, live_server, demo_app
):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/sites/1")
    tab_to(page, "#gauge_id")
    chosen = page.locator("#gauge_id").input_value()
    page.keyboard.press("ArrowDown")
    if page.locator("#gauge_id").input_value() == chosen:  # it was the last of the list
        page.keyboard.press("ArrowUp")
    assert page.locator("#gauge_id").input_value() != chosen
    tab_to(page, "form[action$='/gauge'] button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator(".flash")).to_have_text("Rain gauge changed for this site.")
    expect(page.locator("#rain-h")).to_be_focused()
    expect(page.locator("#app-announcer")).to_have_text("Rain gauge changed for this site.")

    tab_to(page, "form[action$='/public'] button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#public-h")).to_be_focused()
    said = page.locator(".flash").inner_text()
    expect(page.locator("#app-announcer")).to_have_text(said)
    context.close()
