"""More of what the field pages say, each read out once: a message shown in a live region (an alert
on a photo, a note under Sign out, a problem on an outbox entry) is not handed to the page's
announcer as well."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages_world import role_page
from tests.browser.test_outbox_storage_full import refused_entry_on_a_tablet_that_can_fill
from tests.browser.test_outbox_ways_out import (
    entry,
)
from tests.browser.test_said_once import BEFORE, said_twice
from tests.browser.test_two_tabs_one_draft import answer_plan_fail, two_tabs


def test_a_photo_refused_and_a_sign_out_offline_are_said_once(browser, tablet, live_server):
    context, page = role_page(browser, tablet, live_server.url, "inspector")
    twice = {}

    page.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    block = page.locator(".photo-block[data-item='']")
    page.evaluate(BEFORE)
    block.locator("input.photo-file").set_input_files(
        {"name": "report.jpg", "mimeType": "image/jpeg", "buffer": b"%PDF-1.7 not a photo at all"}
    )
    expect(block.locator(".photo-error")).to_contain_text("not a picture")
    twice["photo not a picture"] = said_twice(page)

    page.goto(f"{live_server.url}/app/outbox")
    page.wait_for_selector("body[data-ready=outbox]")
    context.set_offline(True)
    page.evaluate(BEFORE)
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#sign-out-note")).to_contain_text("Signing out needs a connection")
    twice["sign out offline"] = said_twice(page)
    context.set_offline(False)

    assert {k: v for k, v in twice.items() if v} == {}
    context.close()


def test_an_outbox_entry_put_back_on_a_full_tablet_is_said_once(
    browser, tablet, live_server, demo_app
):
    context, page, mid = refused_entry_on_a_tablet_that_can_fill(
        browser, tablet, live_server, demo_app
    )
    page.evaluate("() => { self.__storageFull = true; }")
    page.evaluate(BEFORE)
    entry(page, mid).get_by_role("button", name="Edit and send again").click()
    expect(entry(page, mid).locator(".entry-problem")).to_contain_text("storage is full")
    assert said_twice(page) == []
    context.close()


def test_a_draft_changed_in_another_tab_is_said_once(browser, tablet, live_server, demo_app):
    context, first, second, _ = two_tabs(browser, tablet, live_server, demo_app)
    second.evaluate(BEFORE)
    answer_plan_fail(first)
    expect(second.locator("#inspect-problem")).to_contain_text(
        "This inspection was changed in another tab or window on this device."
    )
    assert said_twice(second) == []
    context.close()
