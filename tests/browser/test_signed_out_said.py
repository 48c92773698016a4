"""When the server no longer takes the tablet's sync (the session ended: signed out elsewhere, the
password changed, the account disabled), the field page shows "Sign in to sync", and a screen
reader hears it: the work stays on the device, unsent, until the person signs in again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.browser.pages_world import PULL


def test_sign_in_to_sync_is_said_when_it_appears(browser, tablet, live_server):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    assert page.evaluate(PULL)["ok"]
    page.goto(f"{live_server.url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    context.clear_cookies()  # the session has ended
    page.evaluate(PULL)
    expect(page.locator("#sync-signin")).to_be_visible()
    expect(page.locator("#app-announcer")).to_have_text(
        "Sign in to sync. Your work stays on this device until you do."
    )
    context.close()
