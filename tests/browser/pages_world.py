"""A live server holding every kind of record (tests/support/pages.py), and one signed-in tablet
per role: the sweeps over every page share them (one browser context per role, its page reused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inspector import create_app
from inspector.db import create_all, get_session
from tests.browser.conftest import sign_in
from tests.browser.page_ready import wait_ready
from tests.support import pages
from tests.support.live import LiveServer

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PULL = "async () => (await import('/static/js/sync.js')).pullNow()"
ORIENTATIONS = {"portrait": (810, 1080), "landscape": (1080, 810)}


@pytest.fixture(scope="module")
def everything(tmp_path_factory):
    """(app, path parameters) for a database with the demo data and the matrix world."""
    folder = tmp_path_factory.mktemp("pages")
    app = create_app(
        {
            "TESTING": False,
            "SECRET_KEY": "pages-test",
            "DATABASE_URL": f"sqlite:///{folder / 'pages.sqlite3'}",
        }
    )
    with app.app_context():
        create_all()
        values = pages.seed(get_session(), app.extensions["rulebook"])
    yield app, values
    app.extensions["engine"].dispose()


@pytest.fixture(scope="module")
def everything_server(everything):
    server = LiveServer(everything[0]).start()
    yield server
    server.stop()


def role_page(browser, tablet, base_url: str, role: str, **options):
    """A tablet signed in as `role` (its device synced for the field roles); (context, page)."""
    context = browser.new_context(**tablet, **options)
    page = context.new_page()
    account = pages.ACCOUNTS[role]
    if account:
        sign_in(page, base_url, *account)
        if role in ("inspector", "permittee"):
            page.goto(f"{base_url}/app/outbox")
            assert page.evaluate(PULL)["ok"], f"{role}: the work packet did not sync"
    return context, page


def open_page(page, base_url: str, target: pages.Page) -> None:
    """Open a page and wait until it is drawn: a field page's body[data-ready], the header's outbox
    link (drawn from the device's storage), and the network at rest."""
    response = page.goto(f"{base_url}{target.url}")
    assert response is not None and response.status == 200, (
        f"{target}: {response and response.status}"
    )
    if target.ready:
        wait_ready(page, target.ready)
    # A function, not an expression: Playwright evaluates an expression with eval(), which the
    # app's Content-Security-Policy refuses in a context that does not bypass it.
    page.wait_for_function(
        "() => !document.getElementById('net-state') || !!document.getElementById('outbox-count')"
    )
