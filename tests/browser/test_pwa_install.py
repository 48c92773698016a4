"""The installable app: Chromium finds nothing stopping installation, and a new service worker is
announced but never reloads a page with a half-filled form."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browser.capture_packet import wait_for_controller
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "static" / "sw.js"


@pytest.fixture
def worker_file(demo_app, tmp_path):
    """The built worker served from a copy the test can change, like a deploy of a new version."""
    assert BUILT.exists(), "static/sw.js is missing: run `make build`"
    copy = tmp_path / "sw.js"
    shutil.copy(BUILT, copy)
    demo_app.config["SW_FILE"] = str(copy)
    return copy


def test_chromium_reports_no_installability_errors(
    browser_type, live_server, tablet, worker_file, tmp_path
):
    # A real profile: Chromium never offers installation from an incognito-like context.
    options = {**tablet, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
    options.pop("default_browser_type", None)
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **options)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    cdp = context.new_cdp_session(page)
    result = cdp.send("Page.getInstallabilityErrors")
    assert result["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")
    context.close()


def test_update_waits_for_the_user_and_never_interrupts_a_form(
    browser, live_server, tablet, worker_file
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/rain")
    wait_for_controller(page)
    page.wait_for_selector("body[data-ready=rain]")
    page.get_by_label("Rain in the last 24 hours").fill("0.62")
    page.evaluate("() => { window.__samePage = true; }")

    worker_file.write_text(worker_file.read_text() + "\n// version 2\n")
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible")
    assert "A new version of the app is ready" in banner.text_content()
    # Half-filled form: the reload is refused until the form is done; nothing was reloaded.
    assert page.locator("#update-reload").is_disabled()
    assert "Finish or submit the form" in banner.text_content()
    assert page.evaluate("() => window.__samePage === true")
    assert page.get_by_label("Rain in the last 24 hours").input_value() == "0.62"
    assert page.evaluate("async () => !!(await navigator.serviceWorker.getRegistration()).waiting")

    # On a page without a form in progress the user can agree; only then does the page reload.
    page.goto(f"{live_server.url}/app/")
    banner.wait_for(state="visible")
    page.evaluate("() => { window.__samePage = true; }")
    assert page.locator("#update-reload").is_enabled()
    with page.expect_navigation():
        page.locator("#update-reload").click()
    assert page.evaluate("() => window.__samePage === undefined")
    assert page.evaluate("async () => !(await navigator.serviceWorker.getRegistration()).waiting")
    assert page.locator("#update-banner").is_hidden()
    context.close()


def test_reload_to_update_works_in_a_tab_after_another_tab_took_the_update(
    browser, live_server, tablet, worker_file
):
    # Two tabs of the app show the banner; the person agrees in one, later in the other.
    context = browser.new_context(**tablet)
    first = context.new_page()
    first.goto(f"{live_server.url}/app/outbox")
    wait_for_controller(first)
    second = context.new_page()
    second.goto(f"{live_server.url}/app/")
    second.wait_for_selector("body[data-ready]")

    worker_file.write_text(worker_file.read_text() + "\n// version 2\n")
    first.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    for page in (first, second):
        page.locator("#update-reload").wait_for(state="visible")
    with second.expect_navigation():
        second.locator("#update-reload").click()

    first.bring_to_front()
    first.evaluate("() => { window.__samePage = true; }")
    with first.expect_navigation(timeout=5000):
        first.locator("#update-reload").click()
    assert first.evaluate("() => window.__samePage === undefined")
    first.wait_for_selector("body[data-ready=outbox]")
    assert first.locator("#update-banner").is_hidden()
    context.close()
