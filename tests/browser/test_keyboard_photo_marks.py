"""Marks on a photo without dragging. The editor drew an arrow or a circle only by dragging a finger
or a stylus over the photo: with a keyboard nothing could be marked at all, and a tap showed only
"Drag from the arrow's tail to its point." Now the photo takes the keyboard's focus, the arrow keys
move a cross over it and Enter puts a point where it is (an arrow's tail, then its point; a circle's
centre, then its edge; a label's place), and two taps do what a drag does."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.keyboard import tab_to, weekly_by_keyboard
from tests.browser.test_capture_a11y import serious_violations
from tests.browser.test_keyboard_photo_remove import choose_photo
from tests.browser.test_signature import SITE

BLOCK = ".photo-block[data-item='']"


def open_editor(page):
    tab_to(page, f"{BLOCK} .markup-open")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Mark up the photo")
    expect(dialog).to_be_visible()
    return dialog


def press(page, key: str, times: int) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def test_an_arrow_a_circle_and_a_label_marked_with_the_keyboard_alone(browser, live_server, tablet):
    # axe is injected as a script tag: the test's context lets it past the page's CSP.
    context, page, draft_id = weekly_by_keyboard(
        browser, {**tablet, "bypass_csp": True}, live_server.url, SITE, file_choosers=True
    )
    choose_photo(page, BLOCK, 5)
    dialog = open_editor(page)
    where = dialog.locator(".markup-where")
    count = dialog.locator(".markup-count")

    # The arrow (the tool the editor opens on): its tail, then its point.
    tab_to(page, ".markup-stage")
    expect(dialog.locator(".markup-stage")).to_have_accessible_name("The photo to mark up")
    expect(dialog.locator(".markup-cross")).to_be_visible()
    press(page, "ArrowLeft", 10)
    press(page, "ArrowUp", 5)
    expect(where).to_have_text("Cross at 30 % across, 40 % down.")
    page.keyboard.press("Enter")
    expect(where).to_have_text("Tail placed: now the arrow's point.")
    expect(count).to_have_text("0 of 20 marks.")
    assert serious_violations(page) == []  # the editor, its photo focused, a first point shown
    press(page, "Shift+ArrowRight", 3)
    page.keyboard.press("Enter")
    expect(count).to_have_text("1 of 20 marks.")

    # Escape drops a first point and leaves the editor open; a second Escape would close it.
    page.keyboard.press("Enter")
    expect(where).to_have_text("Tail placed: now the arrow's point.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_visible()
    expect(where).to_have_text("First point dropped.")
    expect(count).to_have_text("1 of 20 marks.")

    # A circle: its centre, then a point on its edge.
    tab_to(page, ".markup-tool[data-tool=circle]")
    page.keyboard.press("Enter")
    tab_to(page, ".markup-stage")
    press(page, "ArrowDown", 10)  # the cross is where the arrow's point was: 60 % across
    page.keyboard.press("Enter")
    expect(where).to_have_text("Centre placed: now a point on the edge.")
    press(page, "ArrowRight", 5)
    page.keyboard.press("Space")
    expect(count).to_have_text("2 of 20 marks.")

    # A label: its words typed, then placed where the cross is.
    tab_to(page, ".markup-tool[data-tool=label]")
    page.keyboard.press("Enter")
    tab_to(page, ".markup-text")
    page.keyboard.type("Torn silt fence")
    tab_to(page, ".markup-stage")
    press(page, "ArrowUp", 20)
    page.keyboard.press("Enter")
    expect(count).to_have_text("3 of 20 marks.")

    tab_to(page, ".markup-save")
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    page.locator("#save-state.saved").wait_for()
    [photo] = stored(page, f"s.listPhotos('{draft_id}')")
    arrow, circle, label = stored(page, f"s.getDraft('{draft_id}')")["marks"][photo["id"]]
    assert arrow["kind"] == "arrow"
    assert arrow["from"] == [0.3, 0.4] and arrow["to"] == [0.6, 0.4], arrow
    assert circle["kind"] == "circle" and circle["center"] == [0.6, 0.6], circle
    assert 0.05 < circle["r"] < 0.2, circle  # 10 % of the width, over the shorter side
    assert label == {"kind": "label", "at": [0.7, 0.2], "text": "Torn silt fence"}
    expect(page.locator(f"{BLOCK} .markup-open")).to_have_text("Mark up (3 marks)")
    context.close()


def test_two_taps_draw_an_arrow_as_a_drag_does(browser, live_server, tablet):
    context, page, draft_id = weekly_by_keyboard(
        browser, tablet, live_server.url, SITE, file_choosers=True
    )
    choose_photo(page, BLOCK, 6)
    dialog = open_editor(page)
    box = dialog.locator(".markup-stage img").bounding_box()

    def tap(x: float, y: float) -> None:
        page.mouse.click(box["x"] + box["width"] * x, box["y"] + box["height"] * y)

    tap(0.2, 0.3)
    expect(dialog.locator(".markup-where")).to_have_text("Tail placed: now the arrow's point.")
    expect(dialog.locator(".markup-error")).to_have_text("")
    expect(dialog.locator(".markup-pending")).to_have_count(1)  # the tail is shown
    tap(0.2, 0.3)  # the same place again: no arrow of no length
    expect(dialog.locator(".markup-error")).to_have_text("The point must be away from the tail.")
    tap(0.6, 0.7)
    expect(dialog.locator(".markup-count")).to_have_text("1 of 20 marks.")
    expect(dialog.locator(".markup-pending")).to_have_count(0)
    dialog.get_by_role("button", name="Save marks").click()
    page.locator("#save-state.saved").wait_for()
    [photo] = stored(page, f"s.listPhotos('{draft_id}')")
    [arrow] = stored(page, f"s.getDraft('{draft_id}')")["marks"][photo["id"]]
    assert arrow["kind"] == "arrow"
    assert abs(arrow["from"][0] - 0.2) < 0.02 and abs(arrow["from"][1] - 0.3) < 0.02, arrow
    assert abs(arrow["to"][0] - 0.6) < 0.02 and abs(arrow["to"][1] - 0.7) < 0.02, arrow
    context.close()
