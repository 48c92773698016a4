"""The field home is drawn again when the work packet changes (a sync in the background): a
keyboard user on a link of the due lists stays on it, not thrown back to the top of the page."""

from __future__ import annotations

from tests.browser.pages_world import role_page

# What a sync in the background does; resolves once the lists have been drawn again.
CHANGED = """async () => {
  const store = await import('/static/js/store.js');
  const drawn = new Promise((resolve) => new MutationObserver((_, observer) => {
    observer.disconnect();
    setTimeout(resolve, 300);
  }).observe(document.getElementById('site-cards'), { childList: true }));
  store.events.dispatchEvent(new CustomEvent('packet-changed', { detail: { count: 1 } }));
  await drawn;
}"""
FOCUSED = "() => [document.activeElement.tagName, document.activeElement.textContent.trim()]"


def test_the_keyboard_keeps_its_place_when_the_home_is_drawn_again(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    page.goto(f"{live_server.url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    start = page.locator("#due-overdue a, #due-today a, #due-week a").first
    start.focus()
    before = page.evaluate(FOCUSED)
    assert before[0] == "A"
    page.evaluate(CHANGED)
    assert page.evaluate(FOCUSED) == before
    context.close()
