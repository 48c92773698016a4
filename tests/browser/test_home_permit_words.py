"""The field home names each site's permit status in words, as the office pages do."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.services.permits import STATUS_WORDS

from .capture_packet import wait_for_controller
from .conftest import sign_in


def test_the_home_names_a_permit_status_in_words(browser, live_server, tablet):
    # It read "Permit FW-2026-014 (issued)" and "(under review)": the database's keys.
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    lines = page.locator(".site-permit")
    expect(lines.filter(has_text="Permit ").first).to_be_visible()
    texts = [t for t in lines.all_inner_texts() if t.startswith("Permit ")]
    assert texts
    for text in texts:
        assert any(f"({words})" in text for words in STATUS_WORDS.values()), text
        assert not any(f"({key.replace('_', ' ')})" in text for key in STATUS_WORDS), text
    context.close()
