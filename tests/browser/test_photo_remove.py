"""Removing a photo from an inspection asks first: one tap on "Remove" (beside "Mark up", with a
muddy glove) no longer deletes a photo of the site as it was, which cannot be taken again."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import camera_jpeg, offline_weekly_capture, stored


def test_a_photo_is_removed_only_when_the_person_confirms(browser, live_server, demo_app, tablet):
    context, page, draft_id = offline_weekly_capture(browser, tablet, live_server.url, demo_app)
    block = page.locator(".photo-block[data-item='']")
    block.locator("input.photo-file").set_input_files(
        {"name": "IMG_0042.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=3)}
    )
    block.locator(".thumb").wait_for()

    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    block.get_by_role("button", name="Remove photo").click()
    expect(block.locator(".thumb")).to_have_count(1)
    assert asked == [
        "Remove this photo (IMG_0042.jpg) from the inspection? It is deleted from this device "
        "and cannot be brought back."
    ]
    assert len(stored(page, f"s.listPhotos('{draft_id}')")) == 1

    page.once("dialog", lambda dialog: answer(dialog, True))
    block.get_by_role("button", name="Remove photo").click()
    expect(block.locator(".thumb")).to_have_count(0)
    expect(block.locator(".photo-attached")).to_have_text("No photo attached yet.")
    assert stored(page, f"s.listPhotos('{draft_id}')") == []
    context.close()
