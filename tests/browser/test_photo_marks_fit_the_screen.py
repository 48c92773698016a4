"""The photo marking editor fits a 10-inch tablet's screen, held upright or on its side: the photo was
drawn up to 65 % of the screen's height under the editor's instructions and tools, so Undo, Save marks
and Cancel were below the screen's foot, and the dialog could be scrolled to them only by dragging
beside the photo (a drag on the photo draws). Now, upright, the photo is as tall as what is left once
the rest of the editor is on screen (the label field of the Label tool included); on its side, the
photo is on the left as tall as the screen allows and the rest of the editor beside it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.capture_flow import landscape
from tests.browser.capture_packet import camera_jpeg, offline_weekly_capture

BLOCK = ".photo-block[data-item='']"


def on_screen(page, locator) -> bool:
    box = locator.bounding_box()
    view = page.viewport_size
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= view["height"]
        and box["x"] + box["width"] <= view["width"]
    )


@pytest.mark.parametrize("turned", [False, True], ids=["upright", "on its side"])
def test_the_whole_editor_is_on_the_screen(browser, live_server, demo_app, playwright, turned):
    for name in ("iPad (gen 7)", "Galaxy Tab S4"):
        device = {**playwright.devices[name], "timezone_id": "America/Chicago"}
        device.pop("default_browser_type", None)
        context, page, _ = offline_weekly_capture(
            browser, landscape(device) if turned else device, live_server.url, demo_app
        )
        # An upright photo from the camera, the tallest a photo is drawn.
        page.locator(f"{BLOCK} input.photo-file").set_input_files(
            files=[{"name": "IMG_1.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=3)}]
        )
        page.locator(f"{BLOCK} .markup-open").click()
        dialog = page.get_by_role("dialog", name="Mark up the photo")
        expect(dialog.locator(".markup-stage img")).to_have_js_property("complete", True)
        for tool in ("Arrow", "Label"):
            dialog.get_by_role("button", name=tool, exact=True).click()
            for part in ("Undo", "Save marks", "Cancel"):
                button = dialog.get_by_role("button", name=part)
                assert on_screen(page, button), f"{name}, {tool}: {part} {button.bounding_box()}"
            photo = dialog.locator(".markup-stage img")
            assert on_screen(page, photo), f"{name}, {tool}: the photo {photo.bounding_box()}"
            # Still big enough to mark: at least a third of the screen's height.
            assert photo.bounding_box()["height"] >= page.viewport_size["height"] / 3
        context.close()
