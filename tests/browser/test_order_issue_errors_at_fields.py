"""The order page's issue form says a refusal about its grounds or its signature at that fieldset, as
it says an unticked confirmation at its box: the page opens on the field, marked invalid, the refusal
read as its description, and nothing at the top of the page. Before, both were said at the top,
away from what was to be fixed."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import StopWorkOrder
from tests.browser.test_enforcement import push_two_failed_inspections
from tests.browser.test_keyboard_office_form_errors import FOCUSED, _no_serious_violations

from .conftest import sign_in

ISSUE = "form[action$='/issue']"


def _proposed_order(browser, tablet, base, demo_app) -> str:
    field = browser.new_context(**tablet)
    sign_in(field.new_page(), base, "inspector@fairwater.example")
    site_id = push_two_failed_inspections(field.request, base, demo_app)
    field.close()
    with demo_app.app_context():
        return (
            get_session()
            .exec(
                select(StopWorkOrder.id).where(
                    StopWorkOrder.site_id == site_id, StopWorkOrder.status == "proposed"
                )
            )
            .one()
        )


def test_grounds_and_signature_refusals_are_said_at_their_fieldsets(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    order_id = _proposed_order(browser, tablet, base, demo_app)
    office = browser.new_context(**tablet, bypass_csp=True)
    page = office.new_page()
    sign_in(page, base, "supervisor@fairwater.example")
    page.goto(f"{base}/orders/{order_id}")
    form = page.locator(ISSUE)

    # No ground ticked.
    for box in form.locator("input[name=grounds]").all():
        box.uncheck()
    form.locator("input[name=confirm]").check()
    form.get_by_role("button", name="Issue stop-work order").click()
    first = page.locator(f"{ISSUE} input[name=grounds]").first
    expect(first).to_have_attribute("aria-invalid", "true")
    expect(first).to_be_focused()
    said = page.evaluate(FOCUSED)["said"]
    assert said.startswith("An order needs at least one ground"), said
    expect(page.locator(f"{ISSUE} fieldset").first).to_contain_text(said)
    expect(page.locator("main .flash-error")).to_have_count(0)
    _no_serious_violations(page)

    # Grounds ticked, confirmed, not signed.
    form.locator("input[name=grounds]").first.check()
    form.locator("input[name=confirm]").check()
    form.get_by_role("button", name="Issue stop-work order").click()
    typed = page.locator("#order-signature-typed")
    expect(typed).to_have_attribute("aria-invalid", "true")
    expect(typed).to_be_focused()
    said = page.evaluate(FOCUSED)["said"]
    assert said.startswith("Sign the order"), said
    expect(page.locator(f"{ISSUE} fieldset.signature-card")).to_contain_text(said.split(". ")[0])
    expect(page.locator("main .flash-error")).to_have_count(0)
    _no_serious_violations(page)
    with demo_app.app_context():
        assert get_session().get(StopWorkOrder, order_id).status == "proposed"
    office.close()
