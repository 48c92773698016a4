"""A field page's message that repeats the one before it (a second reading of the same rain queued)
is read out again: its live region is emptied before the words are written, as the announcer does,
so a screen reader hears a change, not the same words left standing."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages_world import role_page

# Each state #rain-state passes through, as a screen reader sees the region change.
WATCH = """() => {
  window.__states = [];
  const region = document.getElementById('rain-state');
  new MutationObserver(() => {
    const words = region.textContent;
    if (window.__states.at(-1) !== words) window.__states.push(words);
  }).observe(region, { childList: true, characterData: true, subtree: true });
}"""


def test_the_same_reading_queued_twice_is_said_twice(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    page.goto(f"{live_server.url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    page.evaluate(WATCH)
    words = "Reading of 0.6 in queued in the outbox."
    for _ in range(2):
        page.get_by_label("Rain in the last 24 hours").fill("0.6")
        page.get_by_role("button", name="Queue reading").click()
        expect(page.locator("#rain-state")).to_have_text(words)
        page.wait_for_timeout(200)
    assert page.evaluate("() => window.__states").count(words) == 2
    context.close()
