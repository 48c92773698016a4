"""What a field page says after an action (a reading queued, mistakes to fix, a sync) is put in one
live region and so read out once: not a second time by the page's announcer."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages_world import role_page

LIVE = "[aria-live], [role=status], [role=alert]"
# Before an action: each live region's words as they stand.
BEFORE = f"""() => {{
  window.__said = new Map([...document.querySelectorAll('{LIVE}')].map((el) => [el, el.textContent]));
}}"""
# After it: the words that more than one live region changed to.
SAID_TWICE = f"""() => {{
  const seen = new Map();
  for (const el of document.querySelectorAll('{LIVE}')) {{
    const words = el.textContent.trim();
    if (!words || el.parentElement.closest('{LIVE}') || window.__said.get(el) === el.textContent) continue;
    seen.set(words, (seen.get(words) || 0) + 1);
  }}
  return [...seen].filter(([, n]) => n > 1).map(([words]) => words);
}}"""


def said_twice(page) -> list[str]:
    """SAID_TWICE, read after a pause long enough for a second region's words to have come too."""
    page.wait_for_timeout(300)
    return page.evaluate(SAID_TWICE)


def test_what_the_field_pages_say_after_an_action_is_said_once(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    twice = {}

    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    page.get_by_label("Rain in the last 24 hours").fill("0.6")
    page.evaluate(BEFORE)
    page.get_by_role("button", name="Queue reading").click()
    expect(page.locator("#rain-state")).to_contain_text("queued in the outbox")
    twice["rain reading queued"] = said_twice(page)

    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    page.evaluate(BEFORE)
    page.get_by_role("button", name="Submit inspection").click()
    expect(page.locator("#submit-errors")).to_contain_text("to fix before submitting")
    twice["inspection with mistakes"] = said_twice(page)

    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    page.evaluate(BEFORE)
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#sync-note")).not_to_have_text("Sending…")
    expect(page.locator("#sync-note")).not_to_be_empty()
    twice["sync now"] = said_twice(page)

    assert {k: v for k, v in twice.items() if v} == {}
    context.close()
