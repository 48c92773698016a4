"""A record the server refused, on a tablet that changed hands: only its author can put it right or
discard it. The outbox offered 'Discard…' (and 'Try the photos again') on it to whoever was signed in
next, so the next person could delete the first one's work from the tablet. Now the next person sees
the entry and why it waits, and is told that only the person who submitted it can act on it."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_shared_tablet import ENQUEUE, FLUSH, OUTBOX, PULL
from tests.sync.helpers import checklist_codes, inspection_payload, uid


def test_the_next_person_cannot_discard_a_refused_record(browser, tablet, live_server, demo_app):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        # Dated ahead of the server's day, as by a tablet's wrong clock: the server refuses it.
        payload = inspection_payload(
            site,
            codes=checklist_codes(site, demo_app.extensions["rulebook"]),
            kind="village",
            inspector_name="Luis Ortega",
            inspected_on="2099-01-04",
            started_at="2099-01-04T15:00:00Z",
            ended_at="2099-01-04T15:40:00Z",
        )
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    assert page.evaluate(PULL)["ok"]
    page.evaluate(ENQUEUE, {"payload": payload, "iid": uid(), "mid": uid()})
    page.evaluate(FLUSH)
    wait_until(page, f"async () => ({OUTBOX})().then((o) => o[0].state === 'attention')")
    page.reload()
    entry = page.locator("#outbox-list .outbox-entry")
    expect(entry.get_by_role("button", name="Discard…")).to_be_visible()  # its author may

    context.clear_cookies()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(entry).to_have_count(1)
    expect(entry.get_by_role("button")).to_have_count(0)
    expect(entry.get_by_role("link")).to_have_count(0)
    expect(entry).to_contain_text(
        "Only the person who submitted it can put it right or discard it, signed in on this tablet."
    )
    [kept] = page.evaluate(OUTBOX)
    assert kept["state"] == "attention"
    context.close()
