"""A shared tablet changing hands while its author keeps typing: a change typed before the device
learned of the next person is saved with everything typed after it, up to the save. Before, the
save looked only at the last change's time: one typed just after the device learned of the next
person put the whole draft away unsaved, the earlier change with it."""

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
from tests.browser.test_shared_tablet_last_edit import DEAF, NEXT_PERSON


def test_a_change_typed_before_the_change_of_person_is_kept_when_more_follows(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.add_init_script(DEAF)
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    wait_for_controller(page)
    draft_id = start_weekly_with_typing(page)
    other = context.new_page()
    other.goto(f"{url}/app/outbox")
    other.wait_for_selector("body[data-ready=outbox]")
    inspector = {
        "id": user_id(demo_app, "inspector@fairwater.example"),
        "name": "Luis Ortega",
        "role": "inspector",
    }

    # The clock (the whole context's) is held, so that no save runs until the end; its date moves
    # on between the steps without firing a timer.
    now = datetime.now(UTC)
    page.clock.install(time=now)
    page.clock.pause_at(now + timedelta(seconds=1))
    page.get_by_label("Construction phase").fill("Grading lots 3-9")  # the author's
    page.clock.set_system_time(now + timedelta(seconds=5))
    other.evaluate(NEXT_PERSON, inspector)  # the device learns of the next person
    page.clock.set_system_time(now + timedelta(seconds=9))
    page.get_by_label("Weather").fill("Wind from the west, 50 °F")  # typed on, unaware
    page.clock.run_for(1000)
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    kept = stored(page, f"s.getDraft('{draft_id}')")
    assert kept["header"]["phase"] == "Grading lots 3-9"
    assert kept["header"]["weather"] == "Wind from the west, 50 °F"
    context.close()
