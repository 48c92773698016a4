"""The field findings page says when a finding's "Found" is the checklist's description of a failure
(no note was written), as the finding's page and PDF do."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Site
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from tests.support.enforcement import record_inspection
from tests.web.test_found_in_older_words import OLD_WORDS, older_catalog

from .capture_packet import wait_for_controller
from .conftest import sign_in
from .test_finding_offline import PERMITTEE, SITE


def inlet_failed_without_note_on_the_tablet(browser, live_server, demo_app, tablet, catalog):
    """An INLET failure recorded two hours ago under `catalog` with no note, and the permittee's
    tablet on its field findings page: (context, the finding's card)."""
    with demo_app.app_context():
        session = get_session()
        site = session.exec(select(Site).where(Site.name == SITE)).one()
        _, [finding], _ = record_inspection(
            session,
            site,
            catalog,
            at=utcnow() - timedelta(hours=2),
            failed=("INLET",),
            evaluate=False,
        )
        finding_id = finding.id
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, live_server.url, PERMITTEE)
    page.goto(f"{live_server.url}/app/findings")
    wait_for_controller(page)
    return context, page.locator(f"article[data-finding='{finding_id}']")


def test_the_field_findings_page_says_no_note_was_written(browser, live_server, demo_app, tablet):
    rb = default()
    context, card = inlet_failed_without_note_on_the_tablet(
        browser, live_server, demo_app, tablet, rb
    )
    failure = rb.checklist_item("INLET")["failure"]
    expect(card).to_contain_text(
        f"No note written; the checklist describes this failure as: {failure}"
    )
    context.close()


def test_checklist_words_since_reworded_still_say_no_note_was_written(
    browser, live_server, demo_app, tablet
):
    # Recorded under an older wording of INLET's failure: the device's catalog words it otherwise.
    context, card = inlet_failed_without_note_on_the_tablet(
        browser, live_server, demo_app, tablet, older_catalog()
    )
    expect(card).to_contain_text(
        f"No note written; the checklist describes this failure as: {OLD_WORDS}"
    )
    context.close()
