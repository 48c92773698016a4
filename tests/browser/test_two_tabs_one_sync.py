"""Two tabs of the app open on one tablet (My sites and the outbox): when the signal comes back, the
record is pushed once and each photo sent once, not once per tab over the same weak signal."""

from __future__ import annotations

import base64
from collections import Counter

from sqlmodel import Session, select

from inspector.models import Photo, Site
from tests.browser.capture_packet import stored, wait_for_controller, wait_until
from tests.browser.conftest import sign_in
from tests.browser.test_sync_outbox import ENQUEUE, photo
from tests.sync.helpers import checklist_codes, inspection_payload, sha, uid


def test_two_tabs_send_each_record_and_photo_once(browser, tablet, live_server, demo_app):
    engine = demo_app.extensions["engine"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
    shots = [photo(c) for c in ((200, 40, 40), (40, 200, 40), (40, 40, 200))]
    ids = [uid() for _ in shots]
    payload = inspection_payload(
        site,
        codes=codes,
        kind="village",
        fail=(codes[0],),
        photos=[(pid, sha(data)) for pid, (data, _, _) in zip(ids, shots, strict=True)],
    )
    photos = [
        {"id": pid, "b64": base64.b64encode(data).decode(), "sha": sha(data), "w": w, "h": h}
        for pid, (data, w, h) in zip(ids, shots, strict=True)
    ]
    context = browser.new_context(**tablet)
    sent = []
    context.on(
        "request",
        lambda r: (
            sent.append((r.method, r.url.split("/api/v1")[-1]))
            if "/api/v1/" in r.url and r.method in ("PUT", "POST", "HEAD")
            else None
        ),
    )
    outbox = context.new_page()
    sign_in(outbox, live_server.url, "inspector@fairwater.example")
    outbox.goto(f"{live_server.url}/app/outbox")
    wait_for_controller(outbox)
    home = context.new_page()
    home.goto(f"{live_server.url}/app/")
    home.wait_for_selector("body[data-ready=home]")

    context.set_offline(True)
    outbox.evaluate(ENQUEUE, {"payload": payload, "photos": photos, "iid": uid(), "mid": uid()})
    sent.clear()
    context.set_offline(False)  # both tabs hear `online` and sync

    wait_until(
        outbox, "async () => (await (await import('/static/js/store.js')).listSent()).length === 1"
    )
    home.wait_for_timeout(2000)  # the other tab's turn, after the first
    assert stored(outbox, "s.listOutbox()") == []
    counts = Counter(sent)
    assert counts[("POST", "/sync/push")] == 1
    assert {f"/photos/{pid}": counts[("PUT", f"/photos/{pid}")] for pid in ids} == {
        f"/photos/{pid}": 1 for pid in ids
    }
    assert not [request for request in sent if request[0] == "HEAD"]
    with Session(engine) as db:
        assert len(db.exec(select(Photo).where(Photo.id.in_(ids))).all()) == 3
    context.close()
