"""A tablet signed in and on My sites (/app/), the start of most field-app tests."""

from __future__ import annotations

from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.page_ready import wait_ready


def field_home_as(browser, tablet, url: str, email: str, *, controlled: bool = True):
    """A new tablet context signed in as `email`, on My sites once drawn; with `controlled`, also once
    the service worker controls the page (so the test may then go offline). Returns (context, page)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, email)
    page.goto(f"{url}/app/")
    wait_ready(page, "home")
    if controlled:
        wait_for_controller(page)
    return context, page
