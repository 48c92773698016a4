"""The regulator packet built with the keyboard keeps the keyboard: its button was disabled while
the packet built, which took the focus off it for good, so once the file was saved the focus was
on nothing. It stays on the button (a second press while building does nothing), and the page
says the packet is ready."""

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection

from .conftest import sign_in
from .keyboard import tab_to


def test_the_packet_built_with_the_keyboard_keeps_the_focus(browser, live_server, demo_app):
    with demo_app.app_context():
        site_id = get_session().exec(select(Inspection.site_id)).first()
    context = browser.new_context(
        viewport={"width": 1366, "height": 900}, accept_downloads=True, service_workers="block"
    )
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/sites/{site_id}/packet")
    expect(page.locator("#packet-form[data-ready=packet]")).to_be_attached()
    tab_to(page, "#packet-button")
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename.endswith(".zip")
    expect(page.locator("#packet-status")).to_contain_text("Ready: ")
    button = page.get_by_role("button", name="Build and download the packet")
    expect(button).to_be_focused()
    expect(button).to_be_enabled()
    context.close()
