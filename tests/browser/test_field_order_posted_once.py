"""The field stop-work form pressed twice while it is still saving the first press (the notice's
photo is being made ready on the tablet): one order is queued, not two orders each suspending the
permit and running its own compliance clock."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_enforcement import SITE, stop_work_form
from tests.sync.helpers import jpeg


def test_an_order_pressed_twice_while_its_photo_is_made_ready_is_queued_once(
    browser, live_server, tablet, tmp_path
):
    context, page = stop_work_form(browser, live_server.url, tablet)
    context.set_offline(True)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label("The conditions of the permit are not being met").check()
    page.get_by_label("What you found").fill("No inlet protection on Mill Street")
    notice = tmp_path / "notice.jpg"
    notice.write_bytes(jpeg(width=4000, height=3000))  # a camera's photo: downscaled on the tablet
    page.locator("#sw-photo").set_input_files(str(notice))

    button = page.get_by_role("button", name="Post the stop-work order")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)
    expect(page.locator("#sw-state")).to_contain_text("saved on this device", timeout=20000)
    page.wait_for_timeout(2000)  # a second saving, were there one

    outbox = page.evaluate("async () => (await import('/static/js/store.js')).listOutbox()")
    assert [e["entity"] for e in outbox] == ["stop_work_order"]
    context.close()
