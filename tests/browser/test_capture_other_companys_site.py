"""A link to a site that is not the person's (another company's, shared in a message) opened the
capture page with "Open My sites while online to fetch it.", which can never help: the site is never
sent to this person. The page says it may be another company's site, and leads back to My sites."""

from __future__ import annotations

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Site
from tests.browser.capture_packet import wait_for_controller
from tests.browser.test_shared_tablet_drafts import PRAIRIE, open_home_as


def test_another_companys_site_is_said_to_be_maybe_not_yours(
    browser, tablet, live_server, demo_app
):
    with demo_app.app_context():
        badger = get_session().exec(select(Site).where(Site.name.contains("Lake Avenue"))).first()
    assert badger is not None
    context = browser.new_context(**tablet)
    page = context.new_page()
    open_home_as(page, live_server.url, PRAIRIE, "Sam Lindqvist")
    wait_for_controller(page)
    page.goto(f"{live_server.url}/app/inspect?site={badger.id}")
    problem = page.locator("#inspect-problem")
    expect(problem).to_contain_text("it may be another company's site, which you cannot inspect")
    expect(problem).not_to_contain_text("to fetch it")
    problem.get_by_role("link", name="Back to My sites").click()
    page.wait_for_selector("body[data-ready=home]")
    context.close()
