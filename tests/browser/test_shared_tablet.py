"""A tablet that changes hands: work submitted by one person is sent only under that person's session,
never under whoever signs in next; it waits, visibly, and goes out when its author signs in again."""

from __future__ import annotations

from sqlmodel import Session, select

from inspector.models import Inspection, Site
from tests.browser.capture_packet import wait_until
from tests.browser.conftest import sign_in
from tests.sync.helpers import checklist_codes, inspection_payload, uid

PULL = "async () => (await import('/static/js/sync.js')).pullNow()"
FLUSH = "async () => (await import('/static/js/sync.js')).flush()"
OUTBOX = "async () => (await import('/static/js/store.js')).listOutbox()"
ENQUEUE = """async ({ payload, iid, mid }) => {
  const store = await import('/static/js/store.js');
  await store.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert', base_version: null,
    payload, photo_ids: [] });
}"""


def test_work_waits_for_its_author_on_a_shared_tablet(browser, tablet, live_server, demo_app):
    engine = demo_app.extensions["engine"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        payload = inspection_payload(
            site, codes=checklist_codes(site, demo_app.extensions["rulebook"])
        )
    iid, mid = uid(), uid()

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/outbox")
    assert page.evaluate(PULL)["ok"]  # the device knows who is signed in
    context.set_offline(True)
    page.evaluate(ENQUEUE, {"payload": payload, "iid": iid, "mid": mid})
    [entry] = page.evaluate(OUTBOX)
    assert entry["state"] == "queued" and entry["user_id"] is not None

    # Someone else signs in on the same tablet (same storage): the permittee's work is not theirs to send.
    context.clear_cookies()  # the permittee's session ends before the tablet is back online
    context.set_offline(False)
    # The page's own sync on coming online is refused (nobody signed in) before anyone signs in: its
    # answer, arriving after the sign-in's, would carry a cookie of nobody's session.
    assert page.evaluate(FLUSH)["stopped"] == "unauthorized"
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    summary = page.evaluate(FLUSH)
    [entry] = page.evaluate(OUTBOX)
    assert entry["state"] == "queued" and entry.get("waiting_for_author") is True, (summary, entry)
    assert "person who submitted it" in entry["reason"]
    page.reload()
    page.wait_for_selector("body[data-ready=outbox]")
    assert "person who submitted it" in page.locator("#outbox-list").text_content()
    with Session(engine) as db:
        assert db.get(Inspection, iid) is None

    # Its author signs in again: it goes out, attributed to them.
    context.clear_cookies()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/outbox")
    # The outbox page syncs on its own as it opens: whichever flush sends the entry, it leaves.
    page.evaluate(FLUSH)
    wait_until(page, f"async () => ({OUTBOX})().then((left) => left.length === 0)")
    assert page.evaluate(OUTBOX) == []
    with Session(engine) as db:
        inspection = db.get(Inspection, iid)
        assert inspection is not None and inspection.user_id == entry["user_id"]
    context.close()
