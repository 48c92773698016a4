"""A measurement out of its allowed range, typed with the keyboard, is said when the person leaves
the field, once, in the words the submit check uses, and its error goes when it is put right.
Before, it was shown under the field as it was typed but said only at "Submit inspection"."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.keyboard import tab_to, weekly_by_keyboard
from tests.browser.test_calculator_offline import SITE

FIELD = "#m-INLET-sediment_depth_in"
SAID = "Sediment depth in the device must be between 0 and 120 in."

# Everything the page's announcer says from now on, in order.
LISTEN = """() => {
  const region = document.getElementById('app-announcer');
  window.__said = [];
  new MutationObserver(() => {
    const text = region.textContent.trim();
    if (text) window.__said.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
}"""


def said(page) -> list[str]:
    return page.evaluate("() => window.__said")


def test_an_out_of_range_measurement_is_said_on_leaving_the_field(browser, live_server, tablet):
    context, page, _draft = weekly_by_keyboard(browser, tablet, live_server.url, SITE)
    page.evaluate(LISTEN)
    field = page.locator(FIELD)
    error = page.locator(f"{FIELD}-error")

    tab_to(page, FIELD)
    page.keyboard.type("150")
    expect(error).to_have_text(SAID)  # shown as typed
    page.wait_for_timeout(300)
    assert SAID not in said(page)  # not said at each key

    page.keyboard.press("Tab")
    expect(page.locator("#app-announcer")).to_have_text(SAID)
    expect(field).to_have_attribute("aria-invalid", "true")
    described = field.get_attribute("aria-describedby").split()
    assert f"{FIELD[1:]}-error" in described  # the error is the field's description

    page.keyboard.press("Shift+Tab")
    expect(field).to_be_focused()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("12")
    expect(error).to_have_text("")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    page.keyboard.press("Tab")
    page.wait_for_timeout(300)
    assert said(page).count(SAID) == 1  # said once, and not again once put right
    context.close()
