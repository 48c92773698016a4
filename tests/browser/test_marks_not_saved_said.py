"""Marks drawn on a photo when the tablet's storage is full. Before, Save marks told a screen
reader "Marks saved on this device: 1." while the line under the form said the last change was NOT
saved: a person relying on the first would close the app and lose the marks. Now only the save line
speaks (not saved, and why), and the marks stay in the open draft: the next save that finds room
keeps them."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import (
    camera_jpeg,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
)
from tests.browser.conftest import sign_in
from tests.browser.test_capture_drafts import QUOTA_SCRIPT
from tests.browser.test_photo_markup import drag


def test_marks_not_saved_for_want_of_room_are_not_said_saved(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    context.add_init_script(QUOTA_SCRIPT)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    codes = next(c["data"] for c in body["changes"] if c["id"] == "1")["checklist_codes"]
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.evaluate("() => new URLSearchParams(location.search).get('draft')")
    general = page.locator(".photo-block[data-item='']")
    general.locator("input.photo-camera").set_input_files(
        {"name": "IMG_7.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=7)}
    )
    thumb = general.locator(".thumb")
    thumb.wait_for()
    announcer = page.locator("#app-announcer")
    expect(announcer).to_contain_text("Photo attached")

    page.evaluate("() => { self.__storageFull = true; }")
    thumb.get_by_role("button", name="Mark up").click()
    dialog = page.get_by_role("dialog", name="Mark up the photo")
    stage = dialog.locator(".markup-stage img")
    stage.wait_for()
    drag(page, stage.bounding_box(), (0.2, 0.2), (0.5, 0.55))
    dialog.get_by_role("button", name="Save marks").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#save-state")).to_contain_text(
        "This device's storage is full: your last change is NOT saved."
    )
    page.wait_for_timeout(500)  # the announcer speaks 30 ms after it is given words
    expect(announcer).not_to_contain_text("Marks saved")
    draft = stored(page, f"s.getDraft('{draft_id}')")
    assert not any(draft.get("marks", {}).values())

    # Room again: the next change saved carries the marks drawn meanwhile.
    page.evaluate("() => { self.__storageFull = false; }")
    page.locator(f"label[for='r-{codes[0]}-pass']").click()
    expect(page.locator("#save-state")).to_contain_text("Saved on this device")
    draft = stored(page, f"s.getDraft('{draft_id}')")
    assert [len(m) for m in draft["marks"].values()] == [1]
    context.close()
