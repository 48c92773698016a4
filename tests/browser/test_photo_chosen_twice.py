"""The same picture chosen twice for one item (it seemed not to have come while the tablet prepared
it) is attached once, and the page says so: before, the inspection went out with the photo twice,
and the report showed it twice."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import camera_jpeg, offline_weekly_capture, stored


def test_the_same_photo_chosen_again_is_not_attached_twice(browser, live_server, demo_app, tablet):
    context, page, draft_id = offline_weekly_capture(browser, tablet, live_server.url, demo_app)
    block = page.locator(".photo-block[data-item='']")
    first = {"name": "IMG_0042.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=5)}
    block.locator("input.photo-file").set_input_files(first)
    block.locator(".thumb").wait_for()

    block.locator("input.photo-file").set_input_files({**first, "name": "IMG_0042 (1).jpg"})
    expect(block.locator(".photo-error")).to_have_text(
        "This photo is already attached here (IMG_0042.jpg). Nothing was added."
    )
    expect(block.locator(".thumb")).to_have_count(1)
    assert len(stored(page, f"s.listPhotos('{draft_id}')")) == 1

    # Another picture is attached as always.
    other = {"name": "IMG_0043.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=6)}
    block.locator("input.photo-file").set_input_files(other)
    expect(block.locator(".thumb")).to_have_count(2)
    expect(block.locator(".photo-error")).to_have_text("")
    context.close()
