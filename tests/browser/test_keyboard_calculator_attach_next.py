"""A design calculator opened from an inspection, used with the keyboard: after "Calculate" the
result is said and the next Tab reaches "Attach to inspection". Before, the button sat above the
result, two Shift+Tabs back from where the focus was put, so the next Tab went on past it."""

from __future__ import annotations

import json
from urllib.parse import quote

from playwright.sync_api import expect

from tests.browser.keyboard import tab_to
from tests.browser.pages_world import AXE

# axe-core's serious and critical violations on the page as it is.
SERIOUS = """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)"""


def test_after_calculate_the_next_tab_is_attach(browser, live_server, tablet):
    # axe is injected as a script tag: this context lets it past the page's CSP.
    context = browser.new_context(**tablet, bypass_csp=True)
    page = context.new_page()
    back = "/calculators/"
    page.goto(f"{live_server.url}/calculators/dewatering?item=DEWATER&return={quote(back)}")
    page.wait_for_selector("#calculator-form")
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(SERIOUS) == []

    tab_to(page, "#in-pumping_rate_gpm")
    page.keyboard.type("10000")
    tab_to(page, "#in-device")
    page.keyboard.type("Vertical")  # a closed list box takes the option its name starts with
    tab_to(page, "#in-diameter")
    page.keyboard.type("4.5")
    page.keyboard.press("Enter")

    expect(page.locator("#result-h")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Attach to inspection")).to_be_focused()
    expect(page.locator("#app-announcer")).to_contain_text("Result: Fails. Does not meet")
    assert page.evaluate(SERIOUS) == []

    page.keyboard.press("Enter")
    page.wait_for_url(f"{live_server.url}{back}")
    record = json.loads(page.evaluate("() => localStorage.getItem('calculator-result:DEWATER')"))
    assert record["item"] == "DEWATER" and record["result"]["passes"] is False
    context.close()
