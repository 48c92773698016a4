"""A record the server refused for its date or times, opened again with 'Edit and send again': the
note above the form listed 'Date: Is in the future.', 'Start time: …', but the fields themselves were
not marked, so with a tablet whose clock had been wrong the inspector had to match the list to the
form. Each field of the form's head the server named is now marked at the field with the server's
words (its description for a screen reader), until it is changed."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site
from tests.browser.capture_packet import wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_shared_tablet import ENQUEUE, FLUSH, OUTBOX, PULL
from tests.sync.helpers import checklist_codes, inspection_payload, uid


def test_the_fields_the_server_refused_are_marked(browser, tablet, live_server, demo_app):
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
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
    page.get_by_role("button", name="Edit and send again").click()
    page.wait_for_selector("body[data-ready=capture]")

    date = page.get_by_label("Date", exact=True)
    expect(date).to_have_attribute("aria-invalid", "true")
    expect(date).to_have_accessible_description("Is in the future.")
    for name in ("Start time", "End time"):
        expect(page.get_by_label(name)).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Weather")).not_to_have_attribute("aria-invalid", "true")

    date.fill("2026-12-01")
    expect(date).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Start time")).to_have_attribute("aria-invalid", "true")
    context.close()
