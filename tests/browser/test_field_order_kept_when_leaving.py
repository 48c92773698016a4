"""The field stop-work form keeps what was typed just before the page was left. It keeps the form a
quarter second after the last key, and again when the page is left; but a page being left ends
before IndexedDB commits a write on its own, so what was found, typed and then My sites tapped (or
the tab closed) was lost. A value kept on the device is now committed at once."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import wait_for_controller
from tests.browser.test_enforcement import SITE, stop_work_form

FOUND = "Silt fence down along the east ditch; sediment in the Mill Street inlet."
GROUND = "The conditions of the permit are not being met"


def test_what_was_found_typed_just_before_leaving_comes_back(browser, live_server, tablet):
    context, page = stop_work_form(browser, live_server.url, tablet)
    wait_for_controller(page)
    context.set_offline(True)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label(GROUND).check()
    page.get_by_label("What you found").fill(FOUND)
    page.get_by_role("link", name="My sites").click()
    page.wait_for_selector("body[data-ready=home]")

    page.goto(f"{live_server.url}/app/stop-work")
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("What you found")).to_have_value(FOUND)
    expect(page.get_by_label(GROUND)).to_be_checked()
    context.close()
