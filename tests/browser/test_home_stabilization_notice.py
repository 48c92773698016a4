"""A permittee who has told the Village its site is finally stabilized opens the field app on a
phone, with no signal: the site's card says the notice was given and that its inspections stay due
until the Village closes the permit. Before, the card listed them as due with no word of it."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Permit, Site, User
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import stabilization
from tests.browser.field_home import field_home_as

SITE = "Main Street Water Main Replacement"


def test_the_card_says_the_notice_waits_and_inspections_stay_due_offline(
    browser, playwright, live_server, demo_app
):
    rb = demo_app.extensions["rulebook"]
    now = utcnow()
    with Session(demo_app.extensions["engine"]) as db:
        site = db.exec(select(Site).where(Site.name == SITE)).one()
        permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
        permittee = db.exec(
            select(User).where(User.email == "permittee@badger-utility.example")
        ).one()
        stabilization.notify(
            db,
            permit,
            user=permittee,
            stabilized_on=clocks.local_date(now, rb) - timedelta(days=1),
            description="Seeded and mulched, silt fence removed",
            now=now,
            rb=rb,
        )
        db.commit()
    today = clocks.local_date(now, rb)
    phone = {
        **playwright.devices["iPhone 12"],
        "viewport": {"width": 390, "height": 844},
        "timezone_id": rb["calendar.timezone"],
    }
    context, page = field_home_as(
        browser, phone, live_server.url, "permittee@badger-utility.example"
    )
    context.set_offline(True)
    live_server.stop()
    page.reload()
    card = page.locator(".site-card", has_text=SITE)
    expect(card.locator(".site-stabilization")).to_have_text(
        f"Final stabilization notified {today:%a}, {today:%b} {today.day}: inspections stay due "
        "until the Village closes the permit."
    )
    expect(card.locator(".site-due")).to_contain_text("Weekly inspection")
    # Another company's site says nothing of it.
    other = page.locator(".site-card", has_not_text=SITE)
    expect(other.locator(".site-stabilization")).to_have_count(0)
    context.close()
