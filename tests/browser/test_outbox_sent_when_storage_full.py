"""A tablet whose storage is full sends its outbox. The app's advice when a photo or a change
cannot be saved is "Send the outbox or free space", yet sending stopped at once: the flush could not
write its own marks on the entries (being sent, photos tried) and said "Sync did not finish: The
quota has been exceeded.. Nothing was lost; it will retry.", and so it did for ever. The flush now goes
on without those marks: the record and its photos reach the server, and the entry leaves the tablet
with its photos' bytes, which frees the room."""

from __future__ import annotations

import base64
import hashlib

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Inspection, Photo, Site
from tests.browser.capture_packet import stored, wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_capture_drafts import QUOTA_SCRIPT
from tests.browser.test_sync_outbox import ENQUEUE, photo
from tests.sync.helpers import checklist_codes, inspection_payload, uid


def test_a_full_tablet_sends_its_outbox_and_makes_room(browser, tablet, live_server, demo_app):
    shots = [photo(color) for color in ((200, 40, 40), (40, 40, 200))]
    ids = [uid() for _ in shots]
    digests = [hashlib.sha256(data).hexdigest() for data, _, _ in shots]
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        payload = inspection_payload(
            site, codes=codes, kind="village", photos=list(zip(ids, digests, strict=True))
        )
    iid = uid()
    photos = [
        {"id": pid, "b64": base64.b64encode(data).decode(), "sha": digest, "w": w, "h": h}
        for pid, digest, (data, w, h) in zip(ids, digests, shots, strict=True)
    ]
    context = browser.new_context(**tablet)
    context.add_init_script(QUOTA_SCRIPT)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    wait_until(page, "async () => !!(await (await import('/static/js/store.js')).getMeta('user'))")
    context.set_offline(True)
    page.evaluate(ENQUEUE, {"payload": payload, "photos": photos, "iid": iid, "mid": uid()})
    page.evaluate("() => { self.__storageFull = true; }")  # nothing more can be written
    context.set_offline(False)

    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#sync-note")).to_have_text(
        "Sync finished (1 record sent, 2 photos sent): everything submitted on this device is "
        "on the server. Your sites and what is due could not be updated just now; those on this "
        "device stay."
    )
    assert stored(page, "s.listOutbox()") == []
    assert all(stored(page, f"s.getPhoto('{pid}')") is None for pid in ids)  # room made
    with Session(demo_app.extensions["engine"]) as db:
        assert db.get(Inspection, iid) is not None
        kept = db.exec(select(Photo).where(Photo.inspection_id == iid)).all()
        assert sorted(p.id for p in kept) == sorted(ids)
    context.close()
