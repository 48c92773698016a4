"""A browser test waiting for a field page that never becomes ready fails saying why: the page's
address, its ready value, and the error its script threw, not only a timeout."""

from __future__ import annotations

import pytest

from tests.browser.page_ready import wait_ready

BROKEN = "throw new Error('capture.js did not load: broken on purpose');"


def test_a_page_that_never_gets_ready_fails_with_its_own_error(browser, live_server, tablet):
    # No service worker: the page's own requests are the ones routed.
    context = browser.new_context(**tablet, service_workers="block")
    page = context.new_page()
    page.route(
        "**/static/js/capture.js",
        lambda route: route.fulfill(content_type="text/javascript", body=BROKEN),
    )
    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    with pytest.raises(AssertionError) as failure:
        wait_ready(page, "capture", timeout=2_000)
    said = str(failure.value)
    assert "the page never became ready (capture)" in said
    assert f"page: {live_server.url}/app/inspect?site=1&kind=weekly" in said
    assert "body[data-ready]: not set" in said
    assert "page error: Error: capture.js did not load: broken on purpose" in said
    context.close()
