"""Drafts you can trust: they survive a browser restart, and bad input (a file that is not a photo, a
measurement out of range, a full storage quota) is refused with a message while the saved draft stays
exactly as it was."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import (
    camera_jpeg,
    offline_weekly_capture,
    pull_body,
    seed_packet,
    stored,
    wait_for_controller,
    wait_until,
)
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.page_ready import wait_ready

SITE_NAME = "Meadow Ridge Subdivision, Phase 2"

# Honest simulation of a full disk: IndexedDB's own put() fails with the browser's QuotaExceededError
# once the test flips the switch (the app code is untouched).
QUOTA_SCRIPT = """
(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (self.__storageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args);
  };
})();
"""


def packet_tablet_that_can_fill(browser, tablet, url: str, app):
    """A tablet, not signed in, holding the demo work packet, whose storage a test fills with
    `self.__storageFull = true`: (context, page)."""
    context = browser.new_context(**tablet)
    context.add_init_script(QUOTA_SCRIPT)
    page = context.new_page()
    page.goto(f"{url}/app/")
    seed_packet(page, pull_body(app))
    return context, page


def start_weekly(page, base_url):
    page.goto(f"{base_url}/app/inspect?site=1&kind=weekly")
    wait_ready(page, "capture")
    return page.url.split("draft=")[1]


def test_draft_survives_a_browser_restart_and_is_offered_for_resuming(
    browser_type, browser_type_launch_args, live_server, demo_app, tablet, tmp_path
):
    profile = tmp_path / "profile"
    options = {**tablet, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}
    options.pop("default_browser_type", None)
    context = browser_type.launch_persistent_context(str(profile), **options)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    seed_packet(page, pull_body(demo_app))
    start_weekly(page, live_server.url)
    page.get_by_label("Weather").fill("Light rain, 38 °F")
    page.locator("label[for='r-PLAN-fail']").click()
    page.locator("#ca-PLAN").fill("Bring the approved plan to the trailer today.")
    page.locator("#save-state.saved").wait_for()
    context.close()  # the whole browser goes away

    context = browser_type.launch_persistent_context(str(profile), **options)
    page = context.new_page()
    page.goto(f"{live_server.url}/app/")
    resume = page.get_by_role("link", name=f"Resume: Weekly inspection at {SITE_NAME}")
    resume.wait_for()
    # Starting the same inspection again offers the draft instead of silently making a second one.
    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    wait_ready(page, "resume-offer")
    page.get_by_role("link", name="Resume that draft").click()
    wait_ready(page, "capture")
    assert page.get_by_label("Weather").input_value() == "Light rain, 38 °F"
    assert page.locator("#r-PLAN-fail").is_checked()
    assert page.locator("#ca-PLAN").input_value() == "Bring the approved plan to the trailer today."
    assert len(stored(page, "s.listDrafts()")) == 1
    context.close()


def test_bad_input_is_refused_and_the_draft_is_untouched(browser, live_server, demo_app, tablet):
    context, page = packet_tablet_that_can_fill(browser, tablet, live_server.url, demo_app)
    # Not signed in: the shell works from the device and offers sign-in when the sync gets a 401.
    page.goto(f"{live_server.url}/app/")
    page.locator("#sync-signin").wait_for()
    assert "Sign in to sync" in page.locator("#sync-signin").text_content()
    # Coming back from the stockpile calculator: its result is attached to the item, then forgotten.
    result = {
        "name": "stockpile",
        "inputs": {"volume_cu_yd": 12},
        "result": {"passes": False, "summary": "Too close to the road"},
    }
    page.evaluate(
        "(r) => localStorage.setItem('calculator-result:STOCKPILE', JSON.stringify(r))", result
    )
    draft_id = start_weekly(page, live_server.url)
    assert "Too close to the road" in page.locator("#item-STOCKPILE .calc-result").text_content()
    assert page.evaluate("() => localStorage.getItem('calculator-result:STOCKPILE')") is None
    link = page.locator("#item-STOCKPILE .calculator a").get_attribute("href")
    assert link.startswith("/calculators/stockpile?item=STOCKPILE&return=") and draft_id in link
    page.get_by_label("Weather").fill("Sunny")
    page.locator("label[for='r-PLAN-pass']").click()
    page.locator("#save-state.saved").wait_for()
    before = stored(page, f"s.getDraft('{draft_id}')")
    assert before["answers"]["STOCKPILE"]["calculator"] == result

    # A file that is not a picture.
    block = page.locator(".photo-block[data-item='']")
    block.locator("input.photo-file").set_input_files(
        {"name": "report.jpg", "mimeType": "image/jpeg", "buffer": b"%PDF-1.7 not a photo at all"}
    )
    expect(block.locator(".photo-error")).to_contain_text("not a picture")
    assert block.locator(".thumb").count() == 0
    assert stored(page, f"s.listPhotos('{draft_id}')") == []

    # Measurements out of the catalog's range, or text, are refused at the field.
    depth = page.locator("#m-INLET-sediment_depth_in")
    depth.fill("-2")
    assert "between 0 and 120 in" in page.locator("#m-INLET-sediment_depth_in-error").text_content()
    assert depth.get_attribute("aria-invalid") == "true"
    depth.fill("about 3")
    assert "must be a number" in page.locator("#m-INLET-sediment_depth_in-error").text_content()
    page.get_by_role("button", name="Submit inspection").click()
    expect(page.locator("#submit-errors")).to_contain_text("to fix before submitting")
    assert stored(page, "s.listOutbox()") == []
    depth.fill("")
    page.locator("#save-state.saved").wait_for()
    assert stored(page, f"s.getDraft('{draft_id}')")["answers"]["PLAN"] == before["answers"]["PLAN"]
    before = stored(page, f"s.getDraft('{draft_id}')")

    # The storage is full: the photo and the next change are refused with a message; nothing half-written.
    page.evaluate("() => { self.__storageFull = true; }")
    block.locator("input.photo-file").set_input_files(
        {"name": "IMG_1.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=7)}
    )
    block.locator(".photo-error:has-text('storage is full')").wait_for()
    assert block.locator(".thumb").count() == 0
    page.get_by_label("Weather").fill("Sunny, then hail")
    page.locator("#save-state.failed").wait_for()
    assert "storage is full" in page.locator("#save-state").text_content()
    page.evaluate("() => { self.__storageFull = false; }")
    page.reload()
    wait_ready(page, "capture")
    after = stored(page, f"s.getDraft('{draft_id}')")
    assert after == before
    assert page.get_by_label("Weather").input_value() == "Sunny"
    assert stored(page, f"s.listPhotos('{draft_id}')") == []
    context.close()


TYPE_PHASE_AT_250_MS = """() => setTimeout(() => {
  const phase = document.getElementById('f-phase');
  phase.value = 'Grading lots 3-9';
  phase.dispatchEvent(new Event('input', { bubbles: true }));
}, 250)"""


def test_saved_is_said_only_when_the_last_change_is_saved(browser, live_server, demo_app, tablet):
    """A change typed while the one before it is being saved waits for its own save: the page says
    "Saving…" until then, not "Saved" (a person who trusts it and closes the tab loses nothing
    either way, but a test reading the draft at "Saved" would miss the change)."""
    context, page, draft_id = offline_weekly_capture(browser, tablet, live_server.url, demo_app)
    page.clock.install()
    page.clock.pause_at("2030-01-01T08:00:00")
    page.get_by_label("Weather").fill("Overcast")
    page.evaluate(TYPE_PHASE_AT_250_MS)  # the next change, typed as the first one's save starts
    page.clock.run_for(250)
    wait_until(
        page,
        f"""async () => (await (await import('/static/js/store.js')).getDraft('{draft_id}'))
            .header.weather === 'Overcast'""",
    )
    expect(page.locator("#save-state")).to_have_text("Saving…")
    page.clock.run_for(250)
    expect(page.locator("#save-state")).to_contain_text("Saved on this device")
    assert stored(page, f"s.getDraft('{draft_id}')")["header"]["phase"] == "Grading lots 3-9"
    context.close()
