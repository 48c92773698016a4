"""A photo removed with the keyboard leaves the keyboard with the item's photos: on the next photo's
"Remove", or on "Take photo" when none is left, never on nothing (a keyboard user lost their place
and saw no focus at all; a screen reader was left at the top of the page)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import camera_jpeg, stored
from tests.browser.keyboard import tab_to, weekly_by_keyboard
from tests.browser.test_signature import SITE


def choose_photo(page, block: str, seed: int) -> None:
    tab_to(page, f"{block} input.photo-file")
    with page.expect_file_chooser() as chooser:
        page.keyboard.press("Space")
    chooser.value.set_files(
        {
            "name": f"IMG_{seed}.jpg",
            "mimeType": "image/jpeg",
            "buffer": camera_jpeg(seed=seed, size=(1200, 900)),
        }
    )
    expect(page.locator(f"{block} .photo-attached")).to_contain_text(f"IMG_{seed}.jpg")


def test_removing_a_photo_keeps_the_keyboard_with_the_photos(browser, live_server, tablet):
    context, page, draft_id = weekly_by_keyboard(
        browser, tablet, live_server.url, SITE, file_choosers=True
    )
    block = ".photo-block[data-item='']"
    choose_photo(page, block, 1)
    choose_photo(page, block, 2)
    thumbs = page.locator(f"{block} .thumb")
    expect(thumbs).to_have_count(2)
    page.on("dialog", lambda dialog: dialog.accept())

    tab_to(page, f"{block} .thumb:first-child .photo-remove")
    page.keyboard.press("Enter")
    expect(thumbs).to_have_count(1)
    expect(page.locator("#app-announcer")).to_have_text("Photo removed.")
    expect(thumbs.locator(".photo-remove")).to_be_focused()

    page.keyboard.press("Enter")
    expect(thumbs).to_have_count(0)
    expect(page.locator(f"{block} .photo-attached")).to_have_text("No photo attached yet.")
    expect(page.locator(f"{block} input.photo-camera")).to_be_focused()
    assert stored(page, f"s.listPhotos('{draft_id}')") == []
    context.close()


def test_saving_marks_keeps_the_keyboard_on_the_photo(browser, live_server, tablet):
    """The marks editor's "Save marks" returns the keyboard to the photo's "Mark up", redrawn with
    the marks (drawing them with the keyboard: test_keyboard_photo_marks.py)."""
    context, page, _ = weekly_by_keyboard(
        browser, tablet, live_server.url, SITE, file_choosers=True
    )
    block = ".photo-block[data-item='']"
    choose_photo(page, block, 3)

    tab_to(page, f"{block} .markup-open")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Mark up the photo")
    expect(dialog).to_be_visible()
    tab_to(page, ".markup-save")
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(page.locator("#app-announcer")).to_have_text("Marks saved on this device: 0.")
    expect(page.locator(f"{block} .markup-open")).to_be_focused()
    context.close()
