"""The field home's finding buttons name the checklist item by its title, as the office pages do, and two
findings of the same item at a site are told apart by when each is due."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Site, User
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections
from sync.handlers import SyncContext
from tests.sync.helpers import checklist_codes, inspection_payload

from .capture_packet import wait_for_controller
from .conftest import sign_in
from .test_finding_offline import PERMITTEE, SITE

INSPECTOR = "inspector@fairwater.example"


def _two_findings_of_one_item(demo_app) -> str:
    """Two weekly inspections a day apart, each failing the same item: two open findings of it."""
    with demo_app.app_context():
        session = get_session()
        site = session.exec(select(Site).where(Site.name == SITE)).one()
        author = session.exec(select(User).where(User.email == PERMITTEE)).one()
        code = checklist_codes(site, default())[0]
        for day in ("2026-11-30", "2026-12-01"):
            payload = inspection_payload(
                site,
                fail=(code,),
                inspected_on=day,
                started_at=f"{day}T15:00:00Z",
                ended_at=f"{day}T15:40:00Z",
            )
            ctx = SyncContext(user=author, device_id="office", now=utcnow(), rb=default())
            assert (
                inspections.apply_submission(session, payload, str(uuid.uuid4()), ctx)[1]
                == "applied"
            )
        session.commit()
    return code


def _names(page, start: str) -> list[str]:
    links = page.get_by_role("link", name=start)
    expect(links.first).to_be_visible()
    return [links.nth(i).inner_text() for i in range(links.count())]


def test_finding_buttons_name_the_item_and_tell_two_apart(browser, live_server, demo_app, tablet):
    code = _two_findings_of_one_item(demo_app)
    title = f"{default().checklist_item(code)['title']} ({code})"
    for email, verb in ((PERMITTEE, "Report correction: "), (INSPECTOR, "Follow up ")):
        context = browser.new_context(**tablet)
        page = context.new_page()
        sign_in(page, live_server.url, email)
        page.goto(f"{live_server.url}/app/")
        wait_for_controller(page)
        expect(page.locator("body[data-ready=home]")).to_be_attached()
        names = _names(page, verb)
        assert not [n for n in names if f"{verb}{code}" in n], names  # no bare code
        mine = [n for n in names if n.startswith(f"{verb}{title}")]
        assert len(mine) == 2, names
        assert len(set(mine)) == 2, mine  # the two read differently
        assert all("due" in n for n in mine), mine
        context.close()
