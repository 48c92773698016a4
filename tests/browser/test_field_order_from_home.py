"""A Village inspector with no signal at a site reaches the field stop-work form from the field app
itself: its only way in was a link on the office site page, which needs a signal, so a first-day
inspector on site found no way to post an order. Each site on My sites now offers it to staff."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as

SITE = "Meadow Ridge Subdivision, Phase 2"


def test_an_inspector_offline_opens_the_stop_work_form_from_my_sites(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready=home]")
    page.get_by_role("link", name=f"Post a stop-work order at {SITE}").click()
    page.wait_for_selector("body[data-ready=stop-work]")
    expect(page.get_by_label("Site")).to_have_value("1")
    expect(page.locator("#sw-form")).to_be_visible()
    context.close()


def test_a_permittee_is_not_offered_it(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(
        browser, tablet, url, "permittee@prairie-builders.example", controlled=False
    )
    expect(page.get_by_role("heading", name=SITE)).to_be_visible()
    expect(page.get_by_role("link", name="Post a stop-work order", exact=False)).to_have_count(0)
    context.close()
