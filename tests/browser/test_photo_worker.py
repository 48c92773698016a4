"""Photo processing off the page's main thread (static/js/photo-worker.js): offline (browser cut and
server stopped), a 12-MP sideways camera photo taken on the capture page is prepared by the photo
worker, loaded from the service worker's precache, and stored as an upright JPEG with its GPS and
time; a browser without OffscreenCanvas prepares the same photo on the page instead, with the same
result."""

from __future__ import annotations

import base64
import io

from PIL import Image

from tests.browser.capture_packet import (
    camera_jpeg,
    photo_with_bytes,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
)

WORKER = "/static/js/photo-worker.js"


def take_photo(page, base: str, data: bytes) -> dict:
    page.goto(f"{base}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
    block = page.locator(".photo-block[data-item='']")
    block.locator("input.photo-camera").set_input_files(
        {"name": "IMG_0042.JPG", "mimeType": "image/jpeg", "buffer": data}
    )
    block.locator(".thumb").wait_for()
    assert block.locator(".photo-error").text_content() == ""
    [photo] = stored(page, f"s.listPhotos('{draft_id}')")
    photo = photo_with_bytes(page, photo["id"])
    # The next page starts a fresh draft (no offer to resume this one).
    page.evaluate(f"async () => (await import('/static/js/store.js')).deleteDraft('{draft_id}')")
    return photo


def upright(photo: dict) -> Image.Image:
    image = Image.open(io.BytesIO(base64.b64decode(photo["b64"])))
    assert image.format == "JPEG" and photo["type"] == "image/jpeg"
    # The sideways 4000 x 3000 original, turned upright and fitted to 2048 px; its red marker (the
    # stored top-left corner) is top-right once upright.
    assert image.size == (1536, 2048) == (photo["width"], photo["height"])
    r, g, b = image.convert("RGB").getpixel((image.width - 40, 40))
    assert r > 180 and g < 80 and b < 80, (r, g, b)
    assert abs(photo["latitude"] - (43 + 30 / 60 + 15 / 3600)) < 1e-6
    assert photo["taken_at_source"] == "exif"
    return image.convert("L").resize((64, 64))


def test_photo_prepared_in_the_worker_offline(browser, live_server, demo_app, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    page.close()
    context.set_offline(True)
    live_server.stop()
    data = camera_jpeg()

    page = context.new_page()
    in_worker = take_photo(page, live_server.url, data)
    assert any(w.url.endswith(WORKER) for w in page.workers), "no photo worker ran"
    from_worker = upright(in_worker)
    page.close()

    # A browser without OffscreenCanvas: no worker, the page does the same work itself.
    page = context.new_page()
    page.add_init_script("delete globalThis.OffscreenCanvas")
    on_page = take_photo(page, live_server.url, data)
    assert not any(w.url.endswith(WORKER) for w in page.workers)
    from_page = upright(on_page)
    assert abs(in_worker["size"] - on_page["size"]) < on_page["size"] * 0.1
    diff = sum(abs(a - b) for a, b in zip(from_worker.tobytes(), from_page.tobytes(), strict=True))
    assert diff / (64 * 64) < 4, "the worker's photo differs from the page's"
    context.close()
