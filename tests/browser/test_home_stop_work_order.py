"""A permittee whose site is under a stop-work order opens the field app (where it lands after
signing in, on a phone at the site) on that order: which site, since when, its grounds, by when to
comply in the Village's words and time, what § 256-10B says follows, and a way to the order's page.
It was a red pill at the bottom of the site's card ("Stop-work order issued"), below every due
inspection, with no deadline and no link."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site, User
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import stop_work_issuing
from tests.browser.field_home import field_home_as
from tests.support.enforcement import issued_order, record_inspection
from tests.sync.helpers import signature


def test_the_field_home_opens_on_the_permittees_stop_work_order(
    browser, playwright, live_server, demo_app
):
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Main Street"))).one()
        supervisor = db.exec(select(User).where(User.role == "supervisor")).first()
        inspector = db.exec(select(User).where(User.role == "inspector")).first()
        order = issued_order(db, site, supervisor, rb, now=utcnow())
        # Posted on the site when issued: the ten days run from the posting (§ 256-10A).
        stop_work_issuing.record_posting(db, order, user=inspector, now=utcnow(), rb=rb)
        db.commit()
        order_id, due = order.id, order.compliance_due
    # The tenth day's end, at the Village's midnight: named as the day it ends.
    midnight = clocks.to_local(due, rb)
    day = (midnight - timedelta(days=1)).date()
    by = f"{day:%a}, {day:%b} {day.day}, end of the day (midnight {midnight:%Z})"

    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": rb["calendar.timezone"],
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@badger-utility.example", controlled=False
    )
    card = page.locator("#orders-card")
    expect(card).to_be_visible()
    # First on the page, above the overdue inspections.
    headings = page.locator("#home-body h2:visible").all_inner_texts()
    assert headings[:2] == ["Stop-work orders", "Overdue"], headings
    expect(card).to_contain_text("Stop-work order posted on site")
    expect(card).to_contain_text("Main Street Water Main Replacement: issued")
    expect(card).to_contain_text("§ 256-10A(2)")
    expect(card).to_contain_text(f"Comply within 10 days: by {by}.")
    expect(card.locator("blockquote")).to_contain_text(
        "“If the permittee does not cease the activity or comply with the control plan or permit "
        "conditions within 10 days, the Village of Fairwater may revoke the permit.” § 256-10B"
    )
    link = card.get_by_role("link", name="Open the order: what must be done")
    expect(link).to_have_attribute("href", f"/orders/{order_id}")
    link.click()
    expect(page.get_by_role("heading", name="What must be done")).to_be_visible()
    context.close()

    # Another company's permittee is told nothing of it.
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@prairie-builders.example", controlled=False
    )
    expect(page.locator("#orders-card")).to_be_hidden()
    expect(page.get_by_text("Main Street Water Main Replacement")).to_have_count(0)
    context.close()


def test_an_order_where_no_permit_was_issued_quotes_the_cease_and_desist_clause(
    browser, playwright, live_server, demo_app
):
    """On a site whose application is not yet decided, an order for work without a permit
    (§ 256-10A(1)) is followed by § 256-10C, a cease-and-desist order, not by § 256-10B's revoking
    of a permit that was never issued: the home quotes the clause the order's page names."""
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Willow Creek"))).one()
        inspector = db.exec(select(User).where(User.role == "inspector")).first()
        supervisor = db.exec(select(User).where(User.role == "supervisor")).first()
        now = utcnow()
        _, _, orders = record_inspection(
            db, site, rb, at=now - timedelta(hours=2), passed=("PLAN",), user=inspector
        )
        stop_work_issuing.issue(
            db,
            orders[0],
            user=supervisor,
            now=now - timedelta(hours=1),
            rb=rb,
            confirmed=True,
            signature=signature(),
        )
        stop_work_issuing.record_posting(db, orders[0], user=inspector, now=now, rb=rb)
        db.commit()

    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": rb["calendar.timezone"],
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@prairie-builders.example", controlled=False
    )
    entry = page.locator("#orders-list li", has_text="Willow Creek Commercial Lot")
    expect(entry).to_contain_text("§ 256-10A(1)")
    expect(entry).to_contain_text("Cease the activity within 10 days: by")
    expect(entry).not_to_contain_text("Comply")
    expect(entry.locator("blockquote")).to_contain_text(
        "“If the landowner or land user where no permit has been issued does not cease the "
        "activity within 10 days, the Village of Fairwater may request the Village Attorney to "
        "obtain a cease and desist order.” § 256-10C"
    )
    expect(entry).not_to_contain_text("§ 256-10B")
    context.close()


def test_an_order_not_yet_posted_gives_no_date_its_days_run_from_the_posting(
    browser, playwright, live_server, demo_app
):
    """An order issued in the office and not yet posted on the site: the ten days of § 256-10B
    run from its posting, so the home names no day to comply by."""
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name.startswith("Main Street"))).one()
        supervisor = db.exec(select(User).where(User.role == "supervisor")).first()
        issued_order(db, site, supervisor, rb, now=utcnow() - timedelta(days=30))

    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": rb["calendar.timezone"],
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@badger-utility.example", controlled=False
    )
    entry = page.locator("#orders-list li", has_text="Main Street Water Main Replacement")
    expect(entry).to_contain_text("Stop-work order issued")
    expect(entry).to_contain_text(
        "Not yet posted on the site: comply within 10 days from its posting on the site."
    )
    expect(entry).not_to_contain_text("by ")
    expect(entry).not_to_contain_text("ended")
    context.close()
