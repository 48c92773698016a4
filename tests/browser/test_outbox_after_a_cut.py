"""A tablet switched off in the middle of sending (a flat battery at the site) and opened again with
no signal: its outbox says the record is on this device only, not "Sending…" for as long as there
is no signal."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import stored, wait_for_controller
from tests.browser.conftest import sign_in

CUT_MID_PUSH = """async () => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: 'cut-1', entity: 'rain_reading', entity_id: crypto.randomUUID(),
    op: 'upsert', base_version: null, payload: { gauge_id: 1, amount_in: 0.62,
    observed_at: '2026-11-30T00:45:00Z', period_hours: 24, site_id: null }, photo_ids: [] });
  await s.updateOutbox('cut-1', { state: 'sending', attempts: 1 });
}"""


def test_an_entry_cut_off_mid_push_is_not_shown_as_sending_offline(browser, tablet, live_server):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_for_controller(page)
    context.set_offline(True)
    page.evaluate(CUT_MID_PUSH)  # as the push cut off by the tablet going dark left it

    page.reload()  # the tablet on again, still no signal
    page.wait_for_selector("body[data-ready=outbox]")
    entry = page.locator(".outbox-entry[data-mutation-id='cut-1'] .outbox-state")
    expect(entry).to_have_text("On this device only")
    assert stored(page, "s.getOutbox('cut-1')")["state"] == "queued"
    context.close()
