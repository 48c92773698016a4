"""A site under two stop-work orders at once: one issued in the office and not yet posted, and one an
inspector posted in the field, whose ten days already run. The field home showed one order per
site, the office's ("Not yet posted on the site: comply within 10 days from its posting"), so the
permittee, offline at the site, never read of the posted order or its deadline, and the
inspector's card named only one. Each order now has its own entry, deadline and link."""

from __future__ import annotations

import uuid
from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Site, User
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import stop_work_issuing
from tests.browser.field_home import field_home_as
from tests.browser.page_ready import wait_ready
from tests.support.enforcement import issued_order

SITE = "Main Street Water Main Replacement"


def two_orders(demo_app):
    """An order issued yesterday and not posted, and one posted in the field an hour ago:
    (the issued order's id, the posted order's id, the posted order's last day in words)."""
    engine = demo_app.extensions["engine"]
    rb = demo_app.extensions["rulebook"]
    with Session(engine) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        supervisor = db.exec(select(User).where(User.role == "supervisor")).first()
        inspector = db.exec(select(User).where(User.role == "inspector")).first()
        office = issued_order(db, site, supervisor, rb, now=utcnow() - timedelta(days=1))
        field = stop_work_issuing.post_in_field(
            db,
            order_id=str(uuid.uuid4()),
            site=site,
            user=inspector,
            grounds=["conditions_not_met"],
            posted_at=utcnow() - timedelta(hours=1),
            notes="Mud tracked onto Main Street; no stone entrance",
            photo_ids=[],
            now=utcnow(),
            rb=rb,
        )
        db.commit()
        midnight = clocks.to_local(field.compliance_due, rb)
        day = (midnight - timedelta(days=1)).date()
        by = f"{day:%a}, {day:%b} {day.day}, end of the day (midnight {midnight:%Z})"
        return office.id, field.id, by


def test_a_permittee_offline_reads_both_orders_each_with_its_deadline(
    browser, playwright, live_server, demo_app
):
    office_id, field_id, by = two_orders(demo_app)
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": demo_app.extensions["rulebook"]["calendar.timezone"],
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@badger-utility.example"
    )
    context.set_offline(True)  # at the site, no signal: from the device alone
    page.reload()
    wait_ready(page, "home")
    entries = page.locator("#orders-list li", has_text=SITE)
    expect(entries).to_have_count(2)
    posted = entries.filter(has_text="Stop-work order posted on site")
    expect(posted).to_contain_text("§ 256-10A(3)")
    expect(posted).to_contain_text(f"Comply within 10 days: by {by}.")
    expect(posted.get_by_role("link")).to_have_attribute("href", f"/orders/{field_id}")
    issued = entries.filter(has_text="Stop-work order issued")
    expect(issued).to_contain_text("§ 256-10A(2)")
    expect(issued).to_contain_text("Not yet posted on the site")
    expect(issued.get_by_role("link")).to_have_attribute("href", f"/orders/{office_id}")
    # The two links are told apart by what a screen reader says of them.
    names = [link.get_attribute("aria-label") for link in page.locator("#orders-list a").all()]
    assert len(set(names)) == 2, names
    context.close()


def test_an_inspectors_site_card_names_both_orders_with_their_days_and_pages(
    browser, live_server, demo_app, tablet
):
    office_id, field_id, by = two_orders(demo_app)
    context, page = field_home_as(browser, tablet, live_server.url, "inspector@fairwater.example")
    context.set_offline(True)
    page.reload()
    wait_ready(page, "home")
    card = page.locator(".site-card").filter(has_text=SITE)
    lines = card.locator(".site-order")
    expect(lines).to_have_count(2)
    # The badge's words run on into when: "issued on …", not "issued issued …".
    expect(lines.nth(0)).to_contain_text("Stop-work order issued on ")
    expect(lines.nth(0)).to_contain_text("; not yet posted on the site.")
    expect(lines.nth(1)).to_contain_text("Stop-work order posted on site on ")
    expect(lines.nth(1)).to_contain_text(f"10 days to comply: by {by}.")
    expect(lines.nth(0).get_by_role("link")).to_have_attribute("href", f"/orders/{office_id}")
    expect(lines.nth(1).get_by_role("link")).to_have_attribute("href", f"/orders/{field_id}")
    expect(
        card.get_by_role("link", name=f"Open the order at {SITE} (Stop-work order posted on site")
    ).to_have_count(1)
    context.close()
