"""The capture page stopped by a newer version of the app (opened in another tab) says so once, in one
place: the message over the form, with its "Reload this page" and what became of the draft. Before,
the page's banner said it too ("A newer version of the app was opened … Reload to update"), the
save line said "Saving stopped on this page.", and a screen reader heard it three times (the banner's
announcement, the message's alert and the announcer again)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_newer_app_version import OPEN_NEXT_VERSION, weekly_draft_typed_in

LIVE = "[aria-live], [role=status], [role=alert]"
# Every live region's words whenever they change, in order, as a screen reader would be given them.
HEAR = f"""() => {{
  window.__heard = [];
  const note = (el) => {{
    const words = el.textContent.trim();
    if (words && !el.closest('[hidden]')) window.__heard.push(words);
  }};
  const watch = new MutationObserver((changes) => {{
    const seen = new Set();
    for (const change of changes) {{
      const el = (change.target.nodeType === 1 ? change.target : change.target.parentElement).closest('{LIVE}');
      if (el && !seen.has(el)) {{ seen.add(el); note(el); }}
    }}
  }});
  watch.observe(document.body, {{ subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['hidden'] }});
}}"""


def test_the_newer_version_stop_is_said_once(browser, tablet, live_server, demo_app):
    url = live_server.url
    context, page, draft_id = weekly_draft_typed_in(browser, tablet, url, demo_app)
    page.evaluate(HEAR)

    newer = context.new_page()
    newer.goto(f"{url}/app/outbox")
    newer.wait_for_selector("body[data-ready=outbox]")
    newer.evaluate(OPEN_NEXT_VERSION, draft_id)

    problem = page.locator("#inspect-problem")
    expect(problem).to_contain_text("A newer version of the app was opened on this tablet")
    expect(page.get_by_role("button", name="Reload this page")).to_be_visible()
    page.wait_for_timeout(
        3500
    )  # past the 3 s the old page is given to save, and the announcer's tick
    expect(page.locator("#update-banner")).to_be_hidden()
    expect(page.locator("#save-state")).not_to_contain_text("Saving stopped")
    shown = page.locator("body").inner_text().lower()
    assert shown.count("newer version") == 1, shown
    heard = [w for w in page.evaluate("() => window.__heard") if "newer version" in w.lower()]
    assert len(heard) == 1, heard
    context.close()
