"""A shared tablet changing hands while a draft is open: the last change its author typed, not yet
saved when the device learned of the next person (from another tab, a sync), is saved to the draft
before it is put away. Before, the save that ran just after the change found the draft "not theirs"
and dropped that change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect

from tests.browser.capture_packet import stored, wait_for_controller
from tests.browser.test_shared_tablet_drafts import (
    NOT_YOURS,
    PRAIRIE,
    open_home_as,
    start_weekly_with_typing,
    user_id,
)

# This tab hears nothing from the others (a tab the browser froze, then woke).
DEAF = "delete window.BroadcastChannel;"
NEXT_PERSON = """async (user) => {
  const s = await import('/static/js/store.js');
  await s.adoptSignedIn(user);
}"""


def draft_open_as_the_tablet_changes_hands(browser, tablet, live_server, demo_app):
    """A weekly draft of Sam's open in a tab that hears nothing from the others, a second tab that
    will sign the next person in, and the context's clock held (it would tick on its own), so that
    no save runs until the test says. Returns (context, page, draft_id, clock_at, hand_over):
    `clock_at(s)` moves the clock's date to s seconds on without firing a timer; `hand_over()`
    tells the device of the next person."""
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.add_init_script(DEAF)
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    wait_for_controller(page)
    draft_id = start_weekly_with_typing(page)
    other = context.new_page()
    # The other tab tells the device of the next person (hand_over) and nothing else: it never asks
    # the server, which still has the author signed in. Its pull after the hand-over would adopt the
    # author again as soon as the server answered, and on a busy machine before this tab's save.
    other.route("**/api/v1/**", lambda route: route.abort())
    other.goto(f"{url}/app/outbox")
    other.wait_for_selector("body[data-ready=outbox]")
    inspector = {
        "id": user_id(demo_app, "inspector@fairwater.example"),
        "name": "Luis Ortega",
        "role": "inspector",
    }
    now = datetime.now(UTC)
    page.clock.install(time=now)
    page.clock.pause_at(now + timedelta(seconds=1))

    def clock_at(seconds: float) -> None:
        page.clock.set_system_time(now + timedelta(seconds=seconds))

    def hand_over() -> None:
        other.evaluate(NEXT_PERSON, inspector)

    return context, page, draft_id, clock_at, hand_over


def test_the_last_change_typed_before_the_change_of_person_is_kept(
    browser, tablet, live_server, demo_app
):
    context, page, draft_id, clock_at, hand_over = draft_open_as_the_tablet_changes_hands(
        browser, tablet, live_server, demo_app
    )
    # Typed; within the quarter second before it is saved, the device learns of the next person
    # (after the change was typed: the clock's date moved on).
    page.get_by_label("Construction phase").fill("Grading lots 3-9")
    clock_at(5)
    hand_over()
    page.clock.run_for(1000)
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    kept = stored(page, f"s.getDraft('{draft_id}')")
    assert kept["header"]["phase"] == "Grading lots 3-9"
    assert kept["header"]["weather"] == "Wind from the west, 52 °F"
    context.close()
