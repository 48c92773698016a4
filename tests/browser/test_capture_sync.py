"""The whole walk with the real sync API: signed in once online, the packet arrives; with no network an
inspection with a photo is submitted ("on this device only"); when the network returns it goes to the
server by itself and the outbox says "on the server (1 of 1 photos)". A failed item makes a finding."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, Inspection, Photo
from inspector.rules.rulebook import default
from tests.browser.capture_packet import camera_jpeg, sign, stored, wait_for_controller
from tests.browser.conftest import sign_in

SITE = "Meadow Ridge Subdivision, Phase 2"


def earlier_today() -> str:
    """A start time already past on the Village's clock today (the tablet runs in its zone)."""
    now = datetime.now(ZoneInfo(default()["calendar.timezone"]))
    return "07:15" if (now.hour, now.minute) >= (7, 20) else "00:00"


def test_offline_inspection_reaches_the_server_when_the_network_returns(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()  # the packet came from /api/v1/sync/pull
    expect(page.locator("#shell-user")).to_contain_text("(inspector)")  # whose packet this is

    context.set_offline(True)
    live_server.stop()
    page.goto(f"{live_server.url}/app/")
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
    for code in stored(page, "s.getSite('1')")["checklist_codes"]:
        page.locator(f"label[for='r-{code}-{'fail' if code == 'WASTE' else 'pass'}']").click()
    page.locator("#ca-WASTE").fill("Move the washout away from the inlet today.")
    start = earlier_today()
    page.get_by_label("Start time").fill(start)  # the visit began before the form was opened
    page.locator(".photo-block[data-item=''] input.photo-camera").set_input_files(
        {"name": "IMG_9.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=9)}
    )
    page.locator(".photo-block[data-item=''] .thumb").wait_for()
    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    # (An attempt may show "Sending…" for a moment; with no network it settles back.)
    expect(page.locator("#outbox-list .outbox-state")).to_have_text("On this device only")

    live_server.start()
    context.set_offline(False)  # the browser's `online` event starts a sync
    sent = page.locator("#sent-list .outbox-entry .outbox-state")
    sent.wait_for(timeout=20000)
    assert sent.text_content() == "On the server (1 of 1 photos)"
    expect(page.locator("#outbox-count")).to_contain_text("all sent")
    assert page.locator("#outbox-list .outbox-entry").count() == 0
    [photo_meta] = stored(page, "s.listSent()")[0]["photos_meta"]
    assert "bytes" not in photo_meta and stored(page, f"s.getPhoto('{photo_meta['id']}')") is None

    # A correction is a new inspection naming the one it replaces; the first stays as it was sent.
    page.get_by_role("link", name="Correct (new version)").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert page.locator("#r-WASTE-fail").is_checked()
    assert (
        page.get_by_label("Start time").input_value() == start
    )  # the same visit, not the time of typing
    # Answered items open folded to one line each: the one to change is reopened first.
    page.locator("#item-WASTE").get_by_role("button", name="Failed").click()
    page.locator("label[for='r-WASTE-pass']").click()
    page.get_by_label("Notes").fill("Washout was already moved; corrected the answer.")
    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator("#sent-list .outbox-entry")).to_have_count(2, timeout=20000)
    sent_entries = stored(page, "s.listSent()")
    correction = next(e for e in sent_entries if e["entity_id"] != draft_id)
    original = next(e for e in sent_entries if e["entity_id"] == draft_id)
    assert correction["payload"]["replaces_id"] == draft_id
    # The same visit: the correction keeps the original's date and start time.
    assert (correction["payload"]["inspected_on"], correction["payload"]["started_at"]) == (
        original["payload"]["inspected_on"],
        original["payload"]["started_at"],
    )

    with demo_app.app_context():
        session = get_session()
        inspection = session.get(Inspection, draft_id)
        assert inspection is not None and inspection.kind == "weekly"
        [photo] = session.exec(select(Photo).where(Photo.inspection_id == draft_id)).all()
        assert photo.id == photo_meta["id"]
        findings = session.exec(select(Finding).where(Finding.inspection_id == draft_id)).all()
        assert [f.item_code for f in findings] == ["WASTE"]
        assert (
            findings[0].status == "withdrawn"
        )  # the correction answers it pass: recorded in error
        assert session.get(Inspection, correction["entity_id"]) is not None
    context.close()


def test_another_person_signing_in_never_sees_the_last_persons_packet(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    expect(page.locator(".site-card")).to_have_count(6)  # the inspector sees all six
    page.evaluate("""async () => { const s = await import('/static/js/store.js');
        await s.putDraft({ id: 'left-behind', site_id: '4', site_name: 'Church Street Parking Lot', kind: 'village',
                           header: {}, answers: {}, updated_at: new Date().toISOString() }); }""")
    page.goto(f"{live_server.url}/sites/")
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/")
    expect(page.locator("#shell-user")).to_contain_text("(permittee)")
    expect(page.locator(".site-card")).to_have_count(3)
    names = sorted(page.locator(".site-card h3").all_text_contents())
    assert names == [
        "Fairwater Cooperative Grain Annex",
        "Meadow Ridge Subdivision, Phase 2",
        "Willow Creek Commercial Lot",
    ]
    # Unsent work on the tablet is never deleted by the switch.
    assert [d["id"] for d in stored(page, "s.listDrafts()")] == ["left-behind"]
    context.close()
