"""A field the server sends back with two mistakes says both: a screen reader reads every error as
the field's description, not only the first."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import sign_in


def test_a_latitude_with_two_mistakes_says_both(browser, live_server):
    page = browser.new_context().new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/sites/new")
    page.get_by_label("Site name").fill("Comma Creek Lot")
    # A decimal comma, as a browser without number inputs lets through: not a number, so not in
    # the range either; the server sends back both.
    page.get_by_label("Latitude").evaluate("(input) => { input.type = 'text'; }")
    page.get_by_label("Latitude").fill("43,1")
    page.get_by_role("button", name="Save site").click()
    latitude = page.get_by_label("Latitude")
    expect(latitude).to_have_attribute("aria-invalid", "true")
    errors = page.locator(".field.has-error .error")
    assert errors.count() == 2
    for error in errors.all_inner_texts():
        expect(latitude).to_have_accessible_description(re.compile(re.escape(error)))
