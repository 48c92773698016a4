"""Capture on a slow tablet: Chromium with the CPU throttled 4x (CDP Emulation.setCPUThrottlingRate).

1. Offline cold start: a fresh browser process on a profile that visited once, server stopped and the
   browser offline; time from navigation to a usable capture page (/app/inspect, form rendered from
   IndexedDB), against a trivial precached page (/app/offline: DOMContentLoaded, its module scripts run) in the same
   run. Both measured by the browser from navigation start.
   Median of 5 runs (each run printed), against the trivial page's median (floor and ratio).
2. Device-side processing of a 12-MP camera photo (EXIF read, upright decode, downscale, JPEG encode,
   SHA-256) in the photo worker, against a plain createImageBitmap decode of the same file.
3. The page's responsiveness meanwhile: the longest main-thread task (Long Tasks API) and the
   longest gap between the ticks of a setTimeout probe, with the photo worker and with the
   main-thread path (a browser without Worker or OffscreenCanvas) on the same photos.
4. Bytes stored per photo against the camera original.
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

from tests.browser.capture_packet import camera_jpeg, pull_body, seed_packet, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.support.live import LiveServer, seeded_demo_app  # noqa: E402

THROTTLE = 4
RUNS = 5
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

# One photo prepared while the page watches its main thread: Long Tasks (over 50 ms) and a
# setTimeout(0) probe (the longest wait for a turn: what a tap would wait).
RESPONSIVE = """async ({ b64, inWorker }) => {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i += 1) bytes[i] = bin.charCodeAt(i);
  const file = new File([bytes], 'IMG.jpg', { type: 'image/jpeg', lastModified: Date.now() });
  const { processFile } = await import('/static/js/photos.js');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  let running = true;
  let last = performance.now();
  let gap = 0;
  const tick = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const started = performance.now();
  const photo = await processFile(file, { inspectionId: 'bench', useGeolocation: false, inWorker });
  const ms = performance.now() - started;
  running = false;
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const entry of observer.takeRecords()) tasks.push(entry.duration);
  observer.disconnect();
  return { ms, longest: Math.max(0, ...tasks), gap, width: photo.width, height: photo.height };
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
    app = seeded_demo_app(tmp, "bench")
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
        longest = {True: [], False: []}
        gaps = {True: [], False: []}
        prepared_ms = {True: [], False: []}
        for data in originals:
            b64 = base64.b64encode(data).decode()
            decode_ms.append(page.evaluate(PROCESS, {"b64": b64, "decodeOnly": True})["ms"])
            result = page.evaluate(PROCESS, {"b64": b64, "decodeOnly": False})
            process_ms.append(result["ms"])
            stored_sizes.append(result["size"])
            assert max(result["width"], result["height"]) <= 2048
            for in_worker in (True, False):
                seen = page.evaluate(RESPONSIVE, {"b64": b64, "inWorker": in_worker})
                assert (seen["width"], seen["height"]) == (result["width"], result["height"])
                longest[in_worker].append(seen["longest"])
                gaps[in_worker].append(seen["gap"])
                prepared_ms[in_worker].append(seen["ms"])
        context.close()
    server.stop()
    app.extensions["engine"].dispose()

    cap_cold = statistics.median(capture_cold)
    base_cold = statistics.median(baseline_cold)
    task_worker, task_main = max(longest[True]), max(longest[False])
    gap_worker, gap_main = max(gaps[True]), max(gaps[False])
    photo_s = statistics.median(process_ms) / 1000
    decode_s = statistics.median(decode_ms) / 1000
    original = statistics.mean(len(d) for d in originals)
    kept = statistics.mean(stored_sizes)
    figures = {
        "cpu_throttle": THROTTLE,
        "runs": RUNS,
        "capture_cold_start_s": round(cap_cold, 3),
        "capture_cold_start_runs_s": [round(t, 3) for t in capture_cold],
        "baseline_page_cold_runs_s": [round(t, 3) for t in baseline_cold],
        "capture_warm_s": round(statistics.median(capture_warm), 3),
        "baseline_page_cold_s": round(base_cold, 3),
        "baseline_page_warm_s": round(statistics.median(baseline_warm), 3),
        "photo_processing_s": round(photo_s, 3),
        "photo_decode_only_s": round(decode_s, 3),
        "photo_main_thread_path_s": round(statistics.median(prepared_ms[False]) / 1000, 3),
        "photo_longest_task_ms_worker": round(task_worker),
        "photo_longest_task_ms_main_thread": round(task_main),
        "photo_longest_wait_ms_worker": round(gap_worker),
        "photo_longest_wait_ms_main_thread": round(gap_main),
        "photo_original_bytes": int(original),
        "photo_stored_bytes": int(kept),
    }
    ratios = {
        "capture_vs_trivial_page_cold": round(cap_cold / base_cold, 2),
        "photo_processing_vs_decode": round(photo_s / decode_s, 2),
        "photo_original_vs_stored": round(original / kept, 1),
        "photo_longest_wait_main_thread_vs_worker": round(gap_main / max(gap_worker, 1), 1),
    }
    targets = {
        "capture_cold_start_s": 1.0,
        "photo_processing_s": 1.5,
        "photo_longest_task_ms_worker": 100,
        "photo_original_vs_stored": 8.0,
    }
    runs = ", ".join(f"{t:.2f}" for t in capture_cold)
    floor = ", ".join(f"{t:.2f}" for t in baseline_cold)
    print(f"capture page offline cold start, {RUNS} runs: {runs} s; trivial page: {floor} s")
    print(
        f"while a 12-MP photo is prepared: longest main-thread task {task_worker:.0f} ms with the "
        f"worker, {task_main:.0f} ms on the main thread; longest wait for a turn {gap_worker:.0f} "
        f"ms vs {gap_main:.0f} ms"
    )
    print(
        f"capture page offline cold start {cap_cold:.2f}s (trivial precached page {base_cold:.2f}s), "
        f"photo {photo_s:.2f}s (decode alone {decode_s:.2f}s), {original / 1024:.0f} KB -> {kept / 1024:.0f} KB"
    )
    print(
        json.dumps({"bench": "capture", "figures": figures, "ratios": ratios, "targets": targets})
    )


if __name__ == "__main__":
    main()
