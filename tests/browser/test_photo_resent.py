"""In the real browser: the server removes a photo nobody's record named (tick, after the configured
days) and is busy (503) once when the record arrives; the tablet, which keeps every photo until its
record is acknowledged with all of them, sends the photo again and the outbox empties with 1 of 1
photos."""

from __future__ import annotations

import base64
import io
import random
from datetime import timedelta

from PIL import Image
from sqlmodel import Session, select

from inspector import photos as pipeline
from inspector.models import Photo, Site
from inspector.models.accounts import User
from inspector.models.base import utcnow
from inspector.services import photo_uploads as photo_store
from tests.browser.conftest import sign_in
from tests.browser.test_sync_outbox import ENQUEUE, photo, wait_until
from tests.sync.helpers import checklist_codes, inspection_payload, sha, uid


def test_a_photo_removed_before_its_record_arrived_is_sent_again(
    browser, tablet, live_server, demo_app
):
    engine = demo_app.extensions["engine"]
    data, w, h = photo((30, 160, 90))
    pid = uid()
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        inspector = db.exec(select(User).where(User.email == "inspector@fairwater.example")).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        payload = inspection_payload(site, codes=codes, kind="village", photos=[(pid, sha(data))])
        # An earlier upload of the bytes, whose record never came: removed by the tick days later.
        photo_store.receive(
            db,
            pid,
            data,
            sha256=sha(data),
            content_type="image/jpeg",
            user=inspector,
            device_id=None,
            rb=demo_app.extensions["rulebook"],
        )
        db.commit()
        assert photo_store.expire_unclaimed(db, utcnow() + timedelta(days=1)) == 1
        db.commit()
    iid, mid = uid(), uid()
    shots = [{"id": pid, "b64": base64.b64encode(data).decode(), "sha": sha(data), "w": w, "h": h}]

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/")
    page.evaluate(ENQUEUE, {"payload": payload, "photos": shots, "iid": iid, "mid": mid})
    taken = [
        pipeline._slots.acquire(timeout=5) for _ in range(demo_app.config["PHOTO_PROCESSING_SLOTS"])
    ]
    try:  # every decoding slot busy: 503, the sync stops and retries later, no try counted
        page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
        entry = page.evaluate(
            "async () => (await (await import('/static/js/store.js')).listOutbox())[0]"
        )
        assert entry["state"] == "photos" and not entry.get("photo_attempts")
        assert page.evaluate(
            f"async () => !!(await (await import('/static/js/store.js')).getPhoto('{pid}'))"
        )
    finally:
        for _ in taken:
            pipeline._slots.release()
    page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    sent = page.evaluate("async () => (await import('/static/js/store.js')).listSent()")
    assert (sent[0]["photos_received"], sent[0]["photos_expected"]) == (1, 1)
    with Session(engine) as db:
        stored = db.get(Photo, pid)
        assert stored is not None and stored.inspection_id == iid and stored.sha256 == sha(data)
    context.close()


def test_a_photo_cut_mid_way_resumes_from_the_bytes_the_server_holds(
    browser, tablet, live_server, demo_app
):
    """A large photo goes in byte ranges; the answer to a middle range is lost (the server kept it):
    the next flush asks what arrived and sends only the rest, no range twice."""
    engine = demo_app.extensions["engine"]
    im = Image.frombytes("RGB", (900, 900), random.Random(13).randbytes(900 * 900 * 3))
    out = io.BytesIO()
    im.save(out, "JPEG", quality=92)
    data = out.getvalue()
    assert len(data) > 2 * 256 * 1024  # three ranges at least
    pid, iid, mid = uid(), uid(), uid()
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        payload = inspection_payload(site, codes=codes, kind="village", photos=[(pid, sha(data))])
    shots = [
        {"id": pid, "b64": base64.b64encode(data).decode(), "sha": sha(data), "w": 900, "h": 900}
    ]

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/")
    page.evaluate(ENQUEUE, {"payload": payload, "photos": shots, "iid": iid, "mid": mid})
    sent: list[str] = []
    cut = {"done": False}

    def lose_the_middle_answer(route):
        request = route.request
        sent.append(f"{request.method} {request.headers.get('content-range', '')}".strip())
        if (
            request.method == "PUT"
            and request.headers.get("content-range", "").startswith(f"bytes {256 * 1024}-")
            and not cut["done"]
        ):
            cut["done"] = True
            route.fetch()  # the server gets and keeps the range; its answer never arrives
            route.abort()
            return
        route.continue_()

    page.route("**/api/v1/photos/*", lose_the_middle_answer)
    page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    assert cut["done"]
    page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    puts = [line for line in sent if line.startswith("PUT")]
    assert len(puts) == len(set(puts)), sent  # no range sent twice
    assert "HEAD" in sent and puts[-1].endswith(f"/{len(data)}")
    with Session(engine) as db:
        stored = db.get(Photo, pid)
        assert stored is not None and stored.inspection_id == iid and stored.sha256 == sha(data)
    context.close()
