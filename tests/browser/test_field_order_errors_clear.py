"""The field stop-work form says a mistake only while it stands: once the site is chosen, a ground
ticked or what was found written, its message goes. Before, "Choose the site." stayed under the site
just chosen until the next press, and a first-time inspector could not tell what was still wrong."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_enforcement import SITE, stop_work_form


def test_each_message_goes_once_its_field_is_put_right(browser, live_server, tablet):
    context, page = stop_work_form(browser, live_server.url, tablet)
    context.set_offline(True)
    page.get_by_role("button", name="Post the stop-work order").click()
    for box in ("#sw-site-error", "#sw-grounds-error", "#sw-notes-error"):
        expect(page.locator(box)).not_to_be_empty()

    page.get_by_label("Site").select_option(label=SITE)
    expect(page.locator("#sw-site-error")).to_be_empty()
    expect(page.get_by_label("Site")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#sw-grounds-error")).not_to_be_empty()  # still to do

    page.get_by_label("The conditions of the permit are not being met").check()
    expect(page.locator("#sw-grounds-error")).to_be_empty()
    page.get_by_label("What you found").fill("No inlet protection on Mill Street")
    expect(page.locator("#sw-notes-error")).to_be_empty()
    context.close()
