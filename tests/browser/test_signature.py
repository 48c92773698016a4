"""Signed on the tablet: submitting unsigned is refused on the device with nothing
lost; a signature drawn at the end of the form is in the draft as soon as the stroke ends and
survives the tablet being turned, the page being reloaded and reloaded again with no network;
the inspection then submits offline and reaches the server, signed, when the network returns. A
lapsed certification is warned about at the top of the form."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Inspection
from tests.browser.capture_packet import (
    INK,
    draw_signature,
    sign,
    stored,
    wait_for_controller,
)
from tests.browser.conftest import sign_in
from tests.browser.test_capture_drafts import packet_tablet_that_can_fill, start_weekly

SITE = "Meadow Ridge Subdivision, Phase 2"


def open_weekly(page, base_url: str) -> str:
    page.goto(f"{base_url}/app/")
    page.get_by_role("link", name=f"Weekly inspection at {SITE}").click()
    page.wait_for_selector("body[data-ready=capture]")
    return page.url.split("draft=")[1]


def test_a_signature_survives_rotation_reload_and_offline_and_reaches_the_server(
    browser, live_server, demo_app, tablet
):
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "inspector@fairwater.example")
    page.goto(f"{live_server.url}/app/")
    wait_for_controller(page)
    page.locator(".site-card").first.wait_for()
    draft_id = open_weekly(page, live_server.url)
    for code in stored(page, "s.getSite('1')")["checklist_codes"]:
        page.locator(f"label[for='r-{code}-pass']").click()

    # Unsigned: refused on the device, in plain words, and the answers stay.
    page.get_by_role("button", name="Submit inspection").click()
    expect(page.locator("#signature-error")).to_contain_text("Sign the inspection")
    assert page.locator("body[data-ready=capture]").count() == 1
    assert stored(page, "s.listOutbox()") == []
    assert all(
        a["result"] == "pass" for a in stored(page, f"s.getDraft('{draft_id}')")["answers"].values()
    )

    sign(page)
    draft = stored(page, f"s.getDraft('{draft_id}')")
    strokes = draft["signature"]["strokes"]
    assert len(strokes) == 2 and draft["signed_by_name"] == "Luis Ortega"
    assert (
        draft["signature_statement_version"]
        == demo_app.extensions["rulebook"]["certification.current"]
    )
    drawn = page.evaluate(INK)
    assert drawn > 0

    # Turned on its side: the canvas is resized (signature_pad clears it) and redrawn from the points.
    view = page.viewport_size
    page.set_viewport_size({"width": view["height"], "height": view["width"]})
    page.wait_for_function(INK)
    assert page.evaluate(INK) > 0
    assert stored(page, f"s.getDraft('{draft_id}')")["signature"]["strokes"] == strokes

    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    page.wait_for_function(INK)
    expect(page.locator("#signature-state")).to_contain_text("Signed by Luis Ortega")

    # No network at all: the app and the draft come from the device; the signature is still there.
    context.set_offline(True)
    live_server.stop()
    page.reload()
    page.wait_for_selector("body[data-ready=capture]")
    page.wait_for_function(INK)
    assert stored(page, f"s.getDraft('{draft_id}')")["signature"]["strokes"] == strokes
    page.get_by_role("button", name="Submit inspection").click()
    page.wait_for_selector("body[data-ready=outbox]")
    expect(page.locator("#outbox-list .outbox-state")).to_have_text("On this device only")
    [entry] = stored(page, "s.listOutbox()")
    assert entry["payload"]["signature"]["strokes"] == strokes

    live_server.start()
    context.set_offline(False)
    page.locator("#sent-list .outbox-entry").wait_for(timeout=20000)
    with demo_app.app_context():
        row = get_session().exec(select(Inspection).where(Inspection.id == draft_id)).one()
        assert row.signature["strokes"] == strokes and row.signed_by_name == "Luis Ortega"
        assert row.sha256 == entry["payload"]["sha256"]
    context.close()


def test_a_lapsed_certification_is_warned_about_on_the_tablet(
    browser, live_server, demo_app, tablet
):
    # The demo permittee's certification lapsed 20 days ago (inspector/demo.py).
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")
    page.goto(f"{live_server.url}/app/")
    page.locator(".site-card").first.wait_for()
    page.get_by_role("link", name="Weekly inspection at").first.click()
    page.wait_for_selector("body[data-ready=capture]")
    warning = page.locator("#cert-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("certification (CE-7781) expired on")
    # The permittee signs under the permittee's statement (a self-inspection).
    expect(page.locator("#cert-statement")).to_contain_text("§ 256-8D(3)(g)")
    context.close()


def test_a_signature_is_said_saved_only_once_it_is_saved(browser, live_server, demo_app, tablet):
    """The words under the signature box say "Saved on this device" when the draft holding the
    signature is saved: never while it is still being saved, nor when it could not be (storage full)."""
    context, page = packet_tablet_that_can_fill(browser, tablet, live_server.url, demo_app)
    draft_id = start_weekly(page, live_server.url)
    page.evaluate("() => { self.__storageFull = true; }")
    draw_signature(page, "#signature-pad")
    expect(page.locator("#save-state.failed")).to_contain_text("storage is full")
    state = page.locator("#signature-state")
    expect(state).to_contain_text("Signed by")
    assert "NOT saved on this device" in state.text_content()
    assert stored(page, f"s.getDraft('{draft_id}')").get("signature") is None
    context.close()
