"""A shared tablet changing hands while its author keeps typing: a change typed before the device
learned of the next person is saved with everything typed after it, up to the save. Before, the
save looked only at the last change's time: one typed just after the device learned of the next
person put the whole draft away unsaved, the earlier change with it."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import stored
from tests.browser.test_shared_tablet_drafts import NOT_YOURS
from tests.browser.test_shared_tablet_last_edit import draft_open_as_the_tablet_changes_hands


def test_a_change_typed_before_the_change_of_person_is_kept_when_more_follows(
    browser, tablet, live_server, demo_app
):
    context, page, draft_id, clock_at, hand_over = draft_open_as_the_tablet_changes_hands(
        browser, tablet, live_server, demo_app
    )
    page.get_by_label("Construction phase").fill("Grading lots 3-9")  # the author's
    clock_at(5)
    hand_over()  # the device learns of the next person
    clock_at(9)
    page.get_by_label("Weather").fill("Wind from the west, 50 °F")  # typed on, unaware
    page.clock.run_for(1000)
    page.wait_for_selector("body[data-ready=not-yours]")
    expect(page.locator("#inspect-problem")).to_contain_text(NOT_YOURS)
    kept = stored(page, f"s.getDraft('{draft_id}')")
    assert kept["header"]["phase"] == "Grading lots 3-9"
    assert kept["header"]["weather"] == "Wind from the west, 50 °F"
    context.close()
