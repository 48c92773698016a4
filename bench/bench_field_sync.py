"""A day's work home over a weak signal: 10 signed inspections with 6 photos each, queued in the
field app's IndexedDB outbox as the tablet stores them (the app's own drafts/photos/store modules:
photos.processFile on camera-sized JPEGs, drafts.buildPayload, drafts.submit), then sent by the real
field app sync (static/js/sync.js) in Chromium over a link emulated with the DevTools protocol
(Network.emulateNetworkConditions: 1.6 Mbit/s up, 10 Mbit/s down, 300 ms round trip). The
connection is cut twice for ~2 s: once while a photo is being uploaded (seen by
Network.requestWillBeSent for a PUT /api/v1/photos/...), once while records are being pushed or
between photos. Chromium's emulated "offline" fails requests made during the cut; an upload
already under way when it starts may still finish (the figures say whether the photo in flight was
broken off and started over, or arrived).
Counted at the server (a WSGI middleware): request body bytes received, which photo PUTs and pushes
arrived again after the server had already answered 2xx for them (re-sent after an acknowledgment),
and bytes of bodies that arrived again without an acknowledgment (a cut upload started over).
Time: from the connection coming up until the outbox is empty and the database has 10 inspections
and 60 photos.
Usage: .venv/bin/python bench/bench_field_sync.py   (needs `make build`; last line is the JSON)
"""

from __future__ import annotations

import base64
import io
import json
import logging
import random
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageDraw, ImageFilter  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from sqlmodel import func, select  # noqa: E402

from inspector.db import get_session  # noqa: E402
from inspector.models import Inspection, Photo  # noqa: E402
from inspector.rules.rulebook import default  # noqa: E402
from tests.browser.capture_packet import sign, stored, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, sign_in  # noqa: E402
from tests.support.live import LiveServer, seeded_demo_app  # noqa: E402

INSPECTIONS = 10
PHOTOS_EACH = 6
UP_BPS = 1_600_000 / 8  # bytes per second
DOWN_BPS = 10_000_000 / 8
LATENCY_MS = 300
CUT_S = 2.0
TIMEOUT_S = 150
TARGET_RATIO = 1.15


class Meter:
    """WSGI middleware: body bytes each request delivered to the app, and what was acknowledged."""

    def __init__(self, app):
        self.app = app
        self.lock = threading.Lock()
        self.requests: list[dict] = []
        self.photo_acked: set[str] = set()
        self.push_acked: set[str] = set()

    def __call__(self, environ, start_response):
        path, method = environ.get("PATH_INFO", ""), environ["REQUEST_METHOD"]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = b""
        if length:
            try:
                body = environ["wsgi.input"].read(length)
            except OSError:
                body = b""
        environ["wsgi.input"] = io.BytesIO(body)
        row = {"method": method, "path": path, "bytes": len(body), "declared": length}
        kind = None
        if method == "PUT" and path.startswith("/api/v1/photos/"):
            # A photo sent in byte ranges: each range is acknowledged (202) on its own.
            part = environ.get("HTTP_CONTENT_RANGE", "").removeprefix("bytes ").split("/")[0]
            kind, key = "photo", [path.rsplit("/", 1)[1] + (f"@{part}" if part else "")]
        elif method == "POST" and path == "/api/v1/sync/push":
            kind = "push"
            try:
                key = [m["mutation_id"] for m in json.loads(body)["mutations"]]
            except ValueError:
                key = []
        if kind:
            acked = self.photo_acked if kind == "photo" else self.push_acked
            with self.lock:
                row["after_ack"] = any(k in acked for k in key)
                row["again"] = any(
                    r.get("kind") == kind and set(r["key"]) & set(key) for r in self.requests
                )
            row.update(kind=kind, key=key)

        def answer(status, headers, exc_info=None):
            row["status"] = int(status.split()[0])
            if kind and 200 <= row["status"] < 300:
                with self.lock:
                    (self.photo_acked if kind == "photo" else self.push_acked).update(key)
            return start_response(status, headers, exc_info)

        with self.lock:
            self.requests.append(row)
        return self.app(environ, answer)


def camera_photo(seed: int) -> bytes:
    """A 1600x1200 JPEG at quality 80 with camera-like texture (about 230 KB)."""
    rnd = random.Random(seed)
    size = (1600, 1200)
    img = Image.linear_gradient("L").resize(size).convert("RGB")
    draw = ImageDraw.Draw(img)
    for _ in range(80):
        x, y = rnd.randrange(1600), rnd.randrange(1200)
        draw.rectangle(
            (x, y, x + rnd.randrange(30, 400), y + rnd.randrange(30, 300)),
            fill=(rnd.randrange(60, 200), rnd.randrange(60, 160), rnd.randrange(30, 120)),
        )
    img = img.filter(ImageFilter.GaussianBlur(2))
    img = Image.blend(img, Image.effect_noise(size, 25).convert("RGB"), 0.2)
    exif = Image.Exif()
    exif[0x010F] = "BenchCam"
    exif.get_ifd(0x8769)[0x9003] = datetime.now().strftime("%Y:%m:%d 07:30:00")
    exif.get_ifd(0x8825).update({1: "N", 2: (43.0, 30.0, 15.0), 3: "W", 4: (88.0, 12.0, 36.0)})
    out = io.BytesIO()
    img.save(out, "JPEG", quality=80, exif=exif.tobytes())
    return out.getvalue()


# One inspection as the capture page makes it: a draft of the signed-in person, every item answered
# pass, 6 photos through photos.processFile into the photos store, signed (the signature drawn once on
# the real capture page, copied), buildPayload, drafts.submit (outbox entry in, draft out).
QUEUE = """async ({ siteId, kind, start, photos, signed }) => {
  const s = await import('/static/js/store.js');
  const drafts = await import('/static/js/drafts.js');
  const { processFile } = await import('/static/js/photos.js');
  const { itemsForSite } = await import('/static/js/checklist.js');
  const site = await s.getSite(siteId);
  const catalog = await s.getMeta('catalog');
  const user = await s.getMeta('user');
  const draft = drafts.newDraft({ site, kind, user, catalog });
  draft.header.start_time = start;
  for (const item of itemsForSite(catalog, site)) draft.answers[item.code] = { result: 'pass' };
  for (const [i, b64] of photos.entries()) {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let j = 0; j < bin.length; j += 1) bytes[j] = bin.charCodeAt(j);
    const file = new File([bytes], `IMG_${i}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
    const photo = await processFile(file, { inspectionId: draft.id, useGeolocation: false });
    photo.name = file.name;
    await s.putPhoto(photo);
  }
  Object.assign(draft, signed, { signed_at: new Date().toISOString().replace(/\\.\\d{3}Z$/, 'Z') });
  await drafts.saveDraft(draft);
  const { items } = drafts.validate(draft, catalog, site);
  draft.header.end_time = drafts.localTime();
  const stored = await s.listPhotos(draft.id);
  const payload = await drafts.buildPayload(draft, items, stored);
  await drafts.submit(draft, payload, stored);
  return { id: draft.id, bytes: stored.reduce((n, p) => n + p.size, 0) };
}"""


def server_counts(app) -> tuple[int, int]:
    with app.app_context():
        session = get_session()
        n = session.exec(select(func.count()).select_from(Inspection)).one()
        p = session.exec(select(func.count()).select_from(Photo)).one()
        session.close()
        return n, p


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    tmp = Path(tempfile.mkdtemp(prefix="bench-field-sync-"))
    app = seeded_demo_app(tmp, "bench")
    inspections_before, photos_before = server_counts(app)
    meter = Meter(app.wsgi_app)
    app.wsgi_app = meter
    server = LiveServer(app).start()
    base = server.url
    originals = [camera_photo(seed) for seed in range(INSPECTIONS * PHOTOS_EACH)]
    b64 = [base64.b64encode(d).decode() for d in originals]
    zone = ZoneInfo(default()["calendar.timezone"])
    now = datetime.now(zone)
    start = "00:00" if now.hour < 1 else f"{now.hour - 1:02d}:{now.minute:02d}"

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tablet = {**pw.devices["iPad (gen 7)"], "timezone_id": default()["calendar.timezone"]}
        tablet.pop("default_browser_type", None)
        context = browser.new_context(**tablet)
        page = context.new_page()
        sign_in(page, base, "inspector@fairwater.example")
        page.goto(f"{base}/app/")
        wait_for_controller(page)
        page.locator(".site-card").first.wait_for()  # the packet came from the real pull
        sites = [s for s in stored(page, "s.listSites()") if s.get("applicable", True)]

        # The signature, drawn once on the real capture page (statement version, signer's name).
        page.goto(f"{base}/app/inspect?site={sites[0]['id']}&kind=weekly")
        page.wait_for_selector("body[data-ready=capture]")
        sign(page)
        draft_id = page.url.split("draft=")[1]
        draft = stored(page, f"s.getDraft('{draft_id}')")
        signed = {
            k: draft[k] for k in ("signature", "signature_statement_version", "signed_by_name")
        }
        stored(page, f"s.deleteDraft('{draft_id}')")

        page.goto(f"{base}/app/outbox")
        page.wait_for_selector("body[data-ready=outbox]")
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        link = {
            "latency": LATENCY_MS,
            "downloadThroughput": DOWN_BPS,
            "uploadThroughput": UP_BPS,
        }
        cdp.send("Network.emulateNetworkConditions", {"offline": True, **link})
        context.set_offline(True)  # the tablet in the field: nothing goes out while it queues
        queued_bytes = 0
        kinds = ("weekly", "village", "complaint")
        for i in range(INSPECTIONS):
            site = sites[i % len(sites)]
            photos = b64[i * PHOTOS_EACH : (i + 1) * PHOTOS_EACH]
            result = page.evaluate(
                QUEUE,
                {
                    "siteId": site["id"],
                    "kind": kinds[(i // len(sites)) % len(kinds)],
                    "start": start,
                    "photos": photos,
                    "signed": signed,
                },
            )
            queued_bytes += result["bytes"]
        assert len(stored(page, "s.listOutbox()")) == INSPECTIONS

        # The cuts: one as soon as a photo upload starts (after a few photos went through), one
        # while the first records are pushed; each restored after CUT_S.
        cuts: list[str] = []
        state = {"photo_puts": 0, "push_seen": False}
        wanted: list[str] = []  # cuts asked for by the CDP event handler, done by the loop below

        seen: dict[str, tuple[str, str]] = {}  # CDP request id -> (method, url)
        failed: list[tuple[str, str]] = []

        def on_failed(event) -> None:
            # (A HEAD answered 404 ends as "aborted" in Chromium: not a cut.)
            if seen.get(event["requestId"], ("HEAD",))[0] != "HEAD":
                failed.append(seen[event["requestId"]])

        def on_request(event) -> None:
            req = event["request"]
            seen[event["requestId"]] = (req["method"], req["url"])
            if "/api/v1/sync/push" in req["url"] and not state["push_seen"]:
                state["push_seen"] = True
                wanted.append("during the push of the records")
            elif req["method"] == "PUT" and "/api/v1/photos/" in req["url"]:
                state["photo_puts"] += 1
                if state["photo_puts"] == 7:
                    state["cut_photo"] = req["url"].rsplit("/", 1)[1]
                    wanted.append("during a photo upload")

        cdp.on("Network.requestWillBeSent", on_request)
        cdp.on("Network.loadingFailed", on_failed)
        with meter.lock:
            meter.requests.clear()
        started = time.monotonic()
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **link})
        context.set_offline(False)  # the browser's `online` event starts the app's sync
        done_at = None
        restore_at = None
        checked = 0.0
        while time.monotonic() - started < TIMEOUT_S:
            page.wait_for_timeout(25)  # CDP events are handled while Playwright waits
            if wanted and restore_at is None:
                cdp.send("Network.emulateNetworkConditions", {"offline": True, **link})
                cuts.append(wanted.pop(0))
                restore_at = time.monotonic() + CUT_S
            if restore_at is not None and time.monotonic() >= restore_at:
                cdp.send("Network.emulateNetworkConditions", {"offline": False, **link})
                restore_at = None
            if restore_at is not None or time.monotonic() - checked < 0.5:
                continue
            checked = time.monotonic()
            n, p = server_counts(app)
            if (
                n - inspections_before >= INSPECTIONS
                and p - photos_before >= INSPECTIONS * PHOTOS_EACH
            ):
                if not stored(page, "s.listOutbox()"):
                    done_at = time.monotonic()
                    break
        attention = [e for e in stored(page, "s.listOutbox()") if e["state"] == "attention"]
        context.close()
        browser.close()
    server.stop()
    n, p = server_counts(app)
    app.extensions["engine"].dispose()

    rows = list(meter.requests)
    elapsed = (done_at or time.monotonic()) - started
    sent = sum(r["bytes"] for r in rows)
    after_ack = sum(r["bytes"] for r in rows if r.get("after_ack"))
    again = sum(r["bytes"] for r in rows if r.get("again") and not r.get("after_ack"))
    # A cut upload that reached the server only in part never reached the app: the browser's bytes
    # for it are what the link carried and lost (declared length, none delivered).
    lost = sum(r["declared"] - r["bytes"] for r in rows)
    photo_puts = [r for r in rows if r.get("kind") == "photo"]
    # A photo upload the cut broke never reached the app (the server drops a short body): it starts
    # over from its first byte. Its full size is the most the link carried for nothing.
    delivered = {r["key"][0]: r["bytes"] for r in photo_puts if r.get("status", 0) < 300}
    cut_photos = [u.rsplit("/", 1)[1] for m, u in failed if m == "PUT" and "/photos/" in u]
    cut_photo_bytes = sum(delivered.get(pid, 0) for pid in cut_photos)
    # Chromium's emulated "offline" fails new requests; an upload already under way may finish.
    in_flight = [r for r in photo_puts if r["key"] == [state.get("cut_photo")]]
    ideal = sent / UP_BPS
    figures = {
        "inspections": n - inspections_before,
        "photos": p - photos_before,
        "queued_photo_bytes": queued_bytes,
        "bytes_sent": sent,
        "seconds": round(elapsed, 1),
        "finished": done_at is not None,
        "needs_attention": len(attention),
        "cuts": cuts,
        "cut_seconds_each": CUT_S,
        "requests": len(rows),
        "photo_puts": len(photo_puts),
        "bytes_resent_after_ack": after_ack,
        "bytes_resent_without_ack": again,
        "bytes_declared_not_delivered": lost,
        "requests_cut": len(failed),
        "photo_uploads_cut": len(cut_photos),
        "photo_in_flight_at_cut_puts": len(in_flight),
        "photo_in_flight_at_cut_status": [r.get("status") for r in in_flight],
        "photo_bytes_started_over_at_most": cut_photo_bytes,
        "link_up_bits_per_s": int(UP_BPS * 8),
        "round_trip_ms": LATENCY_MS,
    }
    ratios = {"time_vs_bytes_over_link_rate": round(elapsed / ideal, 2) if ideal else None}
    targets = {"time_vs_bytes_over_link_rate": TARGET_RATIO, "bytes_resent_after_ack": 0}
    print(
        f"{figures['inspections']} inspections, {figures['photos']} photos, {sent / 1e6:.2f} MB sent in "
        f"{elapsed:.1f}s (link alone {ideal:.1f}s, ratio {ratios['time_vs_bytes_over_link_rate']}); "
        f"re-sent after ack {after_ack} B, re-sent without ack {again} B; cuts: {figures['cuts']}; "
        f"{len(cut_photos)} photo upload(s) cut, started over ({cut_photo_bytes} B at most lost)"
    )
    print(
        json.dumps(
            {"bench": "field_sync", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
