"""Issue #13 item 5 on a tablet, portrait and landscape: an all-pass weekly inspection needs no more
taps than items + 2, and after each tap the next item's Pass button is in view (not under the sticky
submit bar) with the focus; answered items fold to one line that reopens; a failed item stays open
until its corrective action is written; the progress line stays in sight."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.capture_flow import SCROLL_METER, answer_all_pass, landscape
from tests.browser.capture_packet import pull_body, seed_packet, stored, wait_for_controller
from tests.browser.conftest import sign_in

SITE = "1"  # Meadow Ridge Subdivision, Phase 2: 16 items on a weekly inspection


def open_weekly(browser, live_server, demo_app, device):
    context = browser.new_context(**device)
    context.add_init_script(SCROLL_METER)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    codes = next(c["data"] for c in body["changes"] if c["id"] == SITE)["checklist_codes"]
    page.goto(f"{live_server.url}/app/inspect?site={SITE}&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")
    return context, page, codes


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_all_pass_inspection_takes_a_tap_per_item_and_the_next_is_always_at_hand(
    orientation, browser, live_server, demo_app, tablet
):
    device = tablet if orientation == "portrait" else landscape(tablet)
    context, page, codes = open_weekly(browser, live_server, demo_app, device)
    assert len(codes) >= 10
    result = answer_all_pass(page, codes)
    assert result["taps"] <= len(codes) + 2
    assert result["next_out_of_view"] == []  # never under the submit bar nor off screen
    assert result["next_not_focused"] == []
    assert result["submit_in_view"]
    # In the outbox, or already sent (signed in and online, the outbox page sends it at once).
    lists = stored(page, "s.listOutboxAndSent()")
    [entry] = lists["outbox"] + lists["sent"]
    assert [a["result"] for a in entry["payload"]["answers"]] == ["pass"] * len(codes)
    context.close()


def test_answered_items_fold_and_reopen_and_a_failure_stays_open_until_written(
    browser, live_server, demo_app, tablet
):
    context, page, codes = open_weekly(browser, live_server, demo_app, landscape(tablet))
    first, second, third = codes[:3]
    progress = page.locator("#progress")
    expect(progress).to_have_attribute("aria-live", "polite")
    expect(progress).to_have_text(f"0 of {len(codes)} items answered.")

    # A failure keeps the item open: its corrective action is still to be written.
    page.locator(f"label[for='r-{first}-fail']").click()
    item = page.locator(f"#item-{first}")
    expect(item.locator(f"#ca-{first}")).to_be_visible()
    expect(item.get_by_role("button", expanded=False)).to_have_count(0)
    expect(progress).to_have_text(f"1 of {len(codes)} items answered.")
    item.locator(f"#ca-{first}").fill("Bring the approved plan to the site today.")

    # Answering the next item folds both to one line each: a button saying the answer.
    page.locator(f"label[for='r-{second}-pass']").click()
    fold = item.get_by_role("button", name="Failed")
    expect(fold).to_have_attribute("aria-expanded", "false")
    expect(item.locator(f"#ca-{first}")).to_be_hidden()
    expect(page.locator(f"#item-{second}").get_by_role("button", name="Passed")).to_have_attribute(
        "aria-expanded", "false"
    )
    box = item.bounding_box()
    assert box["height"] < 90, box  # one line

    # The keyboard: Enter on the folded line reopens it, with what was written.
    fold.focus()
    page.keyboard.press("Enter")
    expect(fold).to_have_attribute("aria-expanded", "true")
    expect(item.locator(f"#ca-{first}")).to_have_value("Bring the approved plan to the site today.")
    expect(item.locator(f"label[for='r-{first}-fail']")).to_be_visible()

    # Space on a Pass radio answers it and moves on; the progress line stays on screen.
    page.locator(f"#r-{third}-pass").focus()
    page.keyboard.press("Space")
    expect(page.locator(f"#r-{codes[3]}-pass")).to_be_focused()
    expect(progress).to_be_in_viewport()
    expect(progress).to_have_text(f"3 of {len(codes)} items answered.")

    # A resumed draft opens with its answered items folded, the unanswered ones open.
    page.locator("#save-state.saved").wait_for()
    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    for code in (first, second, third):
        expect(page.locator(f"#item-{code} .item-toggle")).to_have_attribute(
            "aria-expanded", "false"
        )
    expect(page.locator(f"label[for='r-{codes[3]}-pass']")).to_be_visible()
    context.close()
