"""Capture on a slow tablet: Chromium with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate).

1. Offline cold start: a fresh browser process on a profile that visited once, server stopped and the
   browser offline; time from navigation to a usable capture page (/app/inspect, form rendered from
   IndexedDB), against a trivial precached page (/app/offline: DOMContentLoaded, its module scripts run) in the same
   run. Both measured by the browser from navigation start.
2. Device-side processing of a 12-MP camera photo (EXIF read, upright decode, downscale, JPEG encode,
   SHA-256), against a plain createImageBitmap decode of the same file.
3. Bytes stored per photo against the camera original.
Usage: .venv/bin/python bench/bench_capture.py   (needs `make build`; last line is the JSON summary)
"""

from __future__ import annotations

import base64
import json
import logging
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from inspector import create_app, demo  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from tests.browser.capture_packet import camera_jpeg, pull_body, seed_packet, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.support.live import LiveServer  # noqa: E402

THROTTLE = 4
RUNS = 3
PHOTOS = 3

PROCESS = """async ({ b64, decodeOnly }) => {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  const file = new File([bytes], 'IMG.jpg', { type: 'image/jpeg', lastModified: Date.now() });
  const { processFile } = await import('/static/js/photos.js');
  const started = performance.now();
  if (decodeOnly) {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    bitmap.close();
    return { ms: performance.now() - started };
  }
  const photo = await processFile(file, { inspectionId: 'bench', useGeolocation: false });
  return { ms: performance.now() - started, size: photo.size, width: photo.width, height: photo.height };
}"""


def throttle(context, page):
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return cdp


def timed_open(context, url: str, ready: str | None) -> float:
    """Seconds from navigation start to usable, measured by the browser itself: the capture page's
    'capture-ready' mark (form rendered from IndexedDB), or DOMContentLoaded (its module scripts run)."""
    page = context.new_page()
    throttle(context, page)
    page.goto(url, wait_until="load")
    if ready:
        page.wait_for_selector(f"body[data-ready={ready}]")
        ms = page.evaluate("() => performance.getEntriesByName('capture-ready')[0].startTime")
    else:
        ms = page.evaluate(
            "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
        )
    page.close()
    return ms / 1000


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    tmp = Path(tempfile.mkdtemp(prefix="bench-capture-"))
    app = create_app(
        {
            "TESTING": False,
            "SECRET_KEY": "bench",
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        }
    )
    with app.app_context():
        create_all()
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    server = LiveServer(app).start()
    base = server.url
    profile = tmp / "profile"
    capture_cold, capture_warm, baseline_cold, baseline_warm = [], [], [], []
    with sync_playwright() as pw:
        options = {
            "executable_path": CHROMIUM,
            "args": CHROMIUM_ARGS,
            "viewport": {"width": 1024, "height": 768},
        }
        context = pw.chromium.launch_persistent_context(str(profile), **options)
        page = context.new_page()
        page.goto(f"{base}/app/")
        wait_for_controller(page)
        seed_packet(page, pull_body(app))
        context.close()
        server.stop()

        for _run in range(RUNS):
            for url, ready, cold, warm in (
                (f"{base}/app/offline", None, baseline_cold, baseline_warm),
                (f"{base}/app/inspect?site=1&kind=weekly", "capture", capture_cold, capture_warm),
            ):
                # A new browser process each run: nothing in memory, the worker not yet running.
                context = pw.chromium.launch_persistent_context(str(profile), **options)
                context.set_offline(True)
                cold.append(timed_open(context, url, ready))
                # (Another kind of inspection: the same one again would offer to resume the new draft.)
                warm.append(
                    timed_open(context, url.replace("kind=weekly", "kind=complaint"), ready)
                )
                context.close()
                if ready:  # drop the draft the capture page made, so each run starts the same way
                    context = pw.chromium.launch_persistent_context(str(profile), **options)
                    context.set_offline(True)
                    p = context.new_page()
                    p.goto(f"{base}/app/offline")
                    p.evaluate("""async () => { const s = await import('/static/js/store.js');
                        for (const d of await s.listDrafts()) await s.deleteDraft(d.id); }""")
                    context.close()

        # Photos (online page; the work is all on the device).
        server.start()
        context = pw.chromium.launch_persistent_context(str(profile), **options)
        page = context.new_page()
        page.goto(f"{base}/app/offline")
        throttle(context, page)
        originals = [camera_jpeg(seed=100 + i) for i in range(PHOTOS)]
        process_ms, decode_ms, stored_sizes = [], [], []
        for data in originals:
            b64 = base64.b64encode(data).decode()
            decode_ms.append(page.evaluate(PROCESS, {"b64": b64, "decodeOnly": True})["ms"])
            result = page.evaluate(PROCESS, {"b64": b64, "decodeOnly": False})
            process_ms.append(result["ms"])
            stored_sizes.append(result["size"])
            assert max(result["width"], result["height"]) <= 2048
        context.close()
    server.stop()
    app.extensions["engine"].dispose()

    cap_cold = statistics.median(capture_cold)
    base_cold = statistics.median(baseline_cold)
    photo_s = statistics.median(process_ms) / 1000
    decode_s = statistics.median(decode_ms) / 1000
    original = statistics.mean(len(d) for d in originals)
    kept = statistics.mean(stored_sizes)
    figures = {
        "cpu_throttle": THROTTLE,
        "runs": RUNS,
        "capture_cold_start_s": round(cap_cold, 3),
        "capture_warm_s": round(statistics.median(capture_warm), 3),
        "baseline_page_cold_s": round(base_cold, 3),
        "baseline_page_warm_s": round(statistics.median(baseline_warm), 3),
        "photo_processing_s": round(photo_s, 3),
        "photo_decode_only_s": round(decode_s, 3),
        "photo_original_bytes": int(original),
        "photo_stored_bytes": int(kept),
    }
    ratios = {
        "capture_vs_trivial_page_cold": round(cap_cold / base_cold, 2),
        "photo_processing_vs_decode": round(photo_s / decode_s, 2),
        "photo_original_vs_stored": round(original / kept, 1),
    }
    targets = {
        "capture_cold_start_s": 1.0,
        "photo_processing_s": 1.5,
        "photo_original_vs_stored": 8.0,
    }
    print(
        f"capture page offline cold start {cap_cold:.2f}s (trivial precached page {base_cold:.2f}s), "
        f"photo {photo_s:.2f}s (decode alone {decode_s:.2f}s), {original / 1024:.0f} KB -> {kept / 1024:.0f} KB"
    )
    print(
        json.dumps({"bench": "capture", "figures": figures, "ratios": ratios, "targets": targets})
    )


if __name__ == "__main__":
    main()
