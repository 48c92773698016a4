"""The capture page's messages follow the form once shown: after a press on Submit with a failed
item's corrective action missing and no signature, using the suggestion and signing left
"A failed item needs the corrective action." and "2 things to fix before submitting." on the page,
which no longer had anything to fix."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_flow import one_stroke_signature
from tests.browser.field_home import field_home_as

BADGER = "permittee@badger-utility.example"


def test_each_message_goes_once_its_mistake_is_put_right(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, BADGER)
    context.set_offline(True)
    page.goto(f"{url}/app/inspect?site=3&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    codes = page.eval_on_selector_all(".item[id^=item-]", "els => els.map(e => e.id.slice(5))")
    for code in codes:
        page.locator(f"label[for='r-{code}-{'fail' if code == 'INLET' else 'pass'}']").click()
    page.get_by_role("button", name="Submit inspection").click()
    summary = page.locator("#submit-errors")
    expect(summary).to_have_text("2 things to fix before submitting.")
    corrective = page.locator("#ca-INLET-error")
    expect(corrective).to_have_text("A failed item needs the corrective action.")

    page.locator("#item-INLET").get_by_role("button", name="Use suggestion", exact=False).click()
    expect(corrective).to_be_empty()
    expect(page.locator("#ca-INLET")).not_to_have_attribute("aria-invalid", "true")
    expect(summary).to_have_text("1 thing to fix before submitting.")

    one_stroke_signature(page)
    expect(summary).to_be_empty()
    context.close()
