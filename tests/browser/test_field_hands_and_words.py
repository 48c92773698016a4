"""The field app on a tablet that changes hands, and the capture page's small promises: the device
goes by who is signed in now (not by its last sync), Sign out works online and says why it cannot
offline, only one's own sent inspections offer a correction, nothing is asked of the server while
signed out or offline; the draft is saved before the camera opens, the attached photo is named,
the corrective action is a one-tap suggestion, and a due item's explanation is said once per page."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import camera_jpeg, stored, wait_for_controller, wait_until
from tests.browser.conftest import sign_in
from tests.browser.field_home import field_home_as

PRAIRIE = "permittee@prairie-builders.example"
BADGER = "permittee@badger-utility.example"
SITE = "Meadow Ridge Subdivision, Phase 2"
SENT = """async ({ mid, iid, kind }) => {
  const s = await import('/static/js/store.js');
  await s.enqueue({ mutation_id: mid, entity: 'inspection', entity_id: iid, op: 'upsert', base_version: null,
    payload: { site_id: 1, kind, inspected_on: '2026-11-30', answers: [] }, summary: { site_name: 'Meadow Ridge' } });
  await s.markSynced(mid, { version: 1 });
}"""


def open_home(page, url):
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")


def watch(page):
    """Sync API requests, 4xx/5xx answers, failed requests and console errors, as they happen."""
    seen = {"sync": [], "bad": [], "failed": [], "errors": []}
    page.on("request", lambda r: "/api/v1/sync/" in r.url and seen["sync"].append(r.url))
    page.on("response", lambda r: r.status >= 400 and seen["bad"].append((r.status, r.url)))
    page.on("requestfailed", lambda r: seen["failed"].append(r.url))
    page.on("console", lambda m: m.type == "error" and seen["errors"].append(m.text))
    return seen


def test_the_device_goes_by_who_is_signed_in_now(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, PRAIRIE, controlled=False)
    expect(page.locator("#shell-user")).to_contain_text("Sam Lindqvist")
    expect(page.get_by_role("heading", name=SITE)).to_be_visible()
    wait_for_controller(page)
    # Sam sent an inspection from this tablet earlier.
    context.set_offline(True)
    page.evaluate(
        SENT,
        {
            "mid": "00000000-0000-4000-8000-000000000001",
            "iid": "00000000-0000-4000-8000-0000000000a1",
            "kind": "weekly",
        },
    )
    context.set_offline(False)

    # With no signal, signing out is refused in words, and nothing is sent or queued.
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.get_by_role("link", name="Correct (new version)")).to_have_count(1)  # Sam's own
    context.set_offline(True)
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#sign-out-note")).to_contain_text("Signing out needs a connection")
    assert page.url.endswith("/app/outbox")
    context.set_offline(False)

    # Online: the field app's Sign out signs out on the server.
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{url}/login")
    expect(page.locator(".flash")).to_contain_text("You are signed out")

    # The next person signs in; their first pull has not answered yet, and the device already goes
    # by them: their name, none of Sam's sites, no correction of Sam's inspection.
    seen = watch(page)
    page.route("**/api/v1/sync/pull*", lambda route: None)  # never answered
    sign_in(page, url, BADGER)
    open_home(page, url)
    expect(page.locator("#shell-user")).to_contain_text("Jo Nakamura")
    expect(page.get_by_role("heading", name=SITE)).to_have_count(0)
    page.goto(f"{url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator("#sent-list .outbox-entry")).to_have_count(1)
    expect(page.get_by_role("link", name="Correct (new version)")).to_have_count(0)
    assert [s for s, _ in seen["bad"]] == []
    context.close()


def test_nothing_is_asked_while_signed_out_or_offline(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(browser, tablet, url, PRAIRIE)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{url}/login")

    # Signed out: the sign-in page and the field app ask the sync API nothing (no 401s).
    seen = watch(page)
    page.reload()
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    expect(page.locator("#shell-user")).to_have_text("Not signed in on this device")
    expect(page.locator("#sync-signin")).to_be_visible()
    page.goto(f"{url}/login")
    page.wait_for_timeout(2500)  # the shell's background work has started by now
    assert seen["sync"] == [] and seen["bad"] == []

    # Offline, signed in: pages come from the device and log no error (the manifest is precached).
    sign_in(page, url, PRAIRIE)
    open_home(page, url)
    page.wait_for_load_state("networkidle")  # the sync this page started has finished
    context.set_offline(True)
    # A tablet with no signal says so (navigator.onLine false), which is what the app goes by. Debian's
    # Chromium 150 under Playwright's offline emulation reports true on a page its service worker
    # served, so the pages would try the network; the pages opened from here see what the tablet sees.
    context.add_init_script(
        "Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false, configurable: true })"
    )
    seen = watch(page)
    for path in ("/app/", "/app/outbox", "/app/findings"):
        page.goto(f"{url}{path}")
        page.wait_for_selector("body[data-ready]")
        page.wait_for_timeout(2500)
    assert seen["errors"] == [] and seen["failed"] == [] and seen["sync"] == []
    context.close()


def test_capture_saves_before_the_camera_names_the_photo_and_suggests(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(
        browser, tablet, url, "inspector@fairwater.example", controlled=False
    )
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]

    # A failed item: the catalog's corrective action is offered, never put before the inspector's words.
    item = page.locator("#item-PLAN")
    item.locator("label[for='r-PLAN-fail']").click()
    textarea = item.locator(".corrective-t")
    assert textarea.input_value() == ""
    suggestion = item.locator(".suggestion-text").text_content()
    assert suggestion
    textarea.click()
    textarea.press_sequentially("Plan found in the truck.")
    assert textarea.input_value() == "Plan found in the truck."
    item.get_by_role("button", name="Use suggestion").click()
    assert textarea.input_value() == f"Plan found in the truck.\n{suggestion}"
    expect(item.locator(".suggestion")).to_be_hidden()

    # Time stands still (no debounce timer fires): opening the camera itself saves what was typed.
    page.clock.install()
    page.clock.pause_at("2030-01-01T08:00:00")
    page.get_by_label("Weather").fill("Drizzle, 38 °F")
    with page.expect_file_chooser() as chooser:
        page.locator(".photo-block[data-item=''] .photo-take").click()
    # The save the press starts may end after the camera has opened (the debounce cannot fire).
    wait_until(
        page,
        f"""async () => (await (await import('/static/js/store.js')).getDraft('{draft_id}'))
            .header.weather === 'Drizzle, 38 °F'""",
    )
    assert stored(page, f"s.getDraft('{draft_id}')")["header"]["weather"] == "Drizzle, 38 °F"
    page.clock.resume()
    block = page.locator(".photo-block[data-item='']")
    expect(block.locator(".photo-attached")).to_have_text("No photo attached yet.")
    chooser.value.set_files(
        {"name": "IMG_0007.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg(seed=7)}
    )
    expect(block.locator(".photo-attached")).to_have_text("Attached: IMG_0007.jpg.")
    expect(block.locator(".thumb")).to_contain_text("IMG_0007.jpg")

    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    assert page.get_by_label("Weather").input_value() == "Drizzle, 38 °F"
    assert page.locator("#ca-PLAN").input_value() == f"Plan found in the truck.\n{suggestion}"
    expect(page.locator(".photo-block[data-item=''] .photo-attached")).to_have_text(
        "Attached: IMG_0007.jpg."
    )
    context.close()


def test_a_due_items_explanation_is_said_once(browser, tablet, live_server):
    url = live_server.url
    context, page = field_home_as(
        browser, tablet, url, "inspector@fairwater.example", controlled=False
    )
    expect(page.get_by_role("heading", name="Due in the next 24 hours")).to_be_visible()
    expect(page.get_by_role("heading", name="Due today")).to_have_count(0)
    entries = page.locator(".due-entry")
    expect(entries.nth(1)).to_be_visible()  # the packet is drawn
    notes = page.locator("#why-list li").all_text_contents()
    assert notes and len(notes) == len(set(notes))
    text = page.locator("main").text_content()
    for note in notes:
        assert text.count(note) == 1, note  # said once on the page
    for i in range(entries.count()):
        due = entries.nth(i)
        assert due.locator("p").count() == 0  # one line: badge, what, when, citation
        expect(due.locator(".cite")).not_to_be_empty()
        why = due.locator("a.why-link")
        if why.count():
            target = why.get_attribute("href")
            expect(page.locator(f"#why-list {target}")).to_have_count(1)
    context.close()
