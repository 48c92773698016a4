"""In the real browser: an inspection with three photos captured offline stays on the device, goes out when the
network is back (without Background Sync, as on Safari), lands in SQLite, shows on the supervisor's page, and
a second device of the same user pulls it."""

from __future__ import annotations

import base64
import io
import os

from PIL import Image
from sqlmodel import Session, select

from inspector.models import Answer, Inspection, Photo, Site
from tests.browser.conftest import sign_in
from tests.sync.helpers import checklist_codes, inspection_payload, sha, uid

NO_BACKGROUND_SYNC = "try { delete ServiceWorkerRegistration.prototype.sync; } catch (e) {}"

ENQUEUE = """async ({ payload, photos, iid, mid }) => {
  const store = await import('/static/js/store.js');
  await import('/static/js/sync.js');
  for (const p of photos) {
    const bytes = Uint8Array.from(atob(p.b64), (c) => c.charCodeAt(0)).buffer;
    await store.putPhoto({ id: p.id, inspection_id: iid, item_code: null, bytes, type: 'image/jpeg', width: p.w,
      height: p.h, size: bytes.byteLength, sha256: p.sha, taken_at: null, latitude: null, longitude: null });
  }
  await store.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert', base_version: null,
    payload, photo_ids: photos.map((p) => p.id) });
}"""

WATCH_PROGRESS = """() => { window.__progress = [];
  addEventListener('sync-progress', (e) => window.__progress.push(e.detail)); }"""


def photo(color) -> tuple[bytes, int, int]:
    im = Image.new("RGB", (1024, 768), color)
    im.paste((255, 255, 255), (100, 100, 400, 300))
    out = io.BytesIO()
    im.save(out, "JPEG", quality=85)
    return out.getvalue(), 1024, 768


def test_offline_inspection_with_three_photos_reaches_the_server(
    browser, tablet, live_server, demo_app
):
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
    iid, mid = uid(), uid()
    photos = [
        {"id": pid, "b64": base64.b64encode(data).decode(), "sha": sha(data), "w": w, "h": h}
        for pid, (data, w, h) in zip(ids, shots, strict=True)
    ]

    context = browser.new_context(**tablet)
    context.add_init_script(NO_BACKGROUND_SYNC)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/")
    assert page.evaluate(
        "typeof ServiceWorkerRegistration === 'undefined' || !('sync' in ServiceWorkerRegistration.prototype)"
    )
    page.evaluate(
        "async () => { await import('/static/js/store.js'); await import('/static/js/sync.js'); }"
    )
    page.evaluate(WATCH_PROGRESS)

    # Offline: captured work stays on the device, queued, and nothing reaches the server.
    context.set_offline(True)
    page.evaluate(ENQUEUE, {"payload": payload, "photos": photos, "iid": iid, "mid": mid})
    summary = page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    assert summary["stopped"] == "offline"
    outbox = page.evaluate("async () => (await import('/static/js/store.js')).listOutbox()")
    assert [(e["mutation_id"], e["state"]) for e in outbox] == [(mid, "queued")]
    with Session(engine) as db:
        assert db.get(Inspection, iid) is None

    # Back online: the `online` event flushes by itself; the outbox empties only after 3 of 3 photos.
    context.set_offline(False)
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    sent = page.evaluate("async () => (await import('/static/js/store.js')).listSent()")
    assert sent[0]["mutation_id"] == mid and (
        sent[0]["photos_received"],
        sent[0]["photos_expected"],
    ) == (3, 3)
    progress = page.evaluate("window.__progress")
    assert [p["index"] for p in progress if p["phase"] == "photos"] == [1, 2, 3]
    assert all(p["total"] == 3 for p in progress if p["phase"] == "photos")
    left = page.evaluate(f"async () => (await import('/static/js/store.js')).getPhoto('{ids[0]}')")
    assert (
        left is None or "bytes" not in left
    )  # the device's copy is dropped only after the server has it

    with Session(engine) as db:
        stored = db.get(Inspection, iid)
        assert stored is not None and stored.photos_expected == 3
        assert len(db.exec(select(Answer).where(Answer.inspection_id == iid)).all()) == len(codes)
        assert sorted(
            p.id for p in db.exec(select(Photo).where(Photo.inspection_id == iid))
        ) == sorted(ids)

    # A supervisor sees it with its photos.
    office = browser.new_context(**tablet)
    supervisor = office.new_page()
    sign_in(supervisor, live_server.url, "supervisor@fairwater.example")
    supervisor.goto(f"{live_server.url}/inspections/{iid}")
    assert supervisor.get_by_text("3 of 3 photos received").count() >= 1
    # every photo is in the report's Photos section (loaded lazily: scroll each into view)
    thumbs = supervisor.locator(".report-photos figure.report-photo img")
    assert thumbs.count() == 3
    for i in range(3):
        thumbs.nth(i).scroll_into_view_if_needed()
    supervisor.wait_for_function(
        "() => [...document.querySelectorAll('.report-photos img')]"
        ".every((i) => i.complete && i.naturalWidth > 0)"
    )
    supervisor.screenshot(
        path=os.environ.get("SYNC_SHOT", str(live_server_tmp(demo_app) / "inspection.png")),
        full_page=True,
    )
    office.close()

    # Another device of the same inspector pulls it.
    second = browser.new_context(**tablet)
    other = second.new_page()
    sign_in(other, live_server.url, "inspector@fairwater.example")
    other.goto(f"{live_server.url}/")
    result = other.evaluate("""async () => {
        const sync = await import('/static/js/sync.js');
        const store = await import('/static/js/store.js');
        await sync.pullNow();
        return (await store.listRecords('inspection')).map((r) => [r.id, r.photos_received, r.answers.length]); }""")
    assert [iid, 3, len(codes)] in result
    second.close()

    # Signed out (session gone): a flush keeps the outbox, says why, and the shell is told to offer sign-in.
    context.clear_cookies()
    again = dict(payload, notes="second visit")
    from tests.sync.helpers import seal

    page.evaluate(
        "() => { window.__unauthorized = 0; addEventListener('sync-unauthorized', () => window.__unauthorized++); }"
    )
    page.evaluate(ENQUEUE, {"payload": seal(again), "photos": [], "iid": uid(), "mid": uid()})
    summary = page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    assert summary["stopped"] == "unauthorized"
    outbox = page.evaluate("async () => (await import('/static/js/store.js')).listOutbox()")
    assert len(outbox) == 1 and outbox[0]["state"] == "queued"
    assert page.evaluate("window.__unauthorized") >= 1
    context.close()


def wait_until(page, async_predicate: str, timeout_s: float = 20.0) -> None:
    """Poll an async page function (wait_for_function does not await promises)."""
    import time

    deadline = time.monotonic() + timeout_s
    while not page.evaluate(async_predicate):
        assert time.monotonic() < deadline, f"timed out waiting for {async_predicate}"
        page.wait_for_timeout(100)


def live_server_tmp(app):
    from pathlib import Path

    return Path(app.config["DATABASE_URL"].removeprefix("sqlite:///")).parent
