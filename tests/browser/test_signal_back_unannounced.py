"""A correction sent by the retry timer, the signal having come back without the browser saying so
(navigator.onLine true all along, as on a tablet on Wi-Fi with no internet behind it: no 'online' event
to start a sync). Once the outbox has sent it, the finding reads as the server has it, "Corrected —
awaiting verification", not open again with its form, inviting a second correction."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, User
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections
from sync.handlers import SyncContext
from tests.sync.helpers import inspection_payload

from .test_finding_offline import PERMITTEE, permittee_tablet_with_a_new_finding, wait_until


def test_a_correction_the_retry_timer_sent_reads_as_corrected(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    context, page, site, finding_id, _ = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    page.goto(f"{base}/app/findings")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator(f"article[data-finding='{finding_id}']")

    live_server.stop()  # no server behind the network; the browser still says it is online
    card.get_by_label("What was done").fill("Inlet filter fabric replaced")
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")
    expect(card.get_by_text("Correction on this device only")).to_be_visible()

    live_server.start()  # back, with no 'online' event: the retry timer sends it
    wait_until(page, "s.listOutbox().then((o) => o.length === 0)", timeout_s=40)
    expect(card.get_by_text("Corrected — awaiting verification")).to_be_visible()
    expect(card.get_by_role("button", name="Send correction")).to_have_count(0)
    with demo_app.app_context():
        assert get_session().get(Finding, finding_id).status == "corrected"
    context.close()


def test_a_correction_the_server_no_longer_takes_shows_the_finding_as_the_server_has_it(
    browser, live_server, demo_app, tablet
):
    """The retry timer sends a correction of a finding the permittee's office withdrew meanwhile: the
    server answers with a conflict, nothing applied. The tablet reads the finding back as withdrawn,
    instead of showing it open until some later pull."""
    base = live_server.url
    context, page, site, finding_id, inspection_id = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )
    page.goto(f"{base}/app/findings")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator(f"article[data-finding='{finding_id}']")

    live_server.stop()  # no server behind the network; the browser still says it is online
    card.get_by_label("What was done").fill("Inlet filter fabric replaced")
    card.get_by_role("button", name="Send correction").click()
    expect(card.get_by_text("Correction on this device only")).to_be_visible()
    with demo_app.app_context():  # the office corrects the inspection: the item was a mistake
        session = get_session()
        author = session.exec(select(User).where(User.email == PERMITTEE)).one()
        correction = inspection_payload(
            site, replaces_id=inspection_id, inspector_name="Dana Prairie"
        )
        ctx = SyncContext(user=author, device_id="office", now=utcnow(), rb=default())
        assert inspections.apply_submission(session, correction, str(uuid.uuid4()), ctx)[1] == (
            "applied"
        )
        session.commit()
        assert session.get(Finding, finding_id).status == "withdrawn"

    live_server.start()  # back, with no 'online' event: the retry timer sends it
    wait_until(
        page, "s.listOutbox().then((o) => o.some((e) => e.state === 'attention'))", timeout_s=40
    )
    wait_until(
        page,
        f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{finding_id}' "
        "&& x.status === 'withdrawn'))",
        timeout_s=15,
    )
    context.close()
