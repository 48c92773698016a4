"""The stop-work and finding-correction forms refuse a text longer than the server takes, with the
limit, the length and what to do, while it can still be shortened. Before, it was queued, and the
server refused the order or the correction later ("At most 4000 characters."), after the inspector
or the permittee had left the site."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.services import enforcement
from sync.handlers import finding as finding_handler
from tests.browser.capture_packet import pull_body, seed_packet, stored, wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_finding_offline import SITE, permittee_tablet_with_a_new_finding

LONG = "Sediment tracked onto Mill Street from the east entrance. " * 80  # 4,640 characters


def test_a_stop_work_order_over_the_limit_is_refused_on_the_tablet(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, url, "inspector@fairwater.example")
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    context.set_offline(True)
    page.goto(f"{url}/app/stop-work")
    page.wait_for_selector("body[data-ready=stop-work]")
    page.locator("#sw-site").select_option(label=SITE)  # a permit in force: every ground offered
    page.get_by_label("The conditions of the permit are not being met").check()
    page.get_by_label("What you found").fill(LONG)
    page.get_by_role("button", name="Post the stop-work order").click()
    length = len(LONG.strip())
    expect(page.locator("#sw-notes-error")).to_have_text(
        f"Too long: at most {enforcement.REASON_MAX} characters (now {length}). "
        "Shorten it to post the order."
    )
    assert stored(page, "s.listOutbox()") == []

    page.get_by_label("What you found").fill(LONG[:3000])
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")
    assert len(stored(page, "s.listOutbox()")) == 1
    context.close()


def test_a_correction_note_over_the_limit_is_refused_on_the_tablet(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    context, page, site, finding_id, _ = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    context.set_offline(True)
    page.goto(f"{base}/app/findings")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator(f"article[data-finding='{finding_id}']")
    card.get_by_label("What was done").fill(LONG)
    card.get_by_role("button", name="Send correction").click()
    length = len(LONG.strip())
    expect(
        card.get_by_text(
            f"Too long: at most {finding_handler.CORRECTED_NOTE_MAX} characters (now {length}). "
            "Shorten it to send."
        )
    ).to_be_visible()
    assert stored(page, "s.listOutbox()") == []

    card.get_by_label("What was done").fill("Silt fence re-trenched and staked along the east line")
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")
    assert len(stored(page, "s.listOutbox()")) == 1
    context.close()
