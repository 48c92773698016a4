"""The capture page refuses a text longer than the server takes (weather, notes, an item's note or
corrective action), with what to do, while it can still be shortened: before, it went to the outbox
and the server refused the whole inspection later ("At most 200 characters."), back at the office."""

from __future__ import annotations

from playwright.sync_api import expect

from inspector.services import inspections
from tests.browser.capture_packet import pull_body, seed_packet, sign, stored, wait_for_controller


def test_a_text_over_the_servers_limit_is_refused_on_the_tablet(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context = browser.new_context(**tablet)
    page = context.new_page()
    page.goto(f"{url}/app/")
    wait_for_controller(page)
    body = pull_body(demo_app)
    seed_packet(page, body)
    codes = next(c["data"] for c in body["changes"] if c["id"] == "1")["checklist_codes"]
    context.set_offline(True)
    page.goto(f"{url}/app/inspect?site=1&kind=weekly")
    page.wait_for_selector("body[data-ready=capture]")

    page.locator(f"label[for='r-{codes[0]}-fail']").click()
    page.locator(f"#ca-{codes[0]}").fill("Rebuild the silt fence. " * 100)  # 2,400 characters
    for code in codes[1:]:
        page.locator(f"label[for='r-{code}-pass']").click()
    page.get_by_label("Weather").fill("Overcast, " * 25)  # 250 characters (249 trimmed)
    sign(page)
    page.get_by_role("button", name="Submit inspection").click()

    expect(page.locator("#f-weather-error")).to_have_text(
        "Too long: at most 200 characters (now 249). Shorten it to submit."
    )
    expect(page.locator(f"#ca-{codes[0]}-error")).to_have_text(
        "Too long: at most 2000 characters (now 2399). Shorten it to submit."
    )
    expect(page.locator("#submit-errors")).to_contain_text("2 things to fix before submitting.")
    assert stored(page, "s.listOutbox()") == []

    page.get_by_label("Weather").fill("Overcast, 45 °F")
    page.locator(f"#ca-{codes[0]}").fill("Rebuild the silt fence along the east line.")
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    [entry] = stored(page, "s.listOutbox()")
    assert entry["payload"]["weather"] == "Overcast, 45 °F"

    # The same limits as the server's.
    limits = page.evaluate(
        "async () => { const d = await import('/static/js/drafts.js');"
        " return [d.TEXT_LIMITS, d.ANSWER_TEXT_LIMITS]; }"
    )
    server = {k: v for k, v in inspections.TEXT_LIMITS.items() if k != "catalog_version"}
    assert limits == [server, inspections.ANSWER_TEXT_LIMITS]
    context.close()
