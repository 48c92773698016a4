"""A finding's correction is queued once however quickly Send is tapped again: two taps in a row
queued it twice, and the second, sent after the first had corrected the finding, came back as a
conflict ('Needs attention … it is now corrected') on the tablet and on the supervisor's conflicts
page."""

from __future__ import annotations

from playwright.sync_api import expect

from .test_finding_offline import permittee_tablet_with_a_new_finding

CORRECTIONS = """async () => (await (await import('/static/js/store.js')).listOutbox())
  .filter((e) => e.entity === 'finding').length"""


def test_a_second_tap_while_the_first_is_being_saved_queues_nothing_more(
    browser, live_server, demo_app, tablet
):
    context, page, _site, finding_id, _inspection = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/findings")
    page.wait_for_selector("body[data-ready=findings]")
    form = page.locator(f'#ff-list [data-finding="{finding_id}"] form')
    form.locator("[data-id=note]").fill("Silt fence re-trenched and staked.")
    # Both taps land before the first save is done, as they do on a busy tablet.
    form.evaluate("(f) => { f.requestSubmit(); f.requestSubmit(); }")
    expect(page.locator("#ff-state")).to_contain_text("Correction saved on this device")
    page.wait_for_timeout(500)  # a second save, were it running, has landed by now
    assert page.evaluate(CORRECTIONS) == 1
    context.close()
