"""The capture page warned a permittee with no certification on file that "No inspector
certification is on file for you … ask the Village's supervisor to record it", though Chapter 256
asks none of whoever inspects for a permittee (§ 256-8D(3)(g); rulebook certification.permittee_note).
It now warns a permittee only of one on file that has expired (tests/browser/test_signature.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import sign_in


def test_a_permittee_is_not_told_its_certification_is_missing(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@badger-utility.example")  # none on file
    page.goto(f"{live_server.url}/app/")
    page.locator(".site-card").first.wait_for()
    page.get_by_role("link", name="Weekly inspection at").first.click()
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.locator("#cert-statement")).to_contain_text("§ 256-8D(3)(g)")
    expect(page.locator("#cert-warning")).to_be_hidden()
    assert "certification is on file" not in page.locator("main").inner_text()
    context.close()
