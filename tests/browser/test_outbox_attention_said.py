"""A record the server refused in a sync nobody asked for (the signal coming back) is said on
whatever page the person is on: the header's outbox line, a live region, reads "needs attention"
instead of "waiting" (which promised it would still be sent)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_outbox_ways_out import prairie_tablet, refused_village_inspection


def test_a_record_refused_when_the_signal_comes_back_is_said_in_the_header(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context, page, site, codes = prairie_tablet(
        browser, tablet, url, demo_app, ready="home", path="/app/"
    )
    state = page.locator("#net-state")
    expect(state).to_have_attribute("role", "status")
    context.set_offline(True)
    # A Village inspection, which the server refuses from a permittee.
    refused_village_inspection(page, site, codes, (200, 60, 60), "Queued offline")
    expect(state).to_contain_text("Outbox: 1 waiting")
    context.set_offline(False)  # the shell sends the outbox by itself
    expect(state).to_contain_text("Outbox: 1 needs attention")
    expect(state).not_to_contain_text("waiting")
    context.close()
