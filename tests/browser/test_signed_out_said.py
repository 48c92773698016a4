"""When the server no longer takes the tablet's sync (the session ended: signed out elsewhere, the
password changed, the account disabled), the field page shows "Sign in to sync", and a screen
reader hears it: the work stays on the device, unsent, until the person signs in again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages_world import PULL, role_page


def test_sign_in_to_sync_is_said_when_it_appears(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    page.goto(f"{live_server.url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    context.clear_cookies()  # the session has ended
    page.evaluate(PULL)
    expect(page.locator("#sync-signin")).to_be_visible()
    expect(page.locator("#app-announcer")).to_have_text(
        "Sign in to sync. Your work stays on this device until you do."
    )
    context.close()
