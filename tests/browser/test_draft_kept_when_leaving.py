"""What was typed just before leaving the capture page is in the draft. The page saves a quarter
second after the last key, and again when it is left; but a page being left runs nothing that waits
for IndexedDB's answer, and its save read the stored copy first. So a sentence typed at speed and
then My sites tapped, the browser's Back, or the tab closed, was lost: the draft kept what it held
before it. The save on leaving is now written at once."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.test_capture_flow import open_weekly

WEATHER = "Overcast, 41 °F, ground soft after rain"


@pytest.mark.parametrize("leave", ["link", "close"])
def test_what_was_typed_just_before_leaving_is_kept(browser, live_server, demo_app, tablet, leave):
    context, page, codes = open_weekly(browser, live_server, demo_app, tablet)
    context.set_offline(True)
    draft_id = page.evaluate("() => new URLSearchParams(location.search).get('draft')")
    page.locator(f"label[for='r-{codes[0]}-pass']").click()
    expect(page.locator("#save-state")).to_contain_text("Saved on this device")

    page.get_by_label("Weather").fill(WEATHER)
    if leave == "link":
        page.get_by_role("link", name="My sites").click()
        page.wait_for_selector("body[data-ready=home]")
    else:
        page.close()
        page = context.new_page()
        page.goto(f"{live_server.url}/app/")
    draft = stored(page, f"s.getDraft('{draft_id}')")
    assert draft["header"]["weather"] == WEATHER
    assert [a["result"] for a in draft["answers"].values() if a.get("result")] == ["pass"]

    page.goto(f"{live_server.url}/app/inspect?draft={draft_id}")
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.get_by_label("Weather")).to_have_value(WEATHER)
    context.close()
