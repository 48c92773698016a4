"""A finding's correction kept on the tablet whose finding no longer needs one is shown, never lost
unseen. Before, a permittee's note and "after" photo, kept until queued, stayed on the tablet for ever
but showed nowhere once the finding was closed or reported corrected from the office (learned at the
next pull): the findings page offered no form and said nothing. Now the findings page lists each such
correction under its own heading, with the finding, the site, the note, the photo and why it is not
needed, offline too, only to the person who typed it, until that person discards it (confirmed).
Signing out keeps it, and a rain reading typed, for when that person signs in again."""

from __future__ import annotations

import json
import uuid

import pytest
from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, Site, User
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import finding_repairs, inspections
from sync.handlers import SyncContext
from tests.browser.capture_packet import stored
from tests.browser.test_correction_kept import (
    NOTE,
    card_of,
    open_findings,
    server_changes,
    type_correction,
)
from tests.browser.test_finding_offline import (
    PERMITTEE,
    SITE,
    permittee_tablet_with_a_new_finding,
    wait_until,
)
from tests.browser.test_shared_tablet_drafts import open_home_as
from tests.sync.helpers import inspection_payload

HEADING = "Kept on this tablet: the finding no longer needs a correction"
PHOTO_KEPT = "“After” photo kept on this tablet"
WHY = {
    "closed": "This finding is now closed: it needs no correction.",
    "corrected": "This finding was already reported corrected (from the office or another device)",
    "withdrawn": "This finding was withdrawn as recorded in error",
}


def correction_from_the_office(demo_app, finding_id):
    with demo_app.app_context():
        session = get_session()
        permittee = session.exec(select(User).where(User.email == PERMITTEE)).one()
        finding_repairs.mark_corrected(
            session,
            session.get(Finding, finding_id),
            user=permittee,
            note="Reported from the office",
            now=utcnow(),
        )
        session.commit()


def inspection_corrected_from_the_office(demo_app, inspection_id):
    """The permittee's office corrects the inspection: the item was pressed "fail" by mistake."""
    with demo_app.app_context():
        session = get_session()
        site = session.exec(select(Site).where(Site.name == SITE)).one()
        author = session.exec(select(User).where(User.email == PERMITTEE)).one()
        correction = inspection_payload(
            site, replaces_id=inspection_id, inspector_name="Dana Prairie"
        )
        ctx = SyncContext(user=author, device_id="office", now=utcnow(), rb=default())
        outcome = inspections.apply_submission(session, correction, str(uuid.uuid4()), ctx)
        assert outcome[1] == "applied"
        session.commit()


def kept_then_not_needed(browser, live_server, demo_app, tablet, change):
    """The permittee types a correction (kept, not sent); then the server closes the finding or
    takes a correction from the office, and the tablet pulls it. (context, page, finding id, key)."""
    url = live_server.url
    context, page, _site, finding_id, inspection_id = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    open_findings(page, url)
    type_correction(page, finding_id)
    user_id = stored(page, "s.getMeta('user')")["id"]
    key = f"correction_draft:{user_id}:{finding_id}"
    wait_until(
        page,
        f"s.getMeta('{key}').then((v) => v?.note === {json.dumps(NOTE)} && Boolean(v.photo_id))",
    )
    if change == "closed":
        server_changes(demo_app, finding_id, reopen=False)
    elif change == "withdrawn":
        inspection_corrected_from_the_office(demo_app, inspection_id)
    else:
        correction_from_the_office(demo_app, finding_id)
    page.goto(f"{url}/app/")
    wait_until(
        page,
        f"s.listFindings().then((f) => f.some((x) => x.id === '{finding_id}' "
        f"&& x.status === '{change}'))",
        timeout_s=30,
    )
    return context, page, finding_id, key


@pytest.mark.parametrize("change", ["closed", "corrected", "withdrawn"])
def test_a_kept_correction_no_longer_needed_is_shown_until_discarded(
    browser, live_server, demo_app, tablet, change
):
    url = live_server.url
    context, page, finding_id, key = kept_then_not_needed(
        browser, live_server, demo_app, tablet, change
    )
    photo_id = stored(page, f"s.getMeta('{key}')")["photo_id"]
    context.set_offline(True)
    open_findings(page, url)
    expect(card_of(page, finding_id).get_by_label("What was done")).to_have_count(0)
    section = page.get_by_role("region", name=HEADING)
    card = section.locator(f"[data-kept='{finding_id}']")
    expect(card).to_contain_text(NOTE)
    expect(card).to_contain_text(SITE)
    expect(card).to_contain_text(WHY[change])
    expect(card.get_by_role("img", name=PHOTO_KEPT)).to_be_visible()

    # "Keep it" removes nothing.
    card.get_by_role("button", name="Discard…").click()
    page.get_by_role("button", name="Keep it").click()
    page.reload()
    page.wait_for_selector("body[data-ready=findings]")
    expect(card.get_by_role("img", name=PHOTO_KEPT)).to_be_visible()

    card.get_by_role("button", name="Discard…").click()
    expect(page.get_by_role("dialog")).to_contain_text("will be removed from this tablet")
    page.get_by_role("button", name="Discard", exact=True).click()
    expect(section).to_be_hidden()
    expect(page.locator("main")).to_be_focused()  # not lost with the section gone
    expect(page.get_by_text(NOTE)).to_have_count(0)
    assert wait_until(page, f"s.getMeta('{key}').then((v) => v === undefined)")
    assert wait_until(page, f"s.getPhoto('{photo_id}').then((p) => p === undefined)")
    page.reload()
    page.wait_for_selector("body[data-ready=findings]")
    expect(section).to_be_hidden()
    context.close()


def sign_out_from_the_field_app(page, url):
    page.goto(f"{url}/app/")
    page.wait_for_selector("body[data-ready=home]")
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{url}/login")


def test_signing_out_keeps_what_was_typed_for_its_author_only(
    browser, live_server, demo_app, tablet
):
    url = live_server.url
    context, page, finding_id, _key = kept_then_not_needed(
        browser, live_server, demo_app, tablet, "closed"
    )
    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    page.get_by_label("Rain in the last 24 hours").fill("0.85")
    # Nothing is in the outbox: Sign out asks nothing, and keeps what was typed.
    sign_out_from_the_field_app(page, url)

    open_home_as(page, url, "permittee@badger-utility.example", "Jo Nakamura")
    open_findings(page, url)
    expect(page.get_by_role("heading", name=HEADING)).to_be_hidden()
    expect(page.get_by_text(NOTE)).to_have_count(0)
    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("")
    sign_out_from_the_field_app(page, url)

    open_home_as(page, url, PERMITTEE, "Sam Lindqvist")
    wait_until(
        page,
        f"s.listFindings().then((f) => f.some((x) => x.id === '{finding_id}'))",
        timeout_s=30,
    )
    open_findings(page, url)
    card = page.get_by_role("region", name=HEADING).locator(f"[data-kept='{finding_id}']")
    expect(card).to_contain_text(NOTE)
    expect(card.get_by_role("img", name=PHOTO_KEPT)).to_be_visible()
    page.goto(f"{url}/app/rain")
    page.wait_for_selector("body[data-ready=rain]")
    expect(page.get_by_label("Rain in the last 24 hours")).to_have_value("0.85")
    context.close()
