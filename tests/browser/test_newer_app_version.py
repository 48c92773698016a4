"""An update of the app that changes the tablet's database (docs/device-storage.md, "When the schema
changes") while an inspection is open in another tab: the new version opens the database at a
higher version, and the page still running the old code must neither lose the change it was about
to save nor go on pretending to save. Before, it let go of the database at once, the save of the
last change failed behind "Saving…", and every later change was lost the same way."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import pull_body, seed_packet, wait_for_controller

# The next version of the app opening the database one version up (its upgrade adds nothing here),
# then reading the draft from it.
OPEN_NEXT_VERSION = """async (id) => {
  const db = await new Promise((resolve, reject) => {
    const r = indexedDB.open('fairwater', 2);
    r.onupgradeneeded = () => {};
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const draft = await new Promise((resolve, reject) => {
    const g = db.transaction('drafts').objectStore('drafts').get(id);
    g.onsuccess = () => resolve(g.result);
    g.onerror = () => reject(g.error);
  });
  db.close();
  return draft;
}"""


def weekly_draft_typed_in(browser, tablet, url, demo_app):
    """A tablet holding the demo packet, a weekly inspection's draft open with its weather typed and
    saved: (context, page, draft id)."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    page.goto(f"{url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
    page.get_by_label("Weather").fill("Sunny, 41 °F")
    page.locator("#save-state.saved").wait_for()
    return context, page, draft_id


def test_the_open_draft_keeps_its_last_change_and_the_page_says_to_reload(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context, page, draft_id = weekly_draft_typed_in(browser, tablet, url, demo_app)

    # Typed; within the quarter second before it is saved, the new version, in another tab, opens
    # the database. The clock (the whole context's) is held, so that the timed save cannot run first.
    newer = context.new_page()
    newer.goto(f"{url}/app/outbox")
    newer.wait_for_selector("body[data-ready=outbox]")
    page.clock.install()
    page.clock.pause_at("2030-01-01T08:00:00")
    page.get_by_label("Weather").fill("Sunny, 41 °F, wind from the west")
    draft = newer.evaluate(OPEN_NEXT_VERSION, draft_id)
    page.clock.run_for(1000)

    assert draft["header"]["weather"] == "Sunny, 41 °F, wind from the west"
    problem = page.locator("#inspect-problem")
    expect(problem).to_contain_text("A newer version of the app was opened on this tablet")
    expect(problem).to_contain_text("Your draft is saved on this device")
    expect(page.locator("#inspection-form")).to_be_hidden()
    expect(page.get_by_role("button", name="Reload this page")).to_be_visible()
    context.close()
