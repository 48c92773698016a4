"""Revoking a device asks first: on the devices page "Revoke…" only opens a question naming the
device and whose it is and saying what follows; the device is revoked only by the button that
answers it. Keyboard alone: Enter opens the question, Tab reaches its button."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import sign_in


def test_revoking_a_device_asks_first(browser, live_server):
    field = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet = field.new_page()
    sign_in(tablet, live_server.url, "inspector@fairwater.example")
    tablet.goto(f"{live_server.url}/devices/")
    tablet.get_by_label("Device name").fill("Truck 3 tablet")
    tablet.get_by_role("button", name="Enroll").click()
    expect(tablet.locator("#device-token")).to_be_visible()

    office = browser.new_context(viewport={"width": 1280, "height": 800})
    page = office.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/devices/")
    row = page.get_by_role("row").filter(has_text="Truck 3 tablet")

    row.get_by_text("Revoke…").focus()
    page.keyboard.press("Enter")
    question = row.get_by_text("Revoke “Truck 3 tablet” of Luis Ortega?")
    expect(question).to_be_visible()
    expect(question).to_contain_text("stops syncing at once")
    expect(question).to_contain_text("work not sent yet stays on it")
    expect(row).to_contain_text("active")  # opening the question changed nothing

    page.keyboard.press("Tab")
    expect(row.get_by_role("button", name="Revoke “Truck 3 tablet”")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.get_by_text("“Truck 3 tablet” can no longer sync.")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text="Truck 3 tablet")).to_contain_text("revoked")
