"""Issue #7 in the browser: standing by a pump with no signal, an inspector opens the dewatering calculator
from the checklist item, checks the tank, attaches the result to the inspection, and it reaches the server
and the inspection report once the network is back."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.db import get_session
from inspector.models import Answer
from tests.browser.capture_packet import sign, stored, wait_for_controller
from tests.browser.conftest import sign_in

SITE = "Meadow Ridge Subdivision, Phase 2"  # dewatering on site: the DEWATER item has a calculator


def saved_calculator(page, draft_id: str, tries: int = 40):
    """The calculator result as saved in the draft in IndexedDB (drafts are saved a moment after a change)."""
    for _ in range(tries):
        draft = stored(page, f"s.getDb().then((db) => db.get('drafts', '{draft_id}'))")
        calc = draft["answers"].get("DEWATER", {}).get("calculator")
        if calc:
            return calc
        page.wait_for_timeout(100)
    raise AssertionError("the calculator result never reached the saved draft")


def test_calculator_used_offline_from_an_inspection_and_synced(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()

    context.set_offline(True)
    live_server.stop()
    page.goto(f"{live_server.url}/app/")
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]

    page.get_by_role("link", name="Check with the dewatering calculator").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dewatering")
    # Bad input is refused at the field, with its unit.
    page.locator("#in-pumping_rate_gpm").fill("lots")
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#err-pumping_rate_gpm")).to_be_visible()
    # The ordinance's own 100 gpm example: a 4.5-ft vertical tank.
    page.locator("#in-pumping_rate_gpm").fill("100")
    page.locator("#in-device").select_option("vertical_tank")
    page.locator("#in-diameter").fill("4.5")
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#result-verdict")).to_contain_text("Meets")
    expect(page.locator("#result-citation")).to_have_text("§ 256-7B(1)")
    page.get_by_role("button", name="Attach to inspection").click()

    page.wait_for_selector("body[data-ready=capture]")
    assert draft_id in page.url
    expect(page.locator(".calc-result")).to_contain_text("Calculator (dewatering)")
    calc = saved_calculator(page, draft_id)
    assert calc["name"] == "dewatering" and calc["inputs"]["pumping_rate_gpm"] == 100
    assert calc["result"]["passes"] is True

    for code in stored(page, "s.getSite('1')")["checklist_codes"]:
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")

    live_server.start()
    context.set_offline(False)
    try:
        page.locator("#sent-list .outbox-entry .outbox-state").wait_for(timeout=20000)
    except Exception as timeout:
        raise AssertionError(
            f"not sent: {[(e['state'], e.get('reason'), e.get('errors')) for e in stored(page, 's.listOutbox()')]}"
        ) from timeout

    with demo_app.app_context():
        answer = (
            get_session()
            .exec(
                Answer.__table__.select().where(
                    Answer.inspection_id == draft_id, Answer.item_code == "DEWATER"
                )
            )
            .one()
        )
        assert answer.calculator["name"] == "dewatering"
        assert answer.calculator["result"]["passes"] is True
    report = context.new_page()
    report.goto(f"{live_server.url}/inspections/{draft_id}")
    # the saved calculation, read on the report as a sentence with its verdict
    expect(report.get_by_text("Dewatering device (").first).to_contain_text("meets the ordinance")
    context.close()
