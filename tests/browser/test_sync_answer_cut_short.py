"""The server's answer cut off part-way (the signal failing while it arrives, after the server has
stored the batch). Before, a push answered so left its records marked "Sending…" on the outbox with
nothing being sent, and the sync counted as done; a cut pull answer was said as "Sync did not
finish: Unterminated string in JSON at position …". The flush now stops and says so in words, the
records are "On this device only", and the next sync sends them again as duplicates: each is on
the server once and leaves the outbox."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, func, select

from inspector.models import Inspection
from tests.browser.field_home import field_home_as
from tests.browser.test_push_past_a_proxy import OUTBOX, tablet_with_outbox


def cut_short(route):
    """The server answers in full; the tablet gets the first half of it."""
    answer = route.fetch()
    body = answer.body()
    route.fulfill(
        status=answer.status, content_type="application/json", body=body[: len(body) // 2]
    )


def inspections(demo_app) -> int:
    with Session(demo_app.extensions["engine"]) as db:
        return db.exec(select(func.count()).select_from(Inspection)).one()


def test_a_push_answer_cut_short_keeps_the_records_queued_and_they_go_once(
    browser, tablet, live_server, demo_app
):
    before = inspections(demo_app)
    context, page, made = tablet_with_outbox(browser, tablet, live_server, demo_app, 2, cut_short)
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    note = page.locator("#sync-note")
    page.get_by_role("button", name="Sync now").click()
    expect(note).to_have_text(
        "The server's answer did not arrive whole: kept on this device, will retry."
    )
    expect(page.locator("#outbox-list .outbox-state")).to_have_text(
        ["On this device only", "On this device only"]
    )
    assert {e["state"] for e in page.evaluate(OUTBOX)} == {"queued"}
    assert inspections(demo_app) == before + 2  # the server stored them; the tablet cannot know

    page.unroute("**/api/v1/sync/push")
    page.get_by_role("button", name="Sync now").click()
    expect(note).to_contain_text("Sync finished (2 records sent)")
    assert page.evaluate(OUTBOX) == []
    assert inspections(demo_app) == before + 2
    context.close()


def test_a_pull_answer_cut_short_is_said_in_words(browser, tablet, live_server):
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    page.route("**/api/v1/sync/pull*", cut_short)
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#sync-note")).to_have_text(
        "Sync finished: everything submitted on this device is on the server. Your sites and what "
        "is due could not be updated just now; those on this device stay."
    )
    context.close()
