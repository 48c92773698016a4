"""A rain reading is queued once however quickly its button is tapped again: two taps in a row
(a glove, a tap that seemed not to take) queued two readings of the same gauge and minute, both
stored by the server and both listed in the rain log."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as

READINGS = """async () => (await (await import('/static/js/store.js')).listOutbox())
  .filter((e) => e.entity === 'rain_reading').length"""


def test_a_second_tap_while_the_first_is_being_saved_queues_nothing_more(
    browser, live_server, demo_app, tablet
):
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("#r-gauge")
    page.get_by_label("Rain in the last 24 hours").fill("0.9")
    # Both taps land before the first save is done, as they do on a busy tablet.
    page.evaluate(
        """() => { const form = document.querySelector('#r-gauge').form;
                   form.requestSubmit(); form.requestSubmit(); }"""
    )
    expect(page.locator("#rain-state")).to_have_text("Reading of 0.9 in queued in the outbox.")
    page.wait_for_timeout(500)  # a second save, were it running, has landed by now
    assert page.evaluate(READINGS) == 1
    context.close()
