"""A reading queued on the tablet is confirmed where the inspector can see it: 'Reading of 0.9 in
queued in the outbox.' was written under the Queue reading button, below the foot of a 10-inch
tablet's screen when the button was tapped at its foot (where a tablet held upright shows it), while
the form emptied: it looked as if the reading had been lost. The confirmation is now brought into
view."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.field_home import field_home_as

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""


def test_the_queued_readings_confirmation_is_on_the_screen(browser, live_server, demo_app, tablet):
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    context.set_offline(True)
    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("#r-gauge")
    page.get_by_label("Rain in the last 24 hours").fill("0.9")
    button = page.get_by_role("button", name="Queue reading")
    button.scroll_into_view_if_needed()  # as a person scrolls to it: just enough to tap it
    button.click()
    state = page.locator("#rain-state")
    expect(state).to_have_text("Reading of 0.9 in queued in the outbox.")
    assert page.evaluate(IN_VIEW, state.element_handle())
    context.close()
