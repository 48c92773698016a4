"""Two office forms sent with the keyboard and something missing say it in the page, in the app's
words, at the field: a finding's correction with no note, and a stop-work order with its "I confirm"
box not ticked. Before, the browser's own bubble ("Please fill in this field") said it, in the
browser's words, gone at the next key. Now the page opens on the field, marked invalid, its error
read as its description; nothing is recorded, and the order's signature is kept."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, StopWorkOrder, User
from inspector.services import findings
from tests.browser.keyboard import tab_to
from tests.browser.pages_world import AXE
from tests.browser.test_enforcement import push_two_failed_inspections

from .conftest import sign_in

PERMITTEE = "permittee@prairie-builders.example"

# The focused field's state: marked invalid, and what its description (aria-describedby) says.
FOCUSED = """() => {
  const el = document.activeElement;
  const said = (el?.getAttribute('aria-describedby') || '').split(/\\s+/)
    .map((id) => document.getElementById(id)?.textContent.trim() || '').join(' ').trim();
  return { id: el?.id || el?.name || el?.tagName, invalid: el?.getAttribute('aria-invalid'), said };
}"""


# axe-core's serious and critical violations on the page as it is.
SERIOUS = """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)"""


def _no_serious_violations(page) -> None:
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(SERIOUS) == []


def _open_finding(demo_app) -> str:
    with demo_app.app_context():
        session = get_session()
        user = session.exec(select(User).where(User.email == PERMITTEE)).one()
        query = findings.visible_query(user).where(Finding.status == "open")
        return session.exec(query.order_by(Finding.id)).first().id


def test_a_correction_without_its_note_is_said_at_the_note(browser, live_server, demo_app):
    finding_id = _open_finding(demo_app)
    # axe is injected as a script tag: this context lets it past the page's CSP.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page = context.new_page()
    sign_in(page, live_server.url, PERMITTEE)
    page.goto(f"{live_server.url}/findings/{finding_id}")

    tab_to(page, "form[action$='/corrected'] button[type=submit]")
    page.keyboard.press("Enter")

    note = page.locator("#corrected_note")
    expect(note).to_have_attribute("aria-invalid", "true")
    expect(note).to_be_focused()
    assert page.evaluate(FOCUSED) == {
        "id": "corrected_note",
        "invalid": "true",
        "said": "Say what was done to correct it.",
    }
    with demo_app.app_context():
        assert get_session().get(Finding, finding_id).status == "open"  # nothing recorded
    _no_serious_violations(page)

    page.keyboard.type("Re-staked the silt fence along the east edge.")
    tab_to(page, "form[action$='/corrected'] button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Correction reported. An inspector will verify it.")).to_be_visible()
    with demo_app.app_context():
        assert get_session().get(Finding, finding_id).status == "corrected"
    context.close()


def test_an_order_not_confirmed_is_said_at_the_box_and_keeps_its_signature(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    field = browser.new_context(**tablet)
    sign_in(field.new_page(), base, "inspector@fairwater.example")
    site_id = push_two_failed_inspections(field.request, base, demo_app)
    field.close()
    with demo_app.app_context():
        order_id = (
            get_session()
            .exec(
                select(StopWorkOrder.id).where(
                    StopWorkOrder.site_id == site_id, StopWorkOrder.status == "proposed"
                )
            )
            .one()
        )

    office = browser.new_context(**tablet, bypass_csp=True)
    page = office.new_page()
    sign_in(page, base, "supervisor@fairwater.example")
    page.goto(f"{base}/orders/{order_id}")
    tab_to(page, "#order-signature-typed")
    page.keyboard.type("Dana Kowalski")
    page.keyboard.press("Enter")
    signed = "Signed by typing the name Dana Kowalski."
    expect(page.locator("#order-signature-state")).to_have_text(signed)

    tab_to(page, "form[action$='/issue'] button[type=submit]")  # past the unticked box
    page.keyboard.press("Enter")

    box = page.locator("input[name=confirm]")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_be_focused()
    said = page.evaluate(FOCUSED)
    assert said["said"] == (
        "Confirm that you mean to issue this order: it suspends the permit and stops all land "
        "disturbing activity on the site."
    )
    expect(page.locator("#order-signature-state")).to_have_text(signed)  # not signed again
    with demo_app.app_context():
        assert get_session().get(StopWorkOrder, order_id).status == "proposed"
    _no_serious_violations(page)

    page.keyboard.press("Space")
    tab_to(page, "form[action$='/issue'] button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Stop-work order issued. Print the notice")).to_be_visible()
    expect(page.locator(".signature-block")).to_contain_text(signed[:-1])
    office.close()
