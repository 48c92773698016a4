"""A photo the tablet cannot use (a file that is not a picture) is said to a screen-reader user, on
the field findings page and on the field stop-work form: before, the error was only shown, in a
paragraph no screen reader reads unless asked, and the focus stayed where it was."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_enforcement import SITE, stop_work_form
from tests.browser.test_finding_offline import permittee_tablet_with_a_new_finding

NOT_A_PICTURE = {"name": "notes.jpg", "mimeType": "image/jpeg", "buffer": b"not a picture"}
WORDS = "not a picture the tablet can read"
# Whether a screen reader hears the words: in a live region, or in the focused field's description.
SAID = """(words) => {
  const live = [...document.querySelectorAll('[aria-live], [role=status], [role=alert]')]
    .some((el) => el.textContent.includes(words));
  const el = document.activeElement;
  const described = (el?.getAttribute('aria-describedby') || '').split(/\\s+/)
    .some((id) => document.getElementById(id)?.textContent.includes(words));
  return live || described;
}"""


def test_a_correction_photo_that_is_not_a_picture_is_said(browser, live_server, demo_app, tablet):
    context, page, *_ = permittee_tablet_with_a_new_finding(browser, live_server, demo_app, tablet)
    page.goto(f"{live_server.url}/app/findings")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator("article.ff-finding").first
    card.get_by_label("“After” photo").set_input_files(files=[NOT_A_PICTURE])
    expect(card.get_by_text(WORDS)).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate(SAID, WORDS)
    context.close()


def test_a_notice_photo_that_is_not_a_picture_is_said(browser, live_server, tablet):
    context, page = stop_work_form(browser, live_server.url, tablet)
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label("The conditions of the permit are not being met").check()
    page.get_by_label("What you found").fill("No inlet protection on Mill Street")
    page.locator("#sw-photo").set_input_files(files=[NOT_A_PICTURE])
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.get_by_text(WORDS)).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate(SAID, WORDS)
    context.close()
