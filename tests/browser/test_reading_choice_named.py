"""A supervisor recording otherwise what the ordinance leaves to the Village chooses Yes or No for a
named reading: a screen reader heard only "Yes, radio button" and "No, radio button", with nothing
saying what the choice was about. The two are a group named by the reading."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import sign_in


def test_each_readings_yes_and_no_are_a_group_named_by_it(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/sites/1")
    readings = page.locator(".recorded-reading")
    assert readings.count() >= 1
    for i in range(readings.count()):
        reading = readings.nth(i)
        label = reading.locator("h3").inner_text().split(":")[0]
        group = reading.get_by_role("radiogroup", name=label, exact=True)
        expect(group.get_by_role("radio", name="Yes")).to_have_count(1)
        expect(group.get_by_role("radio", name="No")).to_have_count(1)
    context.close()
