"""Waiting for a field page's ready signal (body[data-ready]), and saying why when it never comes: a
timeout alone ("waiting for locator body[data-ready=capture]") tells nobody what the page showed.

Every page a test opens is watched from its first moment (tests/browser/conftest.py calls `watch`
for each new page): its console errors, uncaught errors, failed requests, the pages it opened and
its requests to the sync API (sent, answered) are kept with the seconds since it opened, and a wait
that times out, or any browser test that fails, reports them with the page's address, its ready
value, the words of any error or status shown on it and the Web Locks its origin holds (a flush or
a pull waits on one)."""

from __future__ import annotations

import time
import weakref
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# What each watched page said, oldest first; only the last lines are reported.
_said: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
KEPT = 40

# A function, not an expression: the app's Content-Security-Policy refuses eval().
SHOWN = """() => {
  const body = document.body;
  const seen = new Set();
  const said = [];
  for (const el of document.querySelectorAll(
      '[role=alert], [role=status], [role=alertdialog], .error, .flash, .note, #save-state')) {
    const visible = el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
    const text = (el.innerText || '').replace(/\\s+/g, ' ').trim();
    if (!visible || !text || seen.has(text)) continue;
    seen.add(text);
    said.push(text.length > 300 ? `${text.slice(0, 300)}…` : text);
  }
  return {
    ready: body ? (body.dataset.ready ?? null) : null,
    drawing: Boolean(body && body.hasAttribute('data-drawing')),
    title: document.title,
    said,
  };
}"""


# The Web Locks of the page's origin, held and waited for (static/js/sync.js runs under them).
LOCKS = """async () => {
  const query = await navigator.locks?.query?.();
  return query ? { held: query.held.map((l) => l.name), pending: query.pending.map((l) => l.name) } : null;
}"""


def watch(page) -> None:
    """Keep what `page` says from now on: console errors, uncaught errors, failed requests."""
    if page in _said:
        return
    said: list[str] = []
    _said[page] = said
    opened = time.monotonic()

    def keep(line: str) -> None:
        said.append(f"{time.monotonic() - opened:6.2f}s {line}")
        del said[:-KEPT]

    def api(what: str, request) -> None:
        if "/api/" in request.url:
            keep(f"{what}: {request.method} {_path(request.url)}")

    def on_console(message) -> None:
        if message.type == "error":
            keep(f"console error: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: keep(f"page error: {_where(error)}"))
    page.on("requestfailed", lambda r: keep(f"request failed: {r.method} {r.url} ({r.failure})"))
    page.on("request", lambda r: api("sent", r))
    page.on("response", lambda r: api(f"answered {r.status}", r.request))
    page.on(
        "framenavigated",
        lambda frame: frame.parent_frame is None and keep(f"opened: {_path(frame.url)}"),
    )


def _path(url: str) -> str:
    """The address without the live server's origin (its port changes every test)."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _where(error) -> str:
    """An uncaught error as its stack's first lines say it: the error and where it was thrown."""
    lines = (error.stack or str(error)).splitlines()[:3]
    return " ".join(line.strip() for line in lines)


def watched_pages() -> list:
    return [page for page in list(_said.keys()) if not page.is_closed()]


def describe(page) -> str:
    """What the page shows and said, in a few lines, for a failure's message."""
    lines = [f"page: {page.url}"]
    try:
        shown = page.evaluate(SHOWN)
    except PlaywrightError as error:
        lines.append(f"(could not read the page: {error.message.splitlines()[0]})")
    else:
        state = "not set" if shown["ready"] is None else repr(shown["ready"])
        if shown["drawing"]:
            state += " (body[data-drawing]: not drawn yet)"
        lines.append(f"title: {shown['title']!r}")
        lines.append(f"body[data-ready]: {state}")
        lines.extend(f"shows: {text}" for text in shown["said"])
    try:
        locks = page.evaluate(LOCKS)
    except PlaywrightError as error:
        lines.append(f"(could not read its Web Locks: {error.message.splitlines()[0]})")
    else:
        if locks is not None:
            lines.append(
                f"Web Locks held: {locks['held'] or 'none'}; waited for: {locks['pending'] or 'none'}"
            )
    said = _said.get(page)
    if said is None:
        lines.append("(console not watched on this page)")
    else:
        lines.extend(said or ["no console error, page error or failed request"])
    return "\n  ".join(lines)


def wait_ready(page, ready: str, **options) -> None:
    """Wait for body[data-ready=`ready`] as page.wait_for_selector does (same timeout); when it
    never comes, fail with what the page shows and said."""
    try:
        page.wait_for_selector(f"body[data-ready='{ready}']", **options)
    except PlaywrightTimeoutError as error:
        raise AssertionError(
            f"the page never became ready ({ready}): {error.message.splitlines()[0]}\n  "
            + describe(page)
        ) from error
