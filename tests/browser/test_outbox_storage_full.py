"""The outbox's "Edit and send again" on a tablet whose storage is full: it puts the refused record
back as a draft with its photos (copied under new ids, so for a moment they take twice the room),
and when the browser refuses the room it says so and what to do; before, the tap did nothing at all
(the error went nowhere), the record staying in the outbox, intact, as it still does."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import stored, wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_capture_drafts import QUOTA_SCRIPT
from tests.browser.test_outbox_ways_out import (
    FLUSH,
    PRAIRIE,
    SITE,
    entry,
    refused_village_inspection,
)
from tests.sync.helpers import checklist_codes


def refused_entry_on_a_tablet_that_can_fill(browser, tablet, live_server, demo_app):
    """Prairie's outbox with one record the server refused ("Needs attention"), on a tablet whose
    storage a test fills with `self.__storageFull = true`. Returns (context, page, mutation id)."""
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    context = browser.new_context(**tablet)
    context.add_init_script(QUOTA_SCRIPT)
    page = context.new_page()
    sign_in(page, live_server.url, PRAIRIE)
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_for_controller(page)
    mid, _ = refused_village_inspection(page, site, codes, (200, 60, 60), "Refused, storage full")
    page.evaluate(FLUSH)
    expect(entry(page, mid).locator(".outbox-state")).to_have_text("Needs attention")
    return context, page, mid


def test_edit_and_send_again_says_when_the_storage_is_full(browser, tablet, live_server, demo_app):
    context, page, mid = refused_entry_on_a_tablet_that_can_fill(
        browser, tablet, live_server, demo_app
    )
    page.evaluate("() => { self.__storageFull = true; }")
    entry(page, mid).get_by_role("button", name="Edit and send again").click()
    expect(entry(page, mid).locator(".entry-problem")).to_have_text(
        "This device's storage is full: the record was not put back as a draft. It is still "
        "here, unchanged. Free some space (send or discard other records), then try again."
    )
    assert "/app/outbox" in page.url
    [kept] = [e for e in stored(page, "s.listOutbox()") if e["mutation_id"] == mid]
    assert kept["state"] == "attention" and len(kept["photo_ids"]) == 1
    assert stored(page, f"s.getPhoto('{kept['photo_ids'][0]}')") is not None
    assert stored(page, "s.listDrafts()") == []
    context.close()
