"""A permittee reporting a finding corrected from the office page, an "after" photo chosen but the
note forgotten, is told at the note before anything is sent: the page stays, the photo stays chosen,
and writing the note then sends both. Before, the form went to the server, came back refused, and
the photo had to be chosen (or taken) again."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, Photo
from tests.browser.test_keyboard_office_form_errors import FOCUSED, PERMITTEE, _open_finding
from tests.sync.helpers import jpeg

from .conftest import sign_in

FORM = "form[action$='/corrected']"


def test_a_forgotten_note_is_said_before_sending_and_the_photo_stays(
    browser, live_server, demo_app, tmp_path
):
    finding_id = _open_finding(demo_app)
    after = tmp_path / "after.jpg"
    after.write_bytes(jpeg())
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server.url, PERMITTEE)
    page.goto(f"{live_server.url}/findings/{finding_id}")
    page.locator(f"{FORM} #photo").set_input_files(str(after))
    page.evaluate("window.sameDocument = true")
    sent = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)

    page.locator(f"{FORM} button[type=submit]").click()

    note = page.locator("#corrected_note")
    expect(note).to_be_focused()
    assert page.evaluate(FOCUSED) == {
        "id": "corrected_note",
        "invalid": "true",
        "said": "Say what was done to correct it.",
    }
    assert sent == [] and page.evaluate("window.sameDocument") is True  # nothing was sent
    assert page.evaluate("document.getElementById('photo').files.length") == 1

    page.keyboard.type("Re-staked the silt fence along the east edge.")
    expect(note).not_to_have_attribute("aria-invalid", "true")  # put right: no longer said wrong
    page.locator(f"{FORM} button[type=submit]").click()
    expect(page.get_by_text("Correction reported. An inspector will verify it.")).to_be_visible()
    with demo_app.app_context():
        session = get_session()
        assert session.get(Finding, finding_id).status == "corrected"
        assert session.exec(select(Photo).where(Photo.finding_id == finding_id)).all() != []
    context.close()
