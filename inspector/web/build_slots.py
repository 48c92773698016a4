"""Downloads that cost seconds of CPU for one small GET (a regulator packet; an inspection's PDF with
up to 100 photos; a stop-work order's documents): each server process builds a few at once, and a
request that finds every slot taken for a few seconds is answered 503 with Retry-After and a page
saying when to try again, instead of holding one of the server's few threads for as long as it
takes (a handful of such requests would leave none for anyone)."""

from __future__ import annotations

import threading
from contextlib import contextmanager

from flask import current_app, render_template

WAIT_SECONDS = 3  # how long a request waits for a slot before it is told to try again
RETRY_AFTER_SECONDS = 60


def install(app, key: str, count) -> None:
    app.extensions[key] = threading.BoundedSemaphore(max(1, int(count)))


@contextmanager
def slot(key: str, wait: float | None = None):
    """Yields True holding one of the `key` slots (given back on leaving), or False when none came
    free within `wait` seconds (WAIT_SECONDS)."""
    slots = current_app.extensions[key]
    if not slots.acquire(timeout=WAIT_SECONDS if wait is None else wait):
        yield False
        return
    try:
        yield True
    finally:
        slots.release()


def busy(what: str):
    """The 503 answer: `what` is being built right now (a sentence's subject)."""
    return (
        render_template(
            "error.html",
            code=503,
            name="Busy: try again in a minute",
            description=f"{what} being built on the server right now. Nothing was lost: ask for "
            f"this one again in {RETRY_AFTER_SECONDS} seconds.",
        ),
        503,
        {"Retry-After": str(RETRY_AFTER_SECONDS)},
    )
