"""Screenshots of the field app on a tablet, online and offline, made from the real app with the demo
data (run by `make screenshots`; needs `make build`). Writes docs/screenshots/*.png.

Usage: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from inspector import create_app, demo  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from tests.browser.capture_packet import camera_jpeg, sign, stored, wait_for_controller  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, sign_in  # noqa: E402
from tests.support.live import LiveServer  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SITE = "Meadow Ridge Subdivision, Phase 2"


def shot(page, name: str, full_page: bool = False) -> None:
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    print("wrote", path.relative_to(ROOT))


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="screenshots-"))
    app = create_app(
        {
            "TESTING": False,
            "SECRET_KEY": "screenshots",
            "DATABASE_URL": f"sqlite:///{tmp / 'demo.sqlite3'}",
        }
    )
    with app.app_context():
        create_all()
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    server = LiveServer(app).start()
    base = server.url
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        device = dict(pw.devices["iPad (gen 7)"])
        device.pop("default_browser_type", None)
        context = browser.new_context(**device)
        page = context.new_page()
        sign_in(page, base, "inspector@fairwater.example")
        page.goto(f"{base}/app/")
        wait_for_controller(page)
        page.locator(".site-card").first.wait_for()
        shot(page, "app-home-online", full_page=True)

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
        page.locator("#m-INLET-sediment_depth_in").fill("5")
        page.locator("#m-INLET-device_height_in").fill("12")
        inlet = page.locator("#item-INLET")
        inlet.locator("input.photo-camera").set_input_files(
            {"name": "IMG_0412.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=3)}
        )
        inlet.locator(".thumb").wait_for()
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
        browser.close()
    server.stop()
    app.extensions["engine"].dispose()


if __name__ == "__main__":
    main()
