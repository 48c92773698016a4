"""Photos from real cameras on the tablet (Chromium): a portrait WebP comes out upright with its GPS
and capture time; a transparent PNG is flattened onto white; a camera that wrote GPS 0/0 (no fix)
makes the tablet ask for its own location; a HEIC Chromium cannot decode is kept byte for byte
(a placeholder says so) and the server stores it as an upright JPEG."""

from __future__ import annotations

import base64
import hashlib
import io

from PIL import Image

from tests.browser.capture_packet import (
    photo_with_bytes,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
)
from tests.support import camera_files as cf

SITE = "1"
TABLET_AT = {"latitude": 43.81234, "longitude": -88.84567, "accuracy": 10}


def image_of(photo: dict) -> Image.Image:
    data = base64.b64decode(photo["b64"])
    assert hashlib.sha256(data).hexdigest() == photo["sha256"] and len(data) == photo["size"]
    return Image.open(io.BytesIO(data))


def test_camera_files_on_the_tablet(browser, live_server, demo_app, tablet):
    context = browser.new_context(**tablet, geolocation=TABLET_AT, permissions=["geolocation"])
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    site = next(c["data"] for c in body["changes"] if c["id"] == SITE)
    page.get_by_role("link", name=f"Weekly inspection at {site['name']}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]

    heic = cf.heic_rotated_with_gps()
    files = [
        ("portrait.webp", "image/webp", cf.webp_rotated_with_gps()),
        ("logo.png", "image/png", cf.transparent("PNG")),
        ("nofix.jpg", "image/jpeg", cf.jpeg_gps_zero()),
        ("IMG_0001.HEIC", "image/heic", heic),
    ]
    block = page.locator(".photo-block[data-item=''] ")
    for n, (name, mime, data) in enumerate(files, start=1):
        block.locator("input.photo-file").set_input_files(
            {"name": name, "mimeType": mime, "buffer": data}
        )
        block.locator(".thumb").nth(n - 1).wait_for()
    assert block.locator(".photo-error").text_content() == ""
    photos = {p["name"]: p for p in stored(page, f"s.listPhotos('{draft_id}')")}
    assert set(photos) == {name for name, _, _ in files}

    webp = photo_with_bytes(page, photos["portrait.webp"]["id"])
    im = image_of(webp)
    assert im.format == "JPEG" and im.size == (320, 480) == (webp["width"], webp["height"])
    top, bottom = cf.top_and_bottom(im)
    assert cf.near(top, cf.RED) and cf.near(bottom, cf.BLUE), "the WebP came out sideways"
    assert abs(webp["latitude"] - cf.LATITUDE) < 1e-4  # from the file, not the tablet
    assert abs(webp["longitude"] - cf.LONGITUDE) < 1e-4
    assert webp["taken_at"] == "2026-11-30T15:15:00.000Z" and webp["taken_at_source"] == "exif"

    png = photo_with_bytes(page, photos["logo.png"]["id"])
    im = image_of(png).convert("RGB")
    assert cf.near(im.getpixel((2, 2)), (255, 255, 255), 8), "transparent corner not white"
    assert cf.near(im.getpixel((100, 80)), cf.RED)
    assert png["taken_at_source"] == "file"  # no EXIF: the file's date, and it says so

    nofix = photos["nofix.jpg"]
    assert (nofix["latitude"], nofix["longitude"]) == (
        TABLET_AT["latitude"],
        TABLET_AT["longitude"],
    )
    assert nofix["taken_at_source"] == "exif"

    kept = photo_with_bytes(page, photos["IMG_0001.HEIC"]["id"])
    assert kept["type"] == "image/heic" and base64.b64decode(kept["b64"]) == heic
    assert (kept["width"], kept["height"]) == (320, 480)
    thumb = block.locator(".thumb img").nth(3)
    assert thumb.evaluate("img => img.complete && img.naturalWidth") == 320  # the placeholder
    context.close()
