"""A correction the server did not take, opened again from the outbox, puts the keyboard in its own
"What was done". The findings page scrolled to the finding but its focus was asked for while the page
was still hidden for its first draw, so it stayed nowhere: a keyboard user's next Tab went to the
first finding's form, another finding's correction."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_correction_kept import NOTE, card_of, queue_then_conflict


def test_edit_and_send_again_puts_the_keyboard_on_its_correction(
    browser, live_server, demo_app, tablet
):
    context, page, finding_id, entry = queue_then_conflict(
        browser, live_server, demo_app, tablet, reopen=True
    )
    entry.get_by_role("button", name="Edit and send again").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=findings]")
    note = card_of(page, finding_id).get_by_label("What was done")
    expect(note).to_have_value(NOTE)
    expect(note).to_be_focused()
    context.close()
