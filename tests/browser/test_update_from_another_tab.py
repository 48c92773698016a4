"""The field app updated from another tab: tabs open on version A, version B deployed, the person
agrees to it in one tab. The service worker then serves only B's files, and a tab still running A's
code loaded its later parts from B: a photo taken in an old capture page was refused ("The photo
could not be read (photos.processFile is not a function). Nothing was added.") while its banner
still said to finish the form first. Now the old page saves, stops and says to reload; nothing in
the draft, its photos or the outbox is lost, online or offline (docs/field-app.md)."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.capture_packet import (
    camera_jpeg,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
    wait_until,
)
from tests.support import camera_files as cf

ROOT = Path(__file__).resolve().parents[2]


class Deploy:
    """The app's static files served from a copy, so a test can deploy a new version of a module."""

    def __init__(self, app, folder: Path):
        assert (ROOT / "static" / "sw.js").exists(), "static/sw.js is missing: run `make build`"
        self.static = folder / "static"
        shutil.copytree(ROOT / "static", self.static)
        app.static_folder = str(self.static)
        app.config["SW_FILE"] = str(self.static / "sw.js")

    def change(self, name: str, old: str, new: str) -> None:
        """Version B: `old` replaced by `new` in static/js/`name`, its precache revision with it."""
        path = self.static / "js" / name
        text = path.read_text()
        assert old in text, f"{old!r} not in {name}"
        path.write_text(text.replace(old, new))
        revision = hashlib.md5(path.read_bytes()).hexdigest()
        sw = self.static / "sw.js"
        pattern = rf'"revision":"[0-9a-f]+","url":"/static/js/{re.escape(name)}"'
        text, n = re.subn(
            pattern, f'"revision":"{revision}","url":"/static/js/{name}"', sw.read_text()
        )
        assert n == 1, f"{name} not in the precache list"
        sw.write_text(text)


@pytest.fixture
def deploy(demo_app, tmp_path):
    return Deploy(demo_app, tmp_path)


QUEUED = """async () => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: 'queued-1', entity: 'rain_reading', entity_id: crypto.randomUUID(),
    op: 'upsert', base_version: null, payload: { gauge_id: 1, amount_in: 0.62,
    observed_at: '2026-11-30T00:45:00Z', period_hours: 24, site_id: null }, photo_ids: [] });
}"""


PHOTOS_STORED = """async () => {
  const s = await import('/static/js/store.js');
  return (await s.listPhotos('DRAFT')).length;
}"""


def accept_version_b(page) -> None:
    """Version B deployed; the person agrees to it in `page`, which reloads into it."""
    page.bring_to_front()
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    page.locator("#update-reload").wait_for(state="visible")
    with page.expect_navigation():
        page.locator("#update-reload").click()
    page.wait_for_selector("body[data-ready]")


def test_a_capture_page_left_on_the_old_version_stops_with_its_draft_saved(
    browser, tablet, live_server, demo_app, deploy
):
    url = live_server.url
    context = browser.new_context(**tablet)
    home = context.new_page()
    home.goto(f"{url}/app/")
    wait_for_controller(home)
    seed_packet(home, pull_body(demo_app))
    home.evaluate(QUEUED)  # waiting in the outbox (nobody is signed in to the server: not sent)
    capture = context.new_page()
    capture.goto(f"{url}/app/inspect?site=1&kind=weekly")
    capture.wait_for_selector("body[data-ready=capture]")
    draft_id = capture.url.split("draft=")[1]
    capture.get_by_label("Weather").fill("Sunny, 41 °F")
    capture.locator("#save-state.saved").wait_for()
    block = capture.locator(".photo-block[data-item='']")
    with capture.expect_file_chooser() as camera:  # the camera app opens, in front of the page
        block.get_by_text("Take photo").click()

    # Version B: photos.js's entry point renamed, the capture page's code with it.
    deploy.change(
        "photos.js", "export async function processFile(", "export async function preparePhoto("
    )
    deploy.change("capture.js", "photos.processFile(", "photos.preparePhoto(")
    accept_version_b(home)

    # Before, the old page stayed as it was, its banner saying to finish the form first, and a
    # photo taken then was refused ("photos.processFile is not a function. Nothing was added").
    capture.bring_to_front()
    problem = capture.locator("#inspect-problem")
    expect(problem).to_contain_text("A newer version of the app was opened on this tablet")
    expect(problem).to_contain_text("Your draft is saved on this device")
    expect(capture.locator("#inspection-form")).to_be_hidden()
    expect(capture.locator("#update-banner")).to_be_hidden()
    # The photo the camera was taking when the update came is kept with the draft.
    camera.value.set_files(
        {"name": "camera.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg()}
    )
    wait_until(capture, PHOTOS_STORED.replace("DRAFT", draft_id))

    with capture.expect_navigation():
        capture.get_by_role("button", name="Reload this page").click()
    capture.wait_for_selector("body[data-ready=capture]")
    expect(capture.get_by_label("Weather")).to_have_value("Sunny, 41 °F")
    expect(block.locator(".thumb")).to_have_count(1)
    block.locator("input.photo-file").set_input_files(
        {"name": "site.jpg", "mimeType": "image/jpeg", "buffer": cf.jpeg_gps_zero()}
    )
    expect(block.locator(".thumb")).to_have_count(2)
    expect(block.locator(".photo-error")).to_have_text("")

    # Offline, the new version opens with everything on the device.
    context.set_offline(True)
    capture.reload()
    capture.wait_for_selector("body[data-ready=capture]")
    expect(capture.get_by_label("Weather")).to_have_value("Sunny, 41 °F")
    expect(capture.locator(".photo-block[data-item=''] .thumb")).to_have_count(2)
    names = sorted(p["name"] for p in stored(capture, f"s.listPhotos('{draft_id}')"))
    assert names == ["camera.jpg", "site.jpg"]
    assert [e["mutation_id"] for e in stored(capture, "s.listOutbox()")] == ["queued-1"]
    context.close()


def test_other_pages_left_on_the_old_version_say_so_and_keep_a_form_in_progress(
    browser, tablet, live_server, demo_app, deploy
):
    url = live_server.url
    context = browser.new_context(**tablet)
    home = context.new_page()
    home.goto(f"{url}/app/")
    wait_for_controller(home)
    seed_packet(home, pull_body(demo_app))
    outbox = context.new_page()
    outbox.goto(f"{url}/app/outbox")
    outbox.wait_for_selector("body[data-ready=outbox]")
    rain = context.new_page()
    rain.goto(f"{url}/app/rain")
    rain.wait_for_selector("body[data-ready=rain]")
    rain.get_by_label("Rain in the last 24 hours").fill("0.62")
    rain.evaluate("() => { window.__samePage = true; }")

    deploy.change("outbox-view.js", "// ", "// Version B. ")
    accept_version_b(home)

    # Before, these pages still said "A new version of the app is ready", as if nothing had happened.
    banner = outbox.locator("#update-banner")
    expect(banner).to_contain_text("The field app was updated in another tab")
    with outbox.expect_navigation():
        outbox.locator("#update-reload").click()
    outbox.wait_for_selector("body[data-ready=outbox]")
    expect(banner).to_be_hidden()

    # A half-filled form is never reloaded away.
    banner = rain.locator("#update-banner")
    expect(banner).to_contain_text("The field app was updated in another tab")
    expect(banner).to_contain_text("Finish or submit the form on this page first")
    expect(rain.locator("#update-reload")).to_be_disabled()
    assert rain.evaluate("() => window.__samePage === true")
    expect(rain.get_by_label("Rain in the last 24 hours")).to_have_value("0.62")
    context.close()
