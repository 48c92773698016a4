"""Signed with the keyboard alone: an inspector who cannot draw answers the checklist, types their
name under the signature box and adopts it with Enter (another name is refused, the form is not
submitted by the Enter); the typed signature is in the draft at once, survives a reload with no
network, submits, and reaches the report page as a typed name. "Clear and sign again" clears a
typed name, and a drawing replaces it."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection
from tests.browser.capture_packet import (
    INK,
    draw_signature,
    stored,
    wait_for_controller,
    wait_until,
)
from tests.browser.conftest import sign_in
from tests.browser.keyboard import tab_to
from tests.browser.test_signature import open_weekly


def test_an_inspection_signed_with_the_keyboard_alone_reaches_the_server_typed(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()
    draft_id = open_weekly(page, live_server.url)
    codes = stored(page, "s.getSite('1')")["checklist_codes"]

    # Each item answered Pass with the space bar; the page moves the focus to the next one.
    tab_to(page, f"#r-{codes[0]}-pass")
    for code in codes:
        expect(page.locator(f"#r-{code}-pass")).to_be_focused()
        page.keyboard.press("Space")
    wait_until(
        page,
        f"""async () => {{ const s = await import('/static/js/store.js');
          const d = await s.getDraft('{draft_id}');
          return {len(codes)} === Object.values(d.answers).filter((a) => a.result === 'pass').length; }}""",
    )

    tab_to(page, "#signature-typed")
    expect(page.locator("#signature-typed-hint")).to_contain_text("Luis Ortega")
    page.keyboard.type("Luis Orteg")
    page.keyboard.press("Enter")
    expect(page.locator("#signature-typed-error")).to_have_text(
        "Type your name as it is on your account: Luis Ortega"
    )
    assert page.locator("body[data-ready=capture]").count() == 1  # Enter did not submit
    assert stored(page, f"s.getDraft('{draft_id}')").get("signature") is None

    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("luis  ORTEGA")
    page.keyboard.press("Enter")
    state = page.locator("#signature-state:not([aria-busy=true])")
    expect(state).to_contain_text("Signed by typing the name Luis Ortega")
    expect(state).to_contain_text("Saved on this device")
    expect(page.locator("#signature-typed-error")).to_have_text("")
    draft = stored(page, f"s.getDraft('{draft_id}')")
    assert draft["signature"] == {"typed": "luis ORTEGA"}
    assert draft["signed_by_name"] == "Luis Ortega"
    assert page.evaluate(INK) == 0  # nothing drawn
    assert stored(page, "s.listOutbox()") == []

    # No network: reloaded from the device, still signed.
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    expect(page.locator("#signature-state")).to_contain_text(
        "Signed by typing the name Luis Ortega"
    )
    assert stored(page, f"s.getDraft('{draft_id}')")["signature"] == {"typed": "luis ORTEGA"}

    tab_to(page, "#submit-btn")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator("#outbox-list .outbox-state")).to_have_text("On this device only")
    [entry] = stored(page, "s.listOutbox()")
    assert entry["payload"]["signature"] == {"typed": "luis ORTEGA"}

    context.set_offline(False)
    page.locator("#sent-list .outbox-entry").wait_for(timeout=20000)
    with demo_app.app_context():
        row = get_session().exec(select(Inspection).where(Inspection.id == draft_id)).one()
        assert row.signature == {"typed": "luis ORTEGA"} and row.signed_by_name == "Luis Ortega"
        assert row.sha256 == entry["payload"]["sha256"]
    page.goto(f"{live_server.url}/inspections/{draft_id}")
    block = page.locator(".signature-block")
    expect(block.locator(".typed-name")).to_have_text("luis ORTEGA")
    expect(block).to_contain_text("Signed by typing the name Luis Ortega")
    assert block.locator("svg").count() == 0
    context.close()


def test_clear_and_a_drawing_each_replace_a_typed_name(browser, live_server, demo_app, tablet):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    page.locator(".site-card").first.wait_for()
    draft_id = open_weekly(page, live_server.url)
    state = page.locator("#signature-state:not([aria-busy=true])")

    page.locator("#signature-typed").fill("Luis Ortega")
    page.locator("#signature-typed").press("Enter")
    expect(state).to_contain_text("Signed by typing the name Luis Ortega")
    page.get_by_role("button", name="Clear and sign again").click()
    expect(state).to_contain_text("Not signed yet")
    expect(page.locator("#signature-typed")).to_have_value("")
    assert stored(page, f"s.getDraft('{draft_id}')").get("signature") is None

    page.locator("#signature-typed").fill("Luis Ortega")
    page.get_by_role("button", name="Sign with this name").click()
    expect(state).to_contain_text("Signed by typing the name Luis Ortega")
    draw_signature(page, "#signature-pad")
    expect(state).to_contain_text("Signed by Luis Ortega")
    expect(state).to_contain_text("Saved on this device")
    assert "strokes" in stored(page, f"s.getDraft('{draft_id}')")["signature"]
    expect(page.locator("#signature-typed")).to_have_value("")
    context.close()
