"""The keyboard-only browser tests' shared steps: Tab to a control, and a tablet that opens a weekly
inspection from My sites with the keyboard."""

from __future__ import annotations

from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in

FOCUSED = "(selector) => Boolean(document.activeElement?.matches(selector))"


def tab_to(page, selector: str, limit: int = 200) -> None:
    """Press Tab until the element `selector` (CSS) has the focus."""
    for _ in range(limit):
        if page.evaluate(FOCUSED, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def weekly_by_keyboard(browser, tablet, url: str, site: str, *, file_choosers: bool = False):
    """The inspector's tablet on My sites, its weekly inspection at `site` opened with Tab and Enter.
    `file_choosers`: caught from the page's first moment (one opened before Playwright catches them
    would stay open, unseen, and the next Space on a file field would open none). Returns
    (context, page, the draft's id)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    if file_choosers:
        page.on("filechooser", lambda chooser: None)
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()
    tab_to(page, f'a[aria-label="Weekly inspection at {site}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=capture]")
    return context, page, page.url.split("draft=")[1]
