"""On the tablet, an item cannot pass under an attached calculation that fails (as a failing measurement
refuses pass): submitting is refused at the item, and nothing reaches the outbox."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.capture_packet import sign, stored, wait_for_controller
from tests.browser.conftest import sign_in
from tests.browser.test_calculator_offline import SITE, saved_calculator


def test_a_failing_calculation_refuses_pass_on_the_device(browser, live_server, demo_app, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    draft_id = page.url.split("draft=")[1]
    page.get_by_role("link", name="Check with the dewatering calculator").click()
    page.locator("#in-pumping_rate_gpm").fill("10000")
    page.locator("#in-device").select_option("vertical_tank")
    page.locator("#in-diameter").fill("4.5")
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator("#result-verdict")).to_contain_text("Does not meet")
    page.get_by_role("button", name="Attach to inspection").click()
    page.wait_for_selector("body[data-ready=capture]")
    assert saved_calculator(page, draft_id)["result"]["passes"] is False
    for code in stored(page, "s.getSite('1')")["checklist_codes"]:
        page.locator(f"label[for='r-{code}-pass']").click()
    sign(page)  # under the certification statement
    page.get_by_role("button", name="Submit inspection").click()
    expect(page.locator("#item-DEWATER .item-error")).to_contain_text("an item cannot pass with it")
    assert [e for e in stored(page, "s.listOutbox()") if e["entity_id"] == draft_id] == []
    page.locator("label[for='r-DEWATER-fail']").click()
    page.locator("#item-DEWATER .corrective-t").fill(
        "Stop pumping; a 4.5-ft tank settles 100 gpm, not 10,000"
    )
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    context.close()
