"""The public records page is read by anyone who scans the site's sign: a neighbour's phone, the
DNR. It is a page to read, not the field app: no "Outbox: all sent" (a link to a sign-in page),
and the app's service worker is not installed on the reader's phone."""

from __future__ import annotations

from sqlmodel import select

from inspector.db import get_session
from inspector.models import PublicRecords


def test_the_public_page_is_not_the_field_app(browser, live_server, demo_app):
    with demo_app.app_context():
        token = get_session().exec(select(PublicRecords.token)).first()
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/public/{token}")
    page.get_by_role("heading", name="Erosion control records for this site").wait_for()
    # The shell registers its worker at most 2 s after the page is drawn.
    page.wait_for_timeout(2500)
    text = page.locator("body").inner_text()
    assert "Outbox" not in text, text[:300]
    registrations = page.evaluate(
        "() => navigator.serviceWorker.getRegistrations().then((r) => r.length)"
    )
    assert registrations == 0
    context.close()
