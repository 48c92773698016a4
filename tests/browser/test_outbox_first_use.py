"""The outbox as a first-time user reads it: the "On the server" list says why it is empty, and a
record sent with no photo does not read "(0 of 0 photos)"."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as

BADGER = "permittee@badger-utility.example"
QUEUE = """async ({ mid, iid }) => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert', base_version: null,
    payload: { site_id: 3, kind: 'weekly', inspected_on: '2026-12-04', answers: [] },
    summary: { site_name: 'Main Street Water Main Replacement' } });
}"""
SENT = "async (mid) => { const s = await import('/static/js/store.js'); await s.markSynced(mid, { version: 1 }); }"
MID = "00000000-0000-4000-8000-0000000000b1"


def test_the_outbox_says_what_on_the_server_means_before_anything_is(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, BADGER)
    # Submitted offline: nothing has reached the server yet, and the list under it said nothing.
    context.set_offline(True)
    page.evaluate(QUEUE, {"mid": MID, "iid": "00000000-0000-4000-8000-0000000000c1"})
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator("#outbox-list .outbox-entry")).to_have_count(1)
    expect(page.locator("#sent-empty")).to_be_visible()
    expect(page.locator("#sent-empty")).to_contain_text("once the server confirms")

    # Once the server has it, the entry moves under "On the server"; with no photo it says so.
    page.evaluate(SENT, MID)
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    state = page.locator("#sent-list .outbox-entry .outbox-state")
    expect(state).to_have_text("On the server (no photos)")
    expect(page.locator("#sent-empty")).to_be_hidden()
    context.close()


def test_a_queued_stop_work_order_names_its_site(browser, tablet, live_server):
    # It read "Stop-work order" and nothing else: two orders queued at the end of a day could not
    # be told apart, nor one checked before syncing at the office.
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, "inspector@fairwater.example")
    context.set_offline(True)
    page.goto(f"{url}/app/stop-work?site=5")
    page.wait_for_selector("body[data-ready=stop-work]")
    page.get_by_label("Any land disturbing", exact=False).check()
    page.get_by_label("What you found").fill("Grading under way with no permit issued")
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    entry = page.locator("#outbox-list .outbox-entry").first
    expect(entry).to_contain_text("Stop-work order · Willow Creek Commercial Lot · posted ")
    context.close()
