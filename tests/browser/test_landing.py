"""Issue #13 item 4 in the browser: an inspector signing in lands on the field app's due list,
overdue first, each due item with a Start that opens the capture page for that site and kind; a
supervisor lands on the dashboard."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.browser.conftest import sign_in


def test_each_role_lands_on_its_work_and_start_is_one_tap(browser, live_server, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    assert urlsplit(page.url).path == "/app/"
    page.wait_for_selector("body[data-ready=home]")
    starts = page.locator(".due-entry a.btn-primary")
    expect(starts.first).to_be_visible()  # the work packet arrived with the first sync
    # Overdue is the first list on the page, before what is due later.
    order = page.evaluate(
        "() => ['due-overdue', 'due-today', 'due-week'].map((id) =>"
        " document.getElementById(id).getBoundingClientRect().top)"
    )
    assert order == sorted(order)
    for i in range(starts.count()):
        entry = page.locator(".due-entry").nth(i)
        expect(entry.locator("a.btn-primary")).to_have_count(1)
    href = starts.first.get_attribute("href")
    query = parse_qs(urlsplit(href).query)
    starts.first.click()
    page.wait_for_selector("body[data-ready=capture]")
    assert "draft=" in page.url
    expect(page.locator("#f-kind")).to_have_value(query["kind"][0])
    site = page.evaluate(
        "async (id) => (await (await import('/static/js/store.js')).getSite(id)).name",
        query["site"][0],
    )
    expect(page.locator("#inspect-title")).to_contain_text(site)
    context.close()

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    assert urlsplit(page.url).path == "/dashboard"
    context.close()
