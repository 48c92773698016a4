""" "Sync now" on the outbox says what happened: "finished" only when everything submitted on the
tablet is on the server, never when the server refused a record that still waits on the device."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_outbox_ways_out import PRAIRIE, SITE, refused_village_inspection
from tests.sync.helpers import checklist_codes


def test_sync_now_does_not_say_finished_when_the_server_refused(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, PRAIRIE)
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_for_controller(page)
    # Queued with no signal: a Village inspection, which the server refuses from a permittee.
    context.set_offline(True)
    refused_village_inspection(page, site, codes, (200, 60, 60), "Queued offline")
    context.set_offline(False)

    page.get_by_role("button", name="Sync now").click()
    note = page.locator("#sync-note")
    expect(note).to_contain_text("Not everything was sent.")
    expect(note).to_contain_text(
        "1 record the server did not take needs your attention below: edit and send again, "
        "or discard; nothing is lost meanwhile."
    )
    expect(note).not_to_contain_text("finished")
    expect(page.locator(".outbox-entry .outbox-state")).to_have_text("Needs attention")

    # Discarded: nothing is left, and then it is finished.
    page.get_by_role("button", name="Discard…").click()
    page.locator("#discard-confirm").click()
    expect(page.locator("#outbox-empty")).to_be_visible()
    page.get_by_role("button", name="Sync now").click()
    expect(note).to_have_text(
        "Sync finished: everything submitted on this device is on the server."
    )
    context.close()
