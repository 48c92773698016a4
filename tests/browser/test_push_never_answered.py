"""A push the network never answers (a signal gone dark mid-send, a connection dropped without a
word) does not hold the outbox for ever: the tablet gives up on it after a wait, says so, keeps every
record, and sends them once the server answers again."""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error as PlaywrightError
from sqlmodel import Session

from inspector.models import Inspection

from .test_push_past_a_proxy import OUTBOX, tablet_with_outbox

START_FLUSH = """() => {
    window.flushed = null;
    import('/static/js/sync.js').then((m) => m.flush()).then((s) => { window.flushed = s; });
}"""


def test_a_push_never_answered_is_given_up_kept_and_sent_later(
    browser, tablet, live_server, demo_app
):
    held = []  # requests the "network" took and never answered

    def black_hole(route):
        held.append(route)

    context, page, made = tablet_with_outbox(browser, tablet, live_server, demo_app, 2, black_hole)
    page.clock.install()
    page.evaluate(START_FLUSH)
    deadline = time.monotonic() + 30
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert held, "the push never set out"

    # Ten minutes pass on the tablet's clock with no answer (a merged flush may send once more).
    summary = None
    for _ in range(5):
        page.clock.run_for(10 * 60 * 1000)
        # What the timers started (storage, the next step of the flush) takes real time on a busy machine.
        settle = time.monotonic() + 5
        while summary is None and time.monotonic() < settle:
            page.wait_for_timeout(100)
            summary = page.evaluate("() => window.flushed")
        if summary is not None:
            break
    assert summary is not None, "the flush still waits for an answer that never comes"
    assert summary["stopped"] == "offline", summary
    assert "No answer from the server" in summary["message"], summary
    left = page.evaluate(OUTBOX)
    assert sorted(e["mutation_id"] for e in left) == sorted(m for _, m, _ in made)
    # Kept to be sent again (a retry may already be on its way), none taken for refused.
    assert {e["state"] for e in left} <= {"queued", "sending"}, left

    page.unroute("**/api/v1/sync/push")  # the network answers again
    for route in held:  # one still held is let go; those the tablet gave up on are done already
        with contextlib.suppress(PlaywrightError):
            route.abort()
    page.evaluate(START_FLUSH)
    deadline = time.monotonic() + 30
    while page.evaluate("() => window.flushed") is None and time.monotonic() < deadline:
        page.clock.run_for(1000)
        page.wait_for_timeout(200)
    assert page.evaluate(OUTBOX) == []
    with Session(demo_app.extensions["engine"]) as db:
        assert all(db.get(Inspection, iid) is not None for iid, _, _ in made)
    context.close()
