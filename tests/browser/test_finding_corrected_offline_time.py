"""A correction reported on the tablet with no signal is dated when the permittee reported it, not
when the signal came back: the street cleaned at 16:40 and sent the next morning was corrected
before the end of the workday, and the finding's page and report say so."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import expect

from inspector.db import get_session
from inspector.models import Finding
from inspector.models.base import utcnow

from .test_finding_offline import permittee_tablet_with_a_new_finding, wait_until


def test_a_correction_sent_hours_later_keeps_the_time_it_was_reported(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    context, page, site, finding_id, _ = permittee_tablet_with_a_new_finding(
        browser, live_server, demo_app, tablet
    )

    context.set_offline(True)
    page.goto(f"{base}/app/findings")
    card = page.locator(f"article[data-finding='{finding_id}']")
    card.get_by_label("What was done").fill("Street swept at the haul entrance")
    reported = utcnow()
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")

    # The signal comes back the next morning.
    arrives = reported + timedelta(hours=14)
    demo_app.config.update(ALLOW_CLOCK_OFFSET=True, CLOCK_NOW=arrives)
    try:
        context.set_offline(False)
        wait_until(page, "s.listOutbox().then((o) => o.length === 0)", timeout_s=30)
        with demo_app.app_context():
            finding = get_session().get(Finding, finding_id)
            assert finding.status == "corrected"
            assert (
                reported - timedelta(minutes=1)
                <= finding.corrected_at
                < reported + timedelta(minutes=1)
            ), (finding.corrected_at, reported, arrives)
    finally:
        demo_app.config.update(ALLOW_CLOCK_OFFSET=False, CLOCK_NOW=None)
    context.close()
