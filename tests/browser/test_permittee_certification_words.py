"""A permittee whose certification on file has expired is told the same true thing on the capture
page and on its account page: its reports show it as expired, and Chapter 256 asks none of it. It
was told to renew it on the one and that none was needed on the other."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.rules.rulebook import default

from .conftest import sign_in

PRAIRIE = "permittee@prairie-builders.example"  # its certification lapsed 20 days ago (demo.py)
SHOWN = "Reports you sign now show it as expired."


def test_an_expired_certification_of_a_permittee_is_said_alike_on_both_pages(
    browser, live_server, tablet
):
    note = default()["certification.permittee_note"]
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, PRAIRIE)
    page.goto(f"{live_server.url}/app/")
    page.locator(".site-card").first.wait_for()
    page.get_by_role("link", name="Weekly inspection at").first.click()
    page.wait_for_selector("body[data-ready=capture]")
    warning = page.locator("#cert-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("certification (CE-7781) expired on")
    expect(warning).to_contain_text(SHOWN)
    expect(warning).to_contain_text(note)
    expect(warning).not_to_contain_text("renew")

    page.goto(f"{live_server.url}/account")
    main = page.locator("main")
    expect(main).to_contain_text("Expired")
    expect(main).to_contain_text(f"{SHOWN} {note}")
    context.close()
