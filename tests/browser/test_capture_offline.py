"""Issue #3 end to end in Chromium on a tablet: after one online visit, a weekly inspection is done with
no network at all (browser offline AND server stopped), with three 12-MP sideways camera photos; the
draft and then the outbox entry survive closing the page; photos are stored upright, small and intact."""

from __future__ import annotations

import base64
import hashlib
import io

from PIL import Image
from playwright.sync_api import expect

from inspector.canonical import record_sha256
from tests.browser.capture_packet import (
    camera_jpeg,
    photo_with_bytes,
    pull_body,
    seed_packet,
    sign,
    stored,
    wait_for_controller,
)

SITE = "1"  # Meadow Ridge Subdivision, Phase 2 (basin regime, stockpiles, dewatering)


def answer_all(page, site_codes, special):
    for code in site_codes:
        if code in special:
            continue
        page.locator(f"label[for='r-{code}-pass']").click()


def check_photo(photo: dict):
    data = base64.b64decode(photo["b64"])
    assert photo["is_array_buffer"], "bytes are stored as an ArrayBuffer, not a Blob"
    assert len(data) == photo["size"] <= 500 * 1024
    assert hashlib.sha256(data).hexdigest() == photo["sha256"]
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG"
    assert max(image.size) <= 2048 and image.size == (photo["width"], photo["height"])
    # Upright: the sideways 4000x3000 original is portrait once rotated, and its marker is top-right.
    assert image.height > image.width
    assert (image.width, image.height) == (1536, 2048)
    r, g, b = image.convert("RGB").getpixel((image.width - 40, 40))
    assert r > 180 and g < 80 and b < 80, (r, g, b)
    r, g, b = image.convert("RGB").getpixel((40, 40))
    assert not (r > 180 and g < 80), "marker at top-left means the photo was not turned upright"
    # Position and time from the original's EXIF (the canvas drops EXIF, so they were read first).
    assert abs(photo["latitude"] - (43 + 30 / 60 + 15 / 3600)) < 1e-6
    assert abs(photo["longitude"] + (88 + 12 / 60 + 36 / 3600)) < 1e-6
    assert photo["taken_at"].startswith("2026-11-30T")


def test_weekly_inspection_offline_with_photos_survives_closing(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    site = next(c["data"] for c in body["changes"] if c["id"] == SITE)
    codes = site["checklist_codes"]
    page.close()

    # No network at all: the browser is offline and the server is gone.
    context.set_offline(True)
    live_server.stop()
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")  # cold start from the service worker
    page.get_by_role("link", name=f"Weekly inspection at {site['name']}").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert "draft=" in page.url
    page.get_by_label("Weather").fill("Overcast, 41 °F, ground wet")
    page.get_by_label("Construction phase").fill("Grading lots 12-20")
    answer_all(page, codes, special={"INLET", "STOCKPILE"})
    # Sediment at 5 of 12 inches is past a third of the device: marked failed on the spot, § 256-7B(4).
    page.locator("#m-INLET-sediment_depth_in").fill("5")
    page.locator("#m-INLET-device_height_in").fill("12")
    inlet = page.locator("#item-INLET")
    assert "Fails" in inlet.locator(".measure-verdict").text_content()
    assert inlet.locator("#r-INLET-fail").is_checked()
    assert (
        inlet.locator(".corrective-t").input_value() == ""
    )  # the catalog's words are a suggestion
    inlet.get_by_role("button", name="Use suggestion").click()
    assert (
        inlet.locator(".corrective-t").input_value()
        == inlet.locator(".suggestion-text").text_content()
    )
    page.locator("#m-STOCKPILE-volume_cu_yd").fill("12")
    page.locator("#m-STOCKPILE-distance_ft").fill("40")
    page.locator("label[for='r-STOCKPILE-pass']").click()

    photos = [
        {"name": f"IMG_000{i}.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=i)}
        for i in range(3)
    ]
    # Answering STOCKPILE folded INLET (answered, its corrective action written) to one line: it
    # is reopened to photograph it, as a person would.
    inlet.get_by_role("button", name="Failed").click()
    inlet.locator("input.photo-camera").set_input_files(photos[0])
    page.wait_for_selector("#item-INLET .thumb img")
    inlet.locator("input.photo-file").set_input_files(photos[1])
    inlet.locator(".thumb").nth(1).wait_for()
    page.locator(".photo-block[data-item=''] input.photo-file").set_input_files(photos[2])
    page.locator(".photo-block[data-item=''] .thumb").wait_for()
    page.locator("#save-state.saved").wait_for()
    draft_id = page.url.split("draft=")[1]
    page.close()  # tab closed mid-inspection

    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    page.get_by_role("link", name=f"Resume: Weekly inspection at {site['name']}").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert page.get_by_label("Weather").input_value() == "Overcast, 41 °F, ground wet"
    assert page.locator("#r-INLET-fail").is_checked()
    # Thumbnails are drawn once the photo modules load, just after the form.
    expect(page.locator(".thumb img")).to_have_count(3)
    assert (
        len(stored(page, f"s.listPhotos('{draft_id}')")) == 3
    )  # bytes are checked after submitting

    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    entry = page.locator(".outbox-entry")
    assert entry.count() == 1
    expect(entry.locator(".outbox-state")).to_have_text("On this device only")
    expect(page.locator("#outbox-count")).to_contain_text("1 waiting")
    assert stored(page, "s.listDrafts()") == []
    page.close()

    # Closed again, still offline: the frozen inspection and its photo bytes are all still there.
    page = context.new_page()
    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    [mutation] = stored(page, "s.listOutbox()")
    payload = mutation["payload"]
    assert mutation["entity"] == "inspection" and mutation["entity_id"] == draft_id
    assert mutation["user_id"] == body["user"]["id"]  # who submitted it on this tablet
    # (sync.js tries to send while offline; every try fails and the entry stays on the device.)
    assert mutation["state"] in ("queued", "sending") and mutation["op"] == "upsert"
    assert payload["sha256"] == record_sha256(payload)
    assert payload["site_id"] == 1 and payload["kind"] == "weekly"
    assert payload["catalog_version"] == body["catalog"]["version"]
    assert [a["item_code"] for a in payload["answers"]] == codes
    inlet_answer = next(a for a in payload["answers"] if a["item_code"] == "INLET")
    assert inlet_answer["result"] == "fail" and inlet_answer["corrective_action"]
    assert inlet_answer["measurements"] == {"sediment_depth_in": 5, "device_height_in": 12}
    assert len(inlet_answer["photo_ids"]) == 2
    assert len(payload["photos"]) == 3 and sorted(mutation["photo_ids"]) == sorted(
        p["id"] for p in payload["photos"]
    )
    for meta in payload["photos"]:
        photo = photo_with_bytes(page, meta["id"])
        assert photo["sha256"] == meta["sha256"]
        check_photo(photo)
    context.close()
    live_server.start()
