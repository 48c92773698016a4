"""Issue #3 in Chromium on a tablet: the permittee queues a correction offline for a finding that the
inspection's own correction then withdraws on the server. Back online, the field list drops the withdrawn
finding nobody was working on, and the one with a correction in the outbox says it was withdrawn and why."""

from __future__ import annotations

import json
import uuid

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, Site, User
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import findings_raised, inspections
from sync.handlers import SyncContext
from tests.sync.helpers import checklist_codes, inspection_payload

from .capture_packet import stored, wait_for_controller
from .conftest import sign_in
from .test_finding_offline import PERMITTEE, SITE, wait_until


def test_a_withdrawn_finding_leaves_the_field_list_or_says_why(
    browser, live_server, demo_app, tablet
):
    base = live_server.url
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
    kept, dropped = checklist_codes(site, default())[:2]
    # The home's buttons name an item as the office pages do: "Storm drain inlet protection (INLET)".
    named = {
        code: f"{default().checklist_item(code)['title']} ({code})" for code in (kept, dropped)
    }
    first = str(uuid.uuid4())
    payload = inspection_payload(site, fail=(kept, dropped), inspector_name="Dana Prairie")

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    token = context.request.get(f"{base}/api/v1/csrf").json()["csrf_token"]
    response = context.request.post(
        f"{base}/api/v1/sync/push",
        headers={"X-CSRFToken": token, "Content-Type": "application/json"},
        data=json.dumps(
            {
                "device_id": str(uuid.uuid4()),
                "mutations": [
                    {
                        "mutation_id": str(uuid.uuid4()),
                        "entity": "inspection",
                        "entity_id": first,
                        "op": "upsert",
                        "base_version": None,
                        "payload": payload,
                    }
                ],
            }
        ),
    )
    assert [r["status"] for r in response.json()["results"]] == ["applied"], response.text()
    kept_id, dropped_id = (
        findings_raised.finding_id_for(first, kept),
        findings_raised.finding_id_for(first, dropped),
    )
    page.goto(f"{base}/app/")
    wait_for_controller(page)
    wait_until(
        page, f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{dropped_id}'))"
    )
    page.reload()
    # A permittee answers a finding with a correction (follow-up inspections are the Village's).
    correct = page.get_by_role("link", name=f"Report correction: {named[dropped]} at {SITE}")
    expect(correct).to_be_visible()
    expect(page.get_by_role("link", name=f"Follow up {named[dropped]} at {SITE}")).to_have_count(0)

    context.set_offline(True)
    page.get_by_role("link", name=f"Report correction: {named[kept]} at {SITE}").click()
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator(f"article[data-finding='{kept_id}']")
    expect(card).to_be_in_viewport()  # the link opens the list at that finding
    expect(page.locator(f"article[data-finding='{dropped_id}']")).to_be_visible()
    card.get_by_label("What was done").fill("Swept the street")
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")

    # Meanwhile the permittee's office corrects the inspection: both items were pressed "fail" by mistake.
    with demo_app.app_context():
        session = get_session()
        author = session.exec(select(User).where(User.email == PERMITTEE)).one()
        correction = inspection_payload(site, replaces_id=first, inspector_name="Dana Prairie")
        ctx = SyncContext(user=author, device_id="office", now=utcnow(), rb=default())
        assert (
            inspections.apply_submission(session, correction, str(uuid.uuid4()), ctx)[1]
            == "applied"
        )
        session.commit()
        assert {
            f.status for f in session.exec(select(Finding).where(Finding.inspection_id == first))
        } == {"withdrawn"}

    context.set_offline(False)
    wait_until(
        page, "s.listOutbox().then((o) => o.some((e) => e.state === 'attention'))", timeout_s=30
    )
    wait_until(
        page,
        f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{kept_id}' "
        "&& x.status === 'withdrawn'))",
        timeout_s=30,
    )
    stored(page, "(s.events.dispatchEvent(new Event('packet-changed')), true)")
    expect(page.locator(f"article[data-finding='{dropped_id}']")).to_have_count(0)
    card = page.locator(f"article[data-finding='{kept_id}']")
    expect(card.get_by_text("Withdrawn — recorded in error")).to_be_visible()
    expect(card.get_by_text("the item now reads pass.")).to_be_visible()
    expect(card.get_by_text("Correction needs attention")).to_be_visible()
    expect(card.get_by_role("button", name="Send correction")).to_have_count(0)

    page.goto(f"{base}/app/")  # nothing left to follow up on the home page either
    expect(page.locator("body")).to_contain_text(SITE)
    for code in (dropped, kept):
        expect(
            page.get_by_role("link", name=f"Report correction: {named[code]} at {SITE}")
        ).to_have_count(0)
    context.close()
