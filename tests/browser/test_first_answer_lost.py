"""The tablet learns who is signed in even when the server's first answer on a page is lost. A page
asks as it opens (its first sync); when that request failed (a dropped connection, a server fault)
and nothing of this person waited to be sent, nothing asked again: the tablet went on by the last
person known on it, with their sites, findings and outbox buttons, until another page was opened.
Now it asks again on the retry timer and, once answered, pulls the packet as the page's load
would have."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import sign_in


def test_a_lost_first_answer_is_asked_again(browser, live_server, tablet):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    asked = []

    def first_lost(route):
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/api/v1/csrf", first_lost)
    sign_in(page, url, "inspector@fairwater.example")  # lands on My sites, which asks as it opens
    page.wait_for_selector("body[data-ready=home]")
    who = page.locator("#shell-user")
    expect(who).to_contain_text("Not signed in on this device")
    expect(who).to_contain_text("Luis Ortega (inspector)", timeout=25_000)
    assert len(asked) >= 2
    # Its sites came too, with no page opened meanwhile.
    expect(page.locator("#site-cards .site-card").first).to_be_visible()
    context.close()
