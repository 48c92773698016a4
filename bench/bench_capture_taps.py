"""Taps and scrolling of an all-pass weekly inspection on the demo site (Meadow Ridge), done in Chromium
on a 10-inch tablet (iPad gen 7) in portrait and in landscape: the inspector signs in, opens the
weekly inspection, taps Pass on every item and Submit. Counted: taps, the page's scrolling (sum of
every change of scrollY, the page's own included), the tallest the page got, and how often the next
item's Pass was not tappable where it stood.
Usage: .venv/bin/python bench/bench_capture_taps.py   (needs `make build`; last line is the JSON)
"""

from __future__ import annotations

import json
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from inspector.rules.rulebook import default  # noqa: E402
from tests.browser.capture_flow import SCROLL_METER, answer_all_pass, landscape  # noqa: E402
from tests.browser.capture_packet import pull_body, seed_packet, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, sign_in  # noqa: E402
from tests.support.live import LiveServer, seeded_demo_app  # noqa: E402

SITE = "1"
# What an all-pass weekly inspection scrolled before the capture page collapsed answered items
# (8,822 px portrait, 8,307 px landscape; the first review measured about 8,000): the target is under 30 % of it.
TARGET_SCROLL_PX = 2400


def run(pw, browser, server, app, device: dict) -> dict:
    context = browser.new_context(**device)
    context.add_init_script(SCROLL_METER)
    page = context.new_page()
    sign_in(page, server.url, "inspector@fairwater.example")
    page.goto(f"{server.url}/app/")
    wait_for_controller(page)
    body = pull_body(app)
    seed_packet(page, body)
    codes = next(c["data"] for c in body["changes"] if c["id"] == SITE)["checklist_codes"]
    page.goto(f"{server.url}/app/inspect?site={SITE}&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    figures = answer_all_pass(page, codes)
    context.close()
    return figures


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    tmp = Path(tempfile.mkdtemp(prefix="bench-taps-"))
    app = seeded_demo_app(tmp, "bench")
    server = LiveServer(app).start()
    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tablet = {**pw.devices["iPad (gen 7)"], "timezone_id": default()["calendar.timezone"]}
        tablet.pop("default_browser_type", None)
        for name, device in (("portrait", tablet), ("landscape", landscape(tablet))):
            results[name] = run(pw, browser, server, app, device)
        browser.close()
    server.stop()
    app.extensions["engine"].dispose()

    items = results["portrait"]["items"]
    figures = {"items": items}
    for name, r in results.items():
        figures[f"{name}_taps"] = r["taps"]
        figures[f"{name}_scrolled_px"] = r["scrolled_px"]
        figures[f"{name}_tallest_px"] = r["tallest_px"]
        figures[f"{name}_height_at_end_px"] = r["height_at_end_px"]
        figures[f"{name}_next_out_of_view"] = len(r["next_out_of_view"])
        print(
            f"{name}: {r['taps']} taps for {items} items, scrolled {r['scrolled_px']} px, "
            f"page {r['tallest_px']} px tall at most and {r['height_at_end_px']} px at the end, next item out of reach "
            f"{len(r['next_out_of_view'])} time(s) {r['next_out_of_view']}"
        )
    worst = max(r["scrolled_px"] for r in results.values())
    ratios = {
        "taps_per_item": round(max(r["taps"] for r in results.values()) / items, 2),
        "scrolled_px_per_item": round(worst / items, 1),
    }
    targets = {
        "taps": items + 2,
        "scrolled_px": TARGET_SCROLL_PX,
        "next_out_of_view": 0,
    }
    print(
        json.dumps(
            {"bench": "capture_taps", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
