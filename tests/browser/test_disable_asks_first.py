"""Disabling an account asks first: one press of "Disable…" on the users page only opens the
question, which names the person and says what follows (signed out everywhere, how many of their
devices stop syncing, unsent work kept on them); the account is disabled only by the button
that answers it. Keyboard alone: Enter opens the question, Tab reaches its button."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import sign_in

INSPECTOR = "inspector@fairwater.example"


def test_disabling_an_account_asks_first_and_says_what_follows(browser, live_server):
    field = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet = field.new_page()
    sign_in(tablet, live_server.url, INSPECTOR)
    tablet.goto(f"{live_server.url}/devices/")
    tablet.get_by_label("Device name").fill("Truck 3 tablet")
    tablet.get_by_role("button", name="Enroll").click()
    expect(tablet.locator("#device-token")).to_be_visible()

    office = browser.new_context(viewport={"width": 1280, "height": 800})
    page = office.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/users/")
    row = page.get_by_role("row").filter(has_text=INSPECTOR)

    ask = row.get_by_text("Disable…")
    ask.focus()
    page.keyboard.press("Enter")
    question = row.get_by_text("Disable Luis Ortega?")
    expect(question).to_be_visible()
    expect(question).to_contain_text("signed out everywhere at once")
    expect(question).to_contain_text("the device they enrolled stops syncing")
    expect(question).to_contain_text("work not sent yet stays on it")
    expect(row).to_contain_text("Active")  # opening the question changed nothing

    page.keyboard.press("Tab")
    expect(row.get_by_role("button", name="Disable Luis Ortega")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_text("Luis Ortega is disabled")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=INSPECTOR)).to_contain_text("Disabled")
