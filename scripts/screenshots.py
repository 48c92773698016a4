"""Screenshots of the field app on a tablet, online and offline, made from the real app with the demo
data (run by `make screenshots`; needs `make build`). Writes docs/screenshots/*.png, each reduced to
256 colours (a few tens of KB) at the tablet's CSS size.

- app-home-online: where an inspector lands after signing in, what is due, overdue first;
- capture-midway: the capture page part-way, answered items folded to one line, the progress line
  kept at the top; capture-offline-*: the header, a failed item, a refused measurement, offline;
- outbox-offline / outbox-synced: a submitted inspection waiting, then on the server;
- outbox-needs-attention: a permittee's entry the server refused, with its ways out (edit and send
  again, or discard after downloading a copy);
- office-page-offline-fallback, rain-reading.

Usage: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import io
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from sqlmodel import select  # noqa: E402

from inspector.db import get_session  # noqa: E402
from inspector.models import Site  # noqa: E402
from tests.browser.capture_packet import camera_jpeg, sign, stored, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, sign_in  # noqa: E402
from tests.browser.test_outbox_ways_out import FLUSH, refused_village_inspection  # noqa: E402
from tests.support.live import LiveServer, seeded_demo_app  # noqa: E402
from tests.sync.helpers import checklist_codes  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SITE = "Meadow Ridge Subdivision, Phase 2"


def shot(page, name: str, full_page: bool = False) -> None:
    """The page as the tablet shows it, in 256 colours (the app's flat colours survive; a photo
    dithers a little): a tenth of the bytes of a full-colour PNG."""
    path = OUT / f"{name}.png"
    image = Image.open(io.BytesIO(page.screenshot(full_page=full_page))).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    print("wrote", path.relative_to(ROOT), f"{path.stat().st_size // 1024} KB")


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="screenshots-"))
    app = seeded_demo_app(tmp, "screenshots")
    server = LiveServer(app).start()
    base = server.url
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        device = dict(pw.devices["iPad (gen 7)"])
        device.pop("default_browser_type", None)
        # CSS pixels (810 × 1080): readable on a README page at a quarter of the bytes.
        device.update(device_scale_factor=1, timezone_id="America/Chicago")
        context = browser.new_context(**device)
        page = context.new_page()
        sign_in(page, base, "inspector@fairwater.example")  # lands on what is due
        page.locator(".site-card").first.wait_for()
        wait_for_controller(page)
        shot(page, "app-home-online")

        # The network goes away (server stopped too); the capture page still works.
        context.set_offline(True)
        server.stop()
        page.goto(f"{base}/app/")
        page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
        page.wait_for_selector("body[data-ready=capture]")
        page.get_by_label("Weather").fill("Overcast, 41 °F, ground wet after 0.7 in overnight")
        page.get_by_label("Construction phase").fill("Grading lots 12-20")
        for code in stored(page, "s.getSite('1')")["checklist_codes"][:7]:
            page.locator(f"label[for='r-{code}-pass']").click()
        # Seven passes: each folded to one line, the next item in their place, progress on top.
        page.locator("#save-state.saved").wait_for()
        shot(page, "capture-midway")
        page.locator("#m-INLET-sediment_depth_in").fill("5")
        page.locator("#m-INLET-device_height_in").fill("12")
        inlet = page.locator("#item-INLET")
        inlet.locator("input.photo-camera").set_input_files(
            {"name": "IMG_0412.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=3)}
        )
        inlet.locator(".thumb").wait_for()
        inlet.locator(".suggestion-use").click()  # the catalog's corrective action, one tap
        page.locator("#save-state.saved").wait_for()
        page.evaluate("() => window.scrollTo(0, 0)")
        shot(page, "capture-offline-header")
        inlet.scroll_into_view_if_needed()
        page.evaluate(
            "() => document.getElementById('item-INLET').scrollIntoView({ block: 'start' })"
        )
        shot(page, "capture-offline-failed-item")
        page.locator("#m-STOCKPILE-volume_cu_yd").fill("-4")
        page.evaluate(
            "() => document.getElementById('item-STOCKPILE').scrollIntoView({ block: 'start' })"
        )
        shot(page, "capture-offline-bad-measurement")
        page.locator("#m-STOCKPILE-volume_cu_yd").fill("12")
        page.locator("#m-STOCKPILE-distance_ft").fill("40")
        for code in stored(page, "s.getSite('1')")["checklist_codes"]:
            if not page.locator(f"#item-{code} input[type=radio]:checked").count():
                page.locator(f"label[for='r-{code}-pass']").click()
        sign(page)  # under the certification statement
        page.get_by_role("button", name="Submit inspection").click()
        page.wait_for_selector("body[data-ready=outbox]")
        shot(page, "outbox-offline")
        page.goto(f"{base}/sites/")
        shot(page, "office-page-offline-fallback")

        server.start()
        context.set_offline(False)
        page.goto(f"{base}/app/outbox")
        page.locator("#sent-list .outbox-entry").wait_for(timeout=20000)
        shot(page, "outbox-synced")
        page.goto(f"{base}/app/rain")
        page.wait_for_selector("body[data-ready=rain]")
        shot(page, "rain-reading")
        context.close()

        # A permittee's entry the server refused (a Village inspection an older app queued).
        with app.app_context():
            site = get_session().exec(select(Site).where(Site.name == SITE)).one()
            codes = checklist_codes(site, app.extensions["rulebook"])
        context = browser.new_context(**device)
        page = context.new_page()
        sign_in(page, base, "permittee@prairie-builders.example")
        page.locator(".site-card").first.wait_for()
        page.goto(f"{base}/app/outbox")
        refused_village_inspection(page, site, codes, (200, 60, 60), "Sunny, 45 °F")
        page.evaluate(FLUSH)
        page.reload()
        page.locator(".outbox-entry .outbox-state", has_text="Needs attention").wait_for()
        page.locator("#outbox-list").scroll_into_view_if_needed()
        shot(page, "outbox-needs-attention")
        context.close()
        browser.close()
    server.stop()
    app.extensions["engine"].dispose()


if __name__ == "__main__":
    main()
