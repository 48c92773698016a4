"""Enforcement end to end in the browser: a failed inspection pushed through the sync API proposes a
stop-work order; the supervisor issues it, prints the notice, the permittee sees it, and with the server's
clock moved 10 days the permit is revoked, then the Zoning Board's retraction restores it."""

import json
import uuid
from datetime import timedelta

from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Site
from inspector.models.base import utcnow
from inspector.rules import clocks
from tests.browser.capture_packet import draw_signature
from tests.sync.helpers import inspection_payload

from .conftest import sign_in

SITE = (
    "Fairwater Cooperative Grain Annex"  # demo: Prairie Builders, permit issued, no inspection yet
)


def push_two_failed_inspections(api, base_url, demo_app):
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
    now = utcnow()
    rb = demo_app.extensions["rulebook"]
    mutations = []
    for hours in (5, 2):
        start = now - timedelta(hours=hours)
        payload = inspection_payload(
            site,
            fail=("PERIMETER",),
            kind="village",
            # The Village's day of the start, as the server requires (not the UTC date).
            inspected_on=clocks.local_date(start, rb).isoformat(),
            started_at=start.replace(microsecond=0).isoformat() + "Z",
            ended_at=(start + timedelta(minutes=30)).replace(microsecond=0).isoformat() + "Z",
        )
        mutations.append(
            {
                "mutation_id": str(uuid.uuid4()),
                "entity": "inspection",
                "entity_id": str(uuid.uuid4()),
                "op": "upsert",
                "base_version": None,
                "payload": payload,
            }
        )
    token = api.get(f"{base_url}/api/v1/csrf").json()["csrf_token"]
    response = api.post(
        f"{base_url}/api/v1/sync/push",
        headers={"X-CSRFToken": token, "Content-Type": "application/json"},
        data=json.dumps({"device_id": str(uuid.uuid4()), "mutations": mutations}),
    )
    assert response.ok, response.text()
    assert [r["status"] for r in response.json()["results"]] == ["applied", "applied"]
    return site.id


def test_pushed_failures_propose_order_issue_print_revoke_retract(
    browser, live_server, demo_app, tablet, tmp_path
):
    base = live_server.url
    field = browser.new_context(**tablet)
    inspector_page = field.new_page()
    sign_in(inspector_page, base, "inspector@fairwater.example")
    inspector_page.close()  # no page scripts racing the session cookie while the test pushes
    site_id = push_two_failed_inspections(field.request, base, demo_app)
    field.close()

    office = browser.new_context(**tablet)
    page = office.new_page()
    sign_in(page, base, "supervisor@fairwater.example")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()  # supervisors land on it
    row = page.locator("tr", has_text=SITE)
    expect(row.get_by_text("Proposed — decide")).to_be_visible()
    page.screenshot(path=str(tmp_path / "dashboard.png"), full_page=True)
    row.get_by_role("link", name="Proposed — decide").click()
    expect(
        page.locator("ul.grounds").get_by_text("failed at 2 consecutive inspections")
    ).to_be_visible()
    expect(page.locator(".cite", has_text="§ 256-10A(2)").first).to_be_visible()
    # The supervisor signs under the order statement; the confirmation stays.
    draw_signature(page, "#order-signature-pad")
    expect(page.locator("#order-signature-state")).to_have_text("Signed.")
    page.get_by_label("I confirm").check()
    page.get_by_role("button", name="Issue stop-work order").click()
    expect(page.get_by_text("Stop-work order issued. Print the notice")).to_be_visible()
    expect(page.get_by_role("img", name="Signature of Dana Kowalski")).to_be_visible()
    expect(page.get_by_role("button", name="Revoke permit")).to_be_disabled()

    page.get_by_role("link", name="Printable notice").click()
    expect(page.get_by_role("heading", name="STOP-WORK ORDER")).to_be_visible()
    expect(page.get_by_text("§ 256-10A(2):")).to_be_visible()
    expect(
        page.locator(".doc-qr svg", has=page.locator("title", has_text="/orders/"))
    ).to_be_visible()
    expect(page.locator(".doc-seal .doc-qr svg")).to_be_visible()  # and the seal's, to /verify/
    expect(page.get_by_role("img", name="Signature of Dana Kowalski")).to_be_visible()
    page.screenshot(path=str(tmp_path / "notice.png"), full_page=True)
    order_url = page.url.rsplit("/notice", 1)[0]

    owner = browser.new_context(**tablet)
    permittee = owner.new_page()
    sign_in(permittee, base, "permittee@prairie-builders.example")
    permittee.goto(f"{base}/sites/{site_id}")
    expect(permittee.get_by_text("Stop-work order issued").first).to_be_visible()
    expect(permittee.locator(".panel-orders").get_by_text("§ 256-10A(2)").first).to_be_visible()
    permittee.screenshot(path=str(tmp_path / "permittee.png"), full_page=True)

    # Posted on the site the day it was issued: the ten days run from the posting (§ 256-10A).
    page.goto(order_url)
    page.get_by_role("button", name="Record: posted on the site now").click()
    expect(page.get_by_text("Recorded as posted on the site.")).to_be_visible()
    # The ten days end at the end of the tenth local day after the day of posting.
    demo_app.config.update(ALLOW_CLOCK_OFFSET=True, CLOCK_OFFSET_DAYS=11)
    page.goto(order_url)
    expect(page.get_by_text("10 days have passed")).to_be_visible()
    page.get_by_label("Reason", exact=True).first.fill(
        "Perimeter silt fence still down after 10 days"
    )
    page.get_by_role("button", name="Revoke permit").click()
    expect(page.get_by_text("Permit revoked (§ 256-10B)")).to_be_visible()
    expect(page.get_by_text("— revoked")).to_be_visible()

    page.get_by_label("The Zoning Board of Appeals").check()
    page.get_by_label("Reason").fill("Appeal granted: fence rebuilt")
    page.get_by_role("button", name="Record retraction of the revocation").click()
    expect(page.get_by_text("Retraction recorded (§ 256-10D)")).to_be_visible()
    expect(page.get_by_text("— issued")).to_be_visible()
    page.screenshot(path=str(tmp_path / "order.png"), full_page=True)
    permittee.goto(f"{base}/sites/{site_id}")
    expect(permittee.get_by_text("No stop-work order")).to_be_visible()
    for context in (office, owner):
        context.close()


def wait_until(page, async_predicate: str, timeout_s: float = 20.0) -> None:
    """Poll an async page function (wait_for_function does not await promises)."""
    import time

    deadline = time.monotonic() + timeout_s
    while not page.evaluate(async_predicate):
        assert time.monotonic() < deadline, f"timed out waiting for {async_predicate}"
        page.wait_for_timeout(100)


def stop_work_form(browser, base, tablet):
    """An inspector's tablet with the work packet kept, on the field stop-work form."""
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, base, "inspector@fairwater.example")
    page.goto(f"{base}/app/")
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listSites()).length > 0"
    )
    page.goto(f"{base}/app/stop-work")
    expect(page.locator("body[data-ready=stop-work]")).to_be_attached()
    return context, page


def test_inspector_posts_an_order_offline_and_it_syncs(browser, live_server, demo_app, tablet):
    from inspector.models import Permit, StopWorkOrder

    base = live_server.url
    context, page = stop_work_form(browser, base, tablet)
    page.get_by_label("Site").select_option(label=SITE)

    context.set_offline(True)
    page.get_by_role("button", name="Post the stop-work order").click()  # nothing ticked: refused
    expect(page.get_by_text("Tick at least one ground")).to_be_visible()
    page.get_by_label("The conditions of the permit are not being met").check()
    page.get_by_label("What you found").fill(
        "No inlet protection on Mill Street; sediment in the gutter"
    )
    page.get_by_role("button", name="Post the stop-work order").click()
    expect(page.locator("#sw-state")).to_contain_text("saved on this device")
    outbox = page.evaluate("async () => (await import('/static/js/store.js')).listOutbox()")
    assert [(e["entity"], e["state"]) for e in outbox] == [("stop_work_order", "queued")]
    order_id = outbox[0]["entity_id"]
    with demo_app.app_context():
        assert get_session().get(StopWorkOrder, order_id) is None

    context.set_offline(False)  # the app sends the outbox by itself when the network is back
    wait_until(
        page, "async () => (await (await import('/static/js/store.js')).listOutbox()).length === 0"
    )
    with demo_app.app_context():
        session = get_session()
        order = session.get(StopWorkOrder, order_id)
        assert order is not None and order.status == "posted" and order.source == "field"
        assert session.get(Permit, order.permit_id).status == "suspended"
    context.close()


def test_the_field_form_offers_only_activity_without_a_permit_where_none_is_in_force(
    browser, live_server, demo_app, tablet
):
    """§ 256-10A(2) and (3) presuppose a permit: at a site with only an application the tablet offers
    (1) alone and says why; the server refuses the others too (tests/services)."""
    base = live_server.url
    context, page = stop_work_form(browser, base, tablet)
    context.set_offline(True)
    conditions = page.get_by_label("The conditions of the permit are not being met")
    plan = page.get_by_label("The control plan is not being implemented", exact=False)
    without = page.get_by_label("without a permit", exact=False)
    page.get_by_label("Site").select_option(label=SITE)  # permit issued
    conditions.check()
    expect(page.locator("#sw-no-permit-note")).to_be_hidden()
    page.get_by_label("Site").select_option(label="Willow Creek Commercial Lot")  # applied only
    expect(conditions).to_be_disabled()
    expect(conditions).not_to_be_checked()
    expect(plan).to_be_disabled()
    expect(without).to_be_enabled()
    expect(page.locator("#sw-no-permit-note")).to_be_visible()
    expect(page.locator("#sw-no-permit-note")).to_contain_text("no permit in force")
    page.get_by_label("Site").select_option(label=SITE)
    expect(conditions).to_be_enabled()
    context.close()
