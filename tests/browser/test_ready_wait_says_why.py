"""A browser test waiting for a field page that never becomes ready fails saying why: the page's
address, its ready value, and the error its script threw, not only a timeout. Any browser test that
fails reports its pages so (tests/browser/conftest.py)."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import sign_in
from tests.browser.page_ready import describe, wait_ready
from tests.browser.test_shared_tablet import FLUSH

HOLD_A_LOCK = """() => new Promise((granted) => {
  navigator.locks.request('held-by-the-test', () => { granted(); return new Promise(() => {}); });
})"""
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


def test_a_page_described_says_its_sync_requests_and_web_locks(browser, live_server, tablet):
    """What any failed browser test reports of its pages (conftest.pytest_runtest_makereport): the
    sync API requests each made and how they were answered, and the Web Locks its origin holds."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/outbox")
    wait_ready(page, "outbox")
    # The page's own flush has asked who is signed in by the time this one ends.
    page.evaluate(FLUSH)
    page.evaluate(HOLD_A_LOCK)  # as a flush stuck mid-way would hold its own
    said = describe(page)
    assert "opened: /app/outbox" in said
    assert re.search(r"\d+\.\d\ds sent: GET /api/v1/csrf", said), said
    assert "answered 200: GET /api/v1/csrf" in said
    assert re.search(r"Web Locks held: \[[^]]*'held-by-the-test'[^]]*\]; waited for: ", said), said
    context.close()
