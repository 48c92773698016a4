"""A finding's correction kept as a conflict names, in the outbox, each field that changed on the
server in words. The server names who reported the finding corrected (and, for an inspector's
check, who checked it, when, and its due time) by keys the outbox had no words for: it read "A detail:
Changed on the server.", which told the permittee nothing of what had changed."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.test_correction_kept import queue_then_conflict


def test_each_field_changed_on_the_server_is_named(browser, live_server, demo_app, tablet):
    context, page, _finding_id, entry = queue_then_conflict(
        browser, live_server, demo_app, tablet, reopen=True
    )
    errors = entry.locator(".entry-errors")
    expect(errors).to_contain_text("Who reported it corrected: Changed on the server.")
    expect(errors).not_to_contain_text("A detail")
    context.close()
