"""Browser tests: Playwright driving Debian's Chromium against a live server with the demo data."""

from __future__ import annotations

import logging
import os
import shutil

import pytest
from playwright.sync_api import Browser, BrowserType, expect

from inspector import demo
from inspector.rules.rulebook import default
from tests.browser import page_ready
from tests.support.live import LiveServer, copied_demo_app, drop_demo_templates

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
# CI machines are shared and slower than a workstation: assertions wait up to 15 s for the page to catch
# up (Playwright's 5 s default made a busy machine fail tests that were right). Actions keep their 30 s.
expect.set_options(timeout=15_000)
# One line per request from the live server would bury a failure's own report.
logging.getLogger("werkzeug").setLevel(logging.WARNING)
# So would the app's operator lines (sign-ins, pushes), which tests/sync/test_operator_log.py checks.
logging.getLogger("fairwater").setLevel(logging.WARNING)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    # Debian's build; `playwright install` cannot download browsers here. A missing chromium is a
    # failure, never a skip: `make test` installs it.
    assert os.path.exists(CHROMIUM), (
        f"Chromium not found at {CHROMIUM}: run `make test` (it installs Debian's chromium)"
    )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session", autouse=True)
def _pages_watched():
    """Every page a test opens is watched from its first moment (tests/browser/page_ready.py), so a
    wait that times out can say what the page showed and what went wrong in it."""
    new_context, new_page = Browser.new_context, Browser.new_page
    launch_persistent_context = BrowserType.launch_persistent_context

    def watched(context):
        context.on("page", page_ready.watch)
        for page in context.pages:
            page_ready.watch(page)
        return context

    def watched_new_context(self, *args, **kwargs):
        return watched(new_context(self, *args, **kwargs))

    def watched_new_page(self, *args, **kwargs):
        page = new_page(self, *args, **kwargs)
        watched(page.context)
        return page

    def watched_persistent_context(self, *args, **kwargs):
        return watched(launch_persistent_context(self, *args, **kwargs))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Browser, "new_context", watched_new_context)
        patch.setattr(Browser, "new_page", watched_new_page)
        patch.setattr(BrowserType, "launch_persistent_context", watched_persistent_context)
        yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed (a Playwright timeout, an expect() that never held, an assert)
    reports what each open page showed and said, and its last exchanges with the sync API: the
    failure alone does not say why, and one that comes once in several full runs cannot be asked
    again."""
    report = yield
    if report.when == "call" and report.failed:
        pages = page_ready.watched_pages()
        if pages:
            report.sections.append(
                ("pages when it failed", "\n".join(page_ready.describe(p) for p in pages))
            )
    return report


@pytest.fixture(autouse=True)
def _close_contexts_left_open(request):
    """A test that fails part-way leaves its contexts (pages, service workers, sync timers) running in the
    shared browser; close them so the next test starts from a quiet browser."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture(scope="session", autouse=True)
def _demo_templates():
    yield
    drop_demo_templates()


@pytest.fixture
def demo_app(tmp_path):
    """The app over a database of the test's own with the demo data (a copy: seeded once an hour)."""
    app = copied_demo_app(tmp_path, "browser-test")
    yield app
    app.extensions["engine"].dispose()


@pytest.fixture
def live_server(demo_app):
    server = LiveServer(demo_app).start()
    yield server
    server.stop()


@pytest.fixture
def tablet(playwright):
    """Device descriptor for a 10-inch tablet (still Chromium), set to the Village's zone as the
    tablets in Fairwater are (the machine running the tests may be on UTC)."""
    return {**playwright.devices["iPad (gen 7)"], "timezone_id": default()["calendar.timezone"]}


def sign_in(page, base_url: str, email: str, password: str = demo.PASSWORD):
    page.goto(f"{base_url}/login")
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Password").fill(password)
    # Wait for the sign-in's own answer: the login page is already "loaded" when the click returns,
    # so a test that navigated at once could cut the POST off before its session cookie was stored.
    with page.expect_navigation() as signed_in:
        page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    # A sign-in refused (a spoiled form: 400) leaves the test going on as the last person.
    answer = signed_in.value
    assert answer is not None and answer.ok and "/login" not in page.url, (
        f"signing in as {email} failed: {answer.status if answer else 'no answer'} at {page.url}"
    )
