"""A tab's title says what the page holds, as its heading does: inspections open in two tabs (the
field app allows it) are told apart in the tab strip and in a screen reader's list of windows."""

from __future__ import annotations

from tests.browser.pages_world import role_page


def test_an_open_inspection_is_named_in_its_tab(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    titles = []
    for site in (1, 2):
        tab = context.new_page()
        tab.goto(f"{live_server.url}/app/inspect?site={site}&kind=weekly")
        tab.wait_for_selector("body[data-ready=capture]")
        heading = tab.locator("#inspect-title").inner_text()
        assert heading != "Inspection"
        assert tab.title() == f"{heading} · Village of Fairwater"
        titles.append(tab.title())
    assert titles[0] != titles[1]
    context.close()
