"""In the real browser, over the wire: a flush fetches its CSRF token once (again only when the server
refuses it), sends each photo with a single PUT and no HEAD, and a cut that loses the answer to a
photo the server stored costs one HEAD on the next flush, never the photo's bytes again. Nothing is
lost: the outbox empties with every photo on the server."""

from __future__ import annotations

import base64
from collections import Counter

from sqlmodel import Session, select

from inspector.models import Inspection, Photo, Site
from tests.browser.conftest import sign_in
from tests.browser.test_sync_outbox import ENQUEUE, WATCH_PROGRESS, photo, wait_until
from tests.sync.helpers import checklist_codes, inspection_payload, sha, uid

OUTBOX_EMPTY = "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"


def test_one_token_per_flush_one_put_per_photo_and_a_cut_answer_costs_a_head(
    browser, tablet, live_server, demo_app
):
    engine = demo_app.extensions["engine"]
    shots = [photo(c) for c in ((200, 40, 40), (40, 200, 40), (40, 40, 200), (90, 90, 90))]
    ids = [uid() for _ in shots]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        codes = checklist_codes(site, demo_app.extensions["rulebook"])
        payload = inspection_payload(
            site,
            codes=codes,
            kind="village",
            photos=[(pid, sha(data)) for pid, (data, _, _) in zip(ids, shots, strict=True)],
        )
    iid, mid = uid(), uid()
    photos = [
        {"id": pid, "b64": base64.b64encode(data).decode(), "sha": sha(data), "w": w, "h": h}
        for pid, (data, w, h) in zip(ids, shots, strict=True)
    ]
    cut = ids[1]
    seen: Counter = Counter()
    bytes_to_server: Counter = Counter()
    state = {"push_refused": False, "cut_done": False}

    def wire(route, request) -> None:
        path = request.url.split("/api/v1", 1)[1]
        kind = path.split("/")[1]
        seen[(request.method, kind)] += 1
        if kind == "sync" and request.method == "POST" and not state["push_refused"]:
            # The session's token expired meanwhile: the server refuses it, the device fetches
            # another and sends the batch again.
            state["push_refused"] = True
            route.fulfill(
                status=400,
                json={"error": "csrf", "reason": "The CSRF token has expired."},
            )
            return
        if kind == "photos":
            pid = path.rsplit("/", 1)[1]
            seen[(request.method, pid)] += 1
            if request.method == "PUT":
                bytes_to_server[pid] += len(request.post_data_buffer or b"")
                if pid == cut and not state["cut_done"]:
                    # The server stores the photo; its answer never reaches the tablet.
                    state["cut_done"] = True
                    route.fetch()
                    route.abort("internetdisconnected")
                    return
        route.continue_()

    context = browser.new_context(**tablet, service_workers="block")
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    # The page's own first flush, on opening, is watched too: the flush counted below is the one
    # the signal's return starts, not that one ending late on a busy machine.
    page.add_init_script(f"({WATCH_PROGRESS})()")
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    page.wait_for_function("() => window.__progress.some((p) => p.phase === 'done')")
    context.set_offline(True)
    page.evaluate(ENQUEUE, {"payload": payload, "photos": photos, "iid": iid, "mid": mid})
    page.evaluate("() => { window.__progress.length = 0; }")
    context.route("**/api/v1/**", wire)
    context.set_offline(False)  # the `online` event flushes

    done = "() => window.__progress.filter((p) => p.phase === 'done')"
    page.wait_for_function(f"() => ({done})().length >= 1")
    first = page.evaluate(f"() => ({done})()[0].summary")
    assert first["stopped"] == "offline" and first["applied"] == 1
    entry = page.evaluate(
        "async () => (await (await import('/static/js/store.js')).listOutbox())[0]"
    )
    # After the cut nothing new starts, but the PUTs already in flight finish: each one that was
    # sent, the cut one aside, is acknowledged on the entry (how many got going before the cut is
    # the machine's timing, so it is read off the wire, not assumed).
    started = {pid for pid in ids if seen[("PUT", pid)]}
    assert cut in started and len(started) >= 2
    assert entry["state"] == "photos" and sorted(entry["photos_done"]) == sorted(started - {cut})
    assert page.evaluate(
        f"async () => !!(await (await import('/static/js/store.js')).getPhoto('{cut}')).bytes"
    )

    page.evaluate("async () => (await import('/static/js/sync.js')).flush()")
    wait_until(page, OUTBOX_EMPTY)
    flushes = page.evaluate(f"() => ({done})().length")

    # One token per flush, plus the one fetched after the refusal; never one per photo.
    assert seen[("GET", "csrf")] <= flushes + 1
    assert seen[("POST", "sync")] == 2
    # Each photo's bytes reached the server once; the one whose answer was cut was asked about.
    assert all(seen[("PUT", pid)] == 1 for pid in ids)
    assert all(
        bytes_to_server[pid] == len(data) for pid, (data, _, _) in zip(ids, shots, strict=True)
    )
    assert seen[("HEAD", "photos")] == 1 and seen[("HEAD", cut)] == 1
    with Session(engine) as db:
        assert db.get(Inspection, iid) is not None
        stored = db.exec(select(Photo.id, Photo.sha256).where(Photo.inspection_id == iid)).all()
        assert sorted(stored) == sorted(
            (pid, sha(data)) for pid, (data, _, _) in zip(ids, shots, strict=True)
        )
    sent = page.evaluate("async () => (await import('/static/js/store.js')).listSent()")
    assert (sent[0]["photos_received"], sent[0]["photos_expected"]) == (4, 4)
    context.close()
