"""A design calculator opened from a checklist item, with the keyboard alone: back on the inspection
(the result attached, or "Back without attaching"), the keyboard is on that item's calculator link,
which a screen reader reads with the attached result, not on the top of the page 13 items above."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.keyboard import tab_to, weekly_by_keyboard
from tests.browser.test_calculator_offline import SITE, saved_calculator

# What a screen reader says of the focused element: its name and its description.
SAID = """() => { const el = document.activeElement;
  const described = (el.getAttribute('aria-describedby') || '').split(/\\s+/)
    .map((id) => document.getElementById(id)?.textContent.trim() || '').join(' ');
  return `${el.textContent.trim()} | ${described.trim()}`; }"""


def open_calculator(page) -> None:
    tab_to(page, "#item-DEWATER .calculator a")
    page.keyboard.press("Enter")
    page.wait_for_selector("#calculator-form")


def test_back_from_a_calculator_the_keyboard_is_on_the_item(browser, live_server, tablet):
    context, page, draft_id = weekly_by_keyboard(browser, tablet, live_server.url, SITE)
    link = page.get_by_role("link", name="Check with the dewatering calculator")

    open_calculator(page)
    tab_to(page, "#return-link")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=capture]")
    expect(link).to_be_focused()
    assert page.url.endswith(f"/app/inspect?draft={draft_id}")

    open_calculator(page)
    tab_to(page, "#in-pumping_rate_gpm")
    page.keyboard.type("10000")
    tab_to(page, "#in-device")
    page.keyboard.type("Vertical")  # a closed list box takes the option its name starts with
    expect(page.locator("#in-device")).to_have_value("vertical_tank")
    tab_to(page, "#in-diameter")
    page.keyboard.type("4.5")
    page.keyboard.press("Enter")
    expect(page.locator("#result-verdict")).to_contain_text("Does not meet")
    tab_to(page, "#attach-result")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=capture]")
    assert saved_calculator(page, draft_id)["result"]["passes"] is False
    expect(link).to_be_focused()
    said = page.evaluate(SAID)
    assert said.startswith(
        "Check with the dewatering calculator | Calculator (dewatering): Does not meet"
    )
    assert page.url.endswith(f"/app/inspect?draft={draft_id}")
    context.close()
