"""A supervisor runs the accounts from a phone held upright (390 px): the users page fits the
screen, each person's details read under their column's name, and nothing is off the right edge
(the page is not shrunk to fit a table twice the phone's width)."""

from __future__ import annotations

from tests.browser.conftest import sign_in
from tests.browser.test_menu_on_a_phone import phone


def test_the_users_page_fits_a_phone_and_labels_each_value(browser, playwright, live_server):
    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/users/")
    page.wait_for_load_state()

    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths == [390, 390], f"the page is {widths[0]} px wide on a 390 px phone"
    row = page.get_by_role("row").filter(has_text="inspector@fairwater.example")
    shown = row.locator("td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content.replaceAll('\"', '')"
        " + c.innerText.split('\\n')[0])"
    )
    assert "Role: Inspector" in shown
    assert any(s.startswith("Account: Active") for s in shown)
    disable = row.get_by_text("Disable…")
    box = disable.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    context.close()


def test_the_devices_page_fits_a_phone_with_a_device_listed(browser, playwright, live_server):
    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/devices/")
    page.get_by_label("Device name").fill("Office tablet 3")
    page.get_by_role("button", name="Enroll").click()
    page.goto(f"{live_server.url}/devices/")
    page.wait_for_load_state()

    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths == [390, 390], f"the page is {widths[0]} px wide on a 390 px phone"
    ask = page.get_by_role("row").filter(has_text="Office tablet 3").get_by_text("Revoke…")
    box = ask.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    context.close()
