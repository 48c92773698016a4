"""A permittee's office pages on a phone held upright (390 px wide, touch): the page never runs past
the screen's edge, so nothing is cut off and nothing needs a sideways scroll. Checked on the pages a
site manager opens at the site: the site's page with its public records page on (its long address
and the sign buttons), an inspection report with its drawn signature, and a stop-work order's page
with the supervisor's and its printable notice (the address under its code)."""

from __future__ import annotations

from sqlmodel import Session, select

from inspector.models import Inspection, Site, User
from inspector.models.base import utcnow
from tests.browser.conftest import sign_in
from tests.support.enforcement import issued_order

PAST_THE_EDGE = """() => {
  const width = document.documentElement.clientWidth;
  const past = [...document.querySelectorAll('main *')]
    .filter((e) => !e.closest('.table-wrap') && e.getBoundingClientRect().right > width + 1)
    .map((e) => `${e.tagName.toLowerCase()}${e.className.baseVal === undefined && e.className
      ? '.' + e.className : ''} ${(e.getAttribute('aria-label') || e.textContent).trim().slice(0, 50)}`);
  return { scrolls: document.documentElement.scrollWidth > width, past };
}"""


def phone(playwright):
    return {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": "America/Chicago",
    }


def fits(page) -> dict:
    page.wait_for_load_state()
    return page.evaluate(PAST_THE_EDGE)


def test_a_permittees_pages_fit_a_phone(browser, playwright, live_server, demo_app):
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        meadow = db.exec(select(Site).where(Site.name.startswith("Meadow Ridge"))).one()
        main_street = db.exec(select(Site).where(Site.name.startswith("Main Street"))).one()
        report = db.exec(
            select(Inspection)
            .where(Inspection.site_id == meadow.id, Inspection.signature.is_not(None))
            .order_by(Inspection.started_at.desc())
        ).first()
        supervisor = db.exec(select(User).where(User.role == "supervisor")).first()
        order = issued_order(db, main_street, supervisor, rb, now=utcnow())
        meadow_id, report_id, order_id = meadow.id, report.id, order.id

    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@prairie-builders.example")

    page.goto(f"{live_server.url}/sites/{meadow_id}")
    assert page.locator("a.public-url").is_visible()  # the demo's public page is on
    assert fits(page) == {"scrolls": False, "past": []}

    page.goto(f"{live_server.url}/inspections/{report_id}")
    assert page.get_by_role("img", name="Signature of Sam Lindqvist").is_visible()
    assert fits(page) == {"scrolls": False, "past": []}
    context.close()

    context = browser.new_context(**phone(playwright))
    page = context.new_page()
    sign_in(page, live_server.url, "permittee@badger-utility.example")
    page.goto(f"{live_server.url}/orders/{order_id}")
    assert page.get_by_role("img", name="Signature of Dana Kowalski").is_visible()
    assert fits(page) == {"scrolls": False, "past": []}

    page.get_by_role("link", name="Printable notice").click()  # the notice posted on the site
    assert page.get_by_role("heading", name="STOP-WORK ORDER").is_visible()
    assert fits(page) == {"scrolls": False, "past": []}
    context.close()
