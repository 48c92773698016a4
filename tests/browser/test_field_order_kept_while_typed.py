"""The field stop-work form keeps what the inspector typed until the order is posted. Before, an
inspector who left the page (a phone call, the camera app, a reload) lost the site, the grounds and
what was found, with no signal to fetch anything back."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import stored, wait_for_controller, wait_until
from tests.browser.test_enforcement import SITE, stop_work_form

FOUND = "Silt fence down along the east ditch; sediment in the Mill Street inlet."
GROUND = "The conditions of the permit are not being met"


def test_an_order_typed_offline_survives_a_reload_and_goes_once_posted(
    browser, live_server, tablet
):
    context, page = stop_work_form(browser, live_server.url, tablet)
    wait_for_controller(page)
    context.set_offline(True)
    live_server.stop()
    page.get_by_label("Site").select_option(label=SITE)
    page.get_by_label(GROUND).check()
    page.get_by_label("What you found").fill(FOUND)
    page.get_by_label("Posted at").fill("2026-12-03T09:15")
    wait_until(
        page,
        "async () => { const s = await import('/static/js/store.js');"
        " const u = await s.getMeta('user');"
        " const d = await s.getMeta(`stop_work_draft:${u.id}`);"
        " return !!d && d.notes.startsWith('Silt fence'); }",
    )

    page.reload()  # no network, no server: from the service worker
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("What you found")).to_have_value(FOUND)
    expect(page.get_by_label("Site").locator("option:checked")).to_have_text(SITE)
    expect(page.get_by_label(GROUND)).to_be_checked()
    expect(page.get_by_label("Posted at")).to_have_value("2026-12-03T09:15")
    expect(page.locator("#sw-state")).to_contain_text("Your unfinished order is back")
    expect(page.locator("#sw-state")).to_contain_text("choose it again")

    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")
    [queued] = [m for m in stored(page, "s.listOutbox()") if m["entity"] == "stop_work_order"]
    assert queued["payload"]["notes"] == FOUND

    # Posted: nothing comes back on the next visit, and the order is queued once.
    page.reload()
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    expect(page.get_by_label("What you found")).to_have_value("")
    expect(page.locator("#sw-state")).to_be_empty()
    orders = [m for m in stored(page, "s.listOutbox()") if m["entity"] == "stop_work_order"]
    assert len(orders) == 1
    context.close()
