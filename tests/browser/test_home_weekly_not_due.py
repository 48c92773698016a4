"""The field home does not put a weekly inspection forward as the next thing to do at a site that
has no inspection schedule (a permit not issued yet, or closed): the server still takes one, so it
stays on offer, but plain, with the reason beside it; a site under an issued permit keeps it primary."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from sqlmodel import Session, select

from inspector.models import Permit, User
from inspector.services import permit_duration
from tests.browser.test_permit_close import SITE, finished_site
from tests.browser.test_shared_tablet_drafts import PRAIRIE, open_home_as

WAITING = "Willow Creek Commercial Lot"  # the demo's application, not issued yet
ISSUED = "Fairwater Cooperative Grain Annex"
PRIMARY = re.compile(r"\bbtn-primary\b")


def _card(page, name):
    return page.locator(".site-card").filter(has=page.get_by_role("heading", name=name, exact=True))


def _weekly(card, name):
    return card.get_by_role("link", name=f"Weekly inspection at {name}")


def test_a_weekly_inspection_is_not_the_primary_action_where_none_is_due(
    browser, tablet, live_server, demo_app
):
    permit_id = finished_site(demo_app)
    with Session(demo_app.extensions["engine"]) as db:
        boss = db.exec(select(User).where(User.email == "supervisor@fairwater.example")).one()
        permit_duration.close(
            db, db.get(Permit, permit_id), user=boss, note="Vegetation established"
        )
        db.commit()

    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, live_server.url, PRAIRIE, "Sam Lindqvist")

    waiting = _card(page, WAITING)
    expect(waiting).to_contain_text("inspections start when it is issued")
    expect(_weekly(waiting, WAITING)).to_be_visible()
    expect(_weekly(waiting, WAITING)).not_to_have_class(PRIMARY)
    expect(waiting.locator(".site-actions")).to_contain_text(
        "Not due here. Permit not issued yet: inspections start when it is issued."
    )

    closed = _card(page, SITE)
    expect(_weekly(closed, SITE)).to_be_visible()
    expect(_weekly(closed, SITE)).not_to_have_class(PRIMARY)
    expect(closed.locator(".site-actions")).to_contain_text("Not due here. Permit closed")

    issued = _card(page, ISSUED)
    expect(_weekly(issued, ISSUED)).to_have_class(PRIMARY)
    expect(issued.locator(".site-actions")).not_to_contain_text("Not due here")
    context.close()
