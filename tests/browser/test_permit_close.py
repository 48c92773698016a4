"""A supervisor closes the permit of a finally stabilized site from its page, with the keyboard; the
permittee's field home then lists no inspection due for that site, and its card says why."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import User
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import control_plans, permit_applications, sites
from tests.browser.conftest import sign_in
from tests.browser.test_shared_tablet_drafts import PRAIRIE, open_home_as
from tests.support.enforcement import record_inspection

SITE = "Willow Bend Lots, finished"
NOTE = "Final inspection today: vegetation established, silt fence removed"


def finished_site(demo_app) -> int:
    """A Prairie Builders site under an issued permit, last inspected with no land disturbance
    under way; the permit's id."""
    rb = default()
    today = clocks.local_date(utcnow(), rb)
    with Session(demo_app.extensions["engine"]) as db:
        people = {u.email: u for u in db.exec(select(User))}
        boss = people["supervisor@fairwater.example"]
        site = sites.create_site(
            db,
            {
                "name": SITE,
                "address": "40 Willow Bend",
                "project_kind": "land_disturbance",
                "area_acres": 8.0,
                "disturbed_acres": 6.0,
            },
            user=boss,
        )
        received = today - timedelta(days=60)
        permit = permit_applications.apply(
            db,
            site=site,
            company_id=people[PRAIRIE].company_id,
            applicant_name="Prairie Builders LLC",
            received_on=received,
            fee_paid_on=received,
            building_permit_until=None,
            user=boss,
            today=today,
        )
        for d in rb["control_plan_documents"]:
            control_plans.add_document(
                db, permit, kind=d["kind"], filename="plan.pdf", data=b"%PDF-1.4", user=boss, rb=rb
            )
        permit_applications.issue(db, permit, site=site, user=boss, issued_on=received, rb=rb)
        db.commit()
        record_inspection(
            db,
            site,
            rb,
            at=utcnow() - timedelta(days=9),
            passed=("INLET",),
            active=False,
            user=people["inspector@fairwater.example"],
        )
        return permit.id


def test_a_supervisor_closes_a_permit_and_the_permittee_owes_no_weekly_inspection(
    browser, tablet, live_server, demo_app
):
    url = live_server.url
    permit_id = finished_site(demo_app)
    due = f"Start: {SITE}"  # the link of the site's entry under Overdue, Due today, Due this week

    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    overdue = page.locator("#due-overdue")
    expect(overdue.get_by_role("link", name=due)).to_have_count(1)  # last inspected 9 days ago
    expect(overdue).to_contain_text("Weekly inspection")
    context.close()

    office = browser.new_context(viewport={"width": 1280, "height": 900})
    page = office.new_page()
    sign_in(page, url, "supervisor@fairwater.example")
    page.goto(f"{url}/permits/{permit_id}")
    expect(
        page.get_by_role("heading", name="Close the permit: the site is finally stabilized")
    ).to_be_visible()
    note = page.get_by_label("What the Village verified")
    note.focus()
    page.keyboard.type(NOTE)
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Close the permit")).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    today = clocks.local_date(utcnow(), default()).isoformat()
    expect(page.locator(".clocks")).to_contain_text(f"Closed on {today} by Dana Kowalski")
    expect(page.locator(".clocks")).to_contain_text(NOTE)
    expect(page.locator(".history")).to_contain_text(f"by Dana Kowalski: {NOTE}")
    office.close()

    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, url, PRAIRIE, "Sam Lindqvist")
    expect(page.locator("main")).to_contain_text(SITE)
    expect(page.get_by_role("link", name=due)).to_have_count(0)
    expect(page.locator("main")).to_contain_text("Permit closed: the site is finally stabilized")
    context.close()
