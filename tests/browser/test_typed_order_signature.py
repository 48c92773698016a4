"""The supervisor issues a stop-work order signed with the keyboard alone: the name typed under
the signature box and adopted with Enter (another name is refused on the page, and the Enter does
not send the form), then the confirmation and the Issue button; the order page shows the typed
signature."""

from playwright.sync_api import expect

from tests.browser.keyboard import tab_to
from tests.browser.test_enforcement import push_two_failed_inspections

from .conftest import sign_in


def test_an_order_issued_with_a_typed_signature(browser, live_server, demo_app, tablet):
    base = live_server.url
    field = browser.new_context(**tablet)
    inspector_page = field.new_page()
    sign_in(inspector_page, base, "inspector@fairwater.example")
    inspector_page.close()
    push_two_failed_inspections(field.request, base, demo_app)
    field.close()

    office = browser.new_context(**tablet)
    page = office.new_page()
    sign_in(page, base, "supervisor@fairwater.example")
    page.get_by_role("link", name="Proposed — decide").first.click()
    expect(page.locator("#order-signature-typed-hint")).to_contain_text("Dana Kowalski")

    tab_to(page, "#order-signature-typed")
    page.keyboard.type("Dana K.")
    page.keyboard.press("Enter")
    expect(page.locator("#order-signature-typed-error")).to_have_text(
        "Type your name as it is on your account: Dana Kowalski"
    )
    expect(page.locator("#order-signature-state")).to_have_text("Not signed yet.")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("dana   kowalski")
    page.keyboard.press("Enter")
    expect(page.locator("#order-signature-state")).to_have_text(
        "Signed by typing the name Dana Kowalski."
    )
    expect(page.get_by_role("button", name="Issue stop-work order")).to_be_visible()  # not sent

    tab_to(page, "input[name=confirm]")
    page.keyboard.press("Space")
    tab_to(page, "button[type=submit].btn-danger")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Stop-work order issued. Print the notice")).to_be_visible()
    block = page.locator(".signature-block")
    expect(block.locator(".typed-name")).to_have_text("dana kowalski")
    expect(block).to_contain_text("Signed by typing the name Dana Kowalski")
    office.close()
