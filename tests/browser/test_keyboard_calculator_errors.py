"""A design calculator used with the keyboard says each error: Enter pressed in the very field that
is missing or wrong left the focus where it was, so a screen reader read nothing and the person
did not know why no result came. The error is said (and still marked at the field); an error on
another field takes the focus there, its error read as its description, as before."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.keyboard import tab_to


def test_enter_in_the_field_at_fault_says_its_error(browser, live_server, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{live_server.url}/calculators/diversion")
    page.wait_for_selector("#calculator-form")
    tab_to(page, "#in-upslope_area_sq_ft")
    page.keyboard.type("20000")
    page.keyboard.press("Enter")
    flow = page.locator("#in-flow_length_ft")
    expect(flow).to_be_focused()  # the next field to fix: its error is its description
    expect(flow).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#err-flow_length_ft")).to_have_text("Sheetflow length (ft) is required.")

    page.keyboard.type("150")
    page.keyboard.press("Tab")
    page.keyboard.type("4")
    tab_to(page, "#in-surface")
    page.keyboard.press("ArrowDown")
    tab_to(page, "#in-runoff_coefficient")
    page.keyboard.press("Enter")
    coefficient = page.locator("#in-runoff_coefficient")
    expect(coefficient).to_be_focused()
    expect(coefficient).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#app-announcer")).to_have_text("Runoff coefficient C is required.")

    page.keyboard.type("0.5")
    page.keyboard.press("Enter")
    expect(page.locator("#result-h")).to_be_focused()
    expect(page.locator("#result-verdict")).to_contain_text("Does not meet")
    context.close()
