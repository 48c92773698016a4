"""A finding's correction reported with the keyboard alone: after "Send correction" the form gives
way to "waiting in the outbox", and the keyboard stays on that finding (its heading), not on
nothing; the saved correction is said."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.keyboard import tab_to
from tests.browser.test_finding_offline import after_photo, permittee_tablet_with_a_new_finding


def test_a_correction_sent_with_the_keyboard_leaves_the_focus_on_its_finding(
    browser, live_server, demo_app, tablet
):
    context, page, _site, finding_id, _ = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    page.on("filechooser", lambda chooser: None)
    # Kept in the outbox: the page is read as it is once the correction is saved, before any sync.
    page.route("**/api/v1/sync/push*", lambda route: route.abort())
    page.goto(f"{live_server.url}/app/findings")
    page.wait_for_selector("body[data-ready=findings]")
    card = f"#finding-{finding_id}"

    tab_to(page, f"{card} [data-id=note]")
    page.keyboard.type("Replaced the torn inlet sock and swept the street.")
    page.keyboard.press("Tab")
    expect(page.locator(f"{card} [data-id=photo]")).to_be_focused()
    with page.expect_file_chooser() as chooser:
        page.keyboard.press("Space")
    chooser.value.set_files(
        {"name": "after.jpg", "mimeType": "image/jpeg", "buffer": after_photo()}
    )
    expect(page.locator("#app-announcer")).to_have_text("Photo added.")
    tab_to(page, f"{card} button[type=submit]")
    page.keyboard.press("Enter")

    expect(page.locator("#ff-state")).to_have_text(
        "Correction saved on this device; it is sent with the next sync."
    )
    expect(page.locator(f"{card} .ff-pending")).to_be_visible()
    expect(page.locator(f"{card} h3")).to_be_focused()
    [entry] = [
        e for e in stored(page, "s.listOutboxAndSent()")["outbox"] if e["entity"] == "finding"
    ]
    assert (
        entry["payload"]["corrected_note"] == "Replaced the torn inlet sock and swept the street."
    )
    context.close()
