"""The same picture chosen twice for one item (it seemed not to have come while the tablet prepared
it) is attached once, and the page says so: before, the inspection went out with the photo twice,
and the report showed it twice."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import (
    camera_jpeg,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
)


def test_the_same_photo_chosen_again_is_not_attached_twice(browser, live_server, demo_app, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
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
