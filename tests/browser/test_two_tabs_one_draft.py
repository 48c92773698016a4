"""One draft open in two tabs (or windows) of the same tablet: an inspector who opened it again from
My sites and then went back to the first tab. Neither copy writes over the answers saved from the
other, and a draft submitted or discarded in one tab is never brought back by the other."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import (
    pull_body,
    seed_packet,
    sign,
    stored,
    wait_for_controller,
)

# A tab the browser froze in the background hears nothing from the others until it wakes: as if the
# app's BroadcastChannel did not exist on that page.
DEAF = "delete window.BroadcastChannel;"


def two_tabs(browser, tablet, live_server, demo_app, *, second_hears=True):
    context = browser.new_context(**tablet)
    first = context.new_page()
    first.goto(f"{live_server.url}/app/")
    wait_for_controller(first)
    seed_packet(first, pull_body(demo_app))
    first.goto(f"{live_server.url}/app/inspect?site=1&kind=weekly")
    first.wait_for_selector("body[data-ready=capture]")
    draft_id = first.url.split("draft=")[1]
    first.get_by_label("Weather").fill("Sunny, 41 °F")
    first.locator("#save-state.saved").wait_for()
    second = context.new_page()
    if not second_hears:
        second.add_init_script(DEAF)
    second.goto(f"{live_server.url}/app/inspect?draft={draft_id}")
    second.wait_for_selector("body[data-ready=capture]")
    return context, first, second, draft_id


def answer_plan_fail(page):
    page.bring_to_front()
    page.locator("label[for='r-PLAN-fail']").click()
    page.locator("#ca-PLAN").fill("Bring the approved plan to the trailer today.")
    expect(page.locator("#save-state")).to_contain_text("Saved on this device")


def test_the_other_tab_stops_at_once_and_the_answers_stay(browser, tablet, live_server, demo_app):
    context, first, second, draft_id = two_tabs(browser, tablet, live_server, demo_app)
    answer_plan_fail(first)

    expect(second.locator("#inspect-problem")).to_contain_text(
        "This inspection was changed in another tab or window on this device."
    )
    expect(second.locator("#inspection-form")).to_be_hidden()
    draft = stored(first, f"s.getDraft('{draft_id}')")
    assert draft["answers"]["PLAN"]["result"] == "fail"
    assert draft["header"]["weather"] == "Sunny, 41 °F"

    # Its way on: the draft as saved, with the answers made in the first tab.
    second.get_by_role("link", name="Open the saved draft").click()
    second.wait_for_selector("body[data-ready=capture]")
    assert second.locator("#r-PLAN-fail").is_checked()
    assert (
        second.locator("#ca-PLAN").input_value() == "Bring the approved plan to the trailer today."
    )
    context.close()


def test_an_older_copy_never_writes_over_the_saved_answers(browser, tablet, live_server, demo_app):
    context, first, second, draft_id = two_tabs(
        browser, tablet, live_server, demo_app, second_hears=False
    )
    answer_plan_fail(first)

    second.bring_to_front()
    second.get_by_label("Notes").fill("Typed in the older tab")
    expect(second.locator("#inspect-problem")).to_contain_text(
        "Your last change on this page was NOT saved."
    )
    expect(second.locator("#inspection-form")).to_be_hidden()
    draft = stored(first, f"s.getDraft('{draft_id}')")
    assert draft["answers"]["PLAN"]["result"] == "fail"
    assert draft["answers"]["PLAN"]["corrective_action"] == (
        "Bring the approved plan to the trailer today."
    )
    assert draft["header"]["notes"] == ""
    context.close()


def test_a_draft_submitted_in_one_tab_does_not_come_back_from_the_other(
    browser, tablet, live_server, demo_app
):
    context, first, second, draft_id = two_tabs(
        browser, tablet, live_server, demo_app, second_hears=False
    )
    context.set_offline(True)  # the outbox keeps it: nothing is sent meanwhile
    first.bring_to_front()
    for code in first.eval_on_selector_all(
        ".item[data-code]", "els => els.map(e => e.dataset.code)"
    ):
        first.locator(f"label[for='r-{code}-na']").click()
    sign(first)
    first.get_by_role("button", name="Submit inspection").click()
    first.wait_for_selector("body[data-ready=outbox]")
    assert len(stored(first, "s.listOutbox()")) == 1

    # The older tab, woken up: its next change does not make the submitted draft a draft again.
    second.bring_to_front()
    second.get_by_label("Notes").fill("Typed in the older tab")
    expect(second.locator("#inspect-problem")).to_contain_text(
        "This inspection was submitted from another tab or window on this device: it is in the outbox."
    )
    expect(second.get_by_role("link", name="Open the outbox")).to_be_visible()
    assert stored(first, "s.listDrafts()") == []
    assert len(stored(first, "s.listOutbox()")) == 1
    context.close()
