"""The header's Outbox link on every page keeps a keyboard user's place: when the signal goes and
comes back, or the outbox changes, its words change where it stands, and the person's focus stays on
it (a link drawn anew would drop the focus to the top of the page)."""

from __future__ import annotations

from playwright.sync_api import expect

from .pages_world import role_page

FOCUSED_ID = "() => document.activeElement && document.activeElement.id"


def test_the_outbox_link_keeps_the_focus_as_the_signal_goes_and_comes_back(
    browser, live_server, tablet
):
    base = live_server.url
    context, page = role_page(browser, tablet, base, "inspector")
    page.goto(f"{base}/sites/")
    link = page.locator("#outbox-count")
    expect(link).to_have_text("Outbox: all sent")
    link.focus()
    assert page.evaluate(FOCUSED_ID) == "outbox-count"

    context.set_offline(True)
    expect(page.locator("#net-state")).to_contain_text("Offline")
    assert page.evaluate(FOCUSED_ID) == "outbox-count", "the signal went: focus left the link"

    context.set_offline(False)
    expect(page.locator("#net-state")).not_to_contain_text("Offline")
    assert page.evaluate(FOCUSED_ID) == "outbox-count", "the signal came back: focus left the link"

    context.close()
