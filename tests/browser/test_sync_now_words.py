""" "Sync now" on the outbox says what happened: "finished" only when everything submitted on the
tablet is on the server, never when the server refused a record that still waits on the device."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_outbox_ways_out import prairie_tablet, refused_village_inspection


def test_sync_now_does_not_say_finished_when_the_server_refused(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context, page, site, codes = prairie_tablet(browser, tablet, url, demo_app)
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
