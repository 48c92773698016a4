"""Issue #5 in Chromium on a tablet: a permittee reports a finding's correction with no network at all (browser
offline AND server stopped) on /app/findings — a note and an "after" photo; the correction survives a reload
offline and reaches the server when the network is back; the inspector sees it on the finding's page.

The finding comes from the permittee's own weekly inspection pushed through the sync API: the demo's seeded
findings have no audit events, so the pull (which reads the audit trail) never sends them to a device."""

from __future__ import annotations

import io
import json
import time
import uuid

from PIL import Image
from playwright.sync_api import expect
from sqlmodel import select

from inspector.db import get_session
from inspector.models import Finding, Photo, Site
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import findings
from tests.sync.helpers import checklist_codes, inspection_payload

from .capture_packet import stored, wait_for_controller
from .conftest import sign_in

SITE = "Meadow Ridge Subdivision, Phase 2"  # demo: Prairie Builders, open findings
PERMITTEE = "permittee@prairie-builders.example"


def after_photo() -> bytes:
    image = Image.new("RGB", (1200, 900), (40, 120, 60))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


def wait_until(page, expression: str, timeout_s: float = 20.0):
    """Poll `expression` over static/js/store.js (bound to `s`) until it is truthy."""
    deadline = time.monotonic() + timeout_s
    while not (value := stored(page, expression)):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        page.wait_for_timeout(100)
    return value


def permittee_tablet_with_a_new_finding(browser, live_server, demo_app, tablet):
    """The permittee's tablet, signed in, holding the finding its own weekly inspection (pushed
    through the sync API) just raised at SITE: (context, page, site, finding id, inspection id),
    `page` on the field app's home."""
    base = live_server.url
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    code = push_failed_weekly_inspection(context.request, base, site)
    with demo_app.app_context():
        finding_id, inspection_id = (
            get_session()
            .exec(
                select(Finding.id, Finding.inspection_id)
                .where(
                    Finding.site_id == site.id, Finding.item_code == code, Finding.status == "open"
                )
                .order_by(Finding.created_at.desc())
            )
            .first()
        )
    page.goto(f"{base}/app/")
    wait_for_controller(page)
    wait_until(
        page, f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{finding_id}'))"
    )
    return context, page, site, finding_id, inspection_id


def push_failed_weekly_inspection(api, base_url: str, site) -> set[str]:
    """The permittee's weekly inspection with one failed item, as a device sends it; returns the new finding ids."""
    code = checklist_codes(site, default())[0]
    payload = inspection_payload(site, fail=(code,), inspector_name="Dana Prairie")
    token = api.get(f"{base_url}/api/v1/csrf").json()["csrf_token"]
    response = api.post(
        f"{base_url}/api/v1/sync/push",
        headers={"X-CSRFToken": token, "Content-Type": "application/json"},
        data=json.dumps(
            {
                "device_id": str(uuid.uuid4()),
                "mutations": [
                    {
                        "mutation_id": str(uuid.uuid4()),
                        "entity": "inspection",
                        "entity_id": str(uuid.uuid4()),
                        "op": "upsert",
                        "base_version": None,
                        "payload": payload,
                    }
                ],
            }
        ),
    )
    assert response.ok, response.text()
    assert [r["status"] for r in response.json()["results"]] == ["applied"]
    return code


def test_permittee_reports_a_correction_offline_and_it_syncs(
    browser, live_server, demo_app, tablet, tmp_path
):
    base = live_server.url
    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()

    context = browser.new_context(**tablet)
    page = context.new_page()
    sign_in(page, base, PERMITTEE)
    code = push_failed_weekly_inspection(context.request, base, site)
    with demo_app.app_context():
        finding = (
            get_session()
            .exec(
                select(Finding)
                .where(
                    Finding.site_id == site.id, Finding.item_code == code, Finding.status == "open"
                )
                .order_by(Finding.created_at.desc())
            )
            .first()
        )
        finding_id, overdue = finding.id, findings.is_overdue(finding, utcnow())
    page.goto(f"{base}/app/")
    wait_for_controller(page)
    # This finding, not just any: the demo's own findings can arrive in an earlier page of the pull.
    wait_until(
        page, f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{finding_id}'))"
    )
    page.close()

    # No network at all: the browser is offline and the server is gone.
    context.set_offline(True)
    live_server.stop()
    page = context.new_page()
    page.goto(f"{base}/app/findings")  # from the service worker's precache
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    group = page.get_by_role("region", name=SITE)
    expect(group.get_by_role("heading", name=SITE)).to_be_visible()
    card = group.locator(f"article[data-finding='{finding_id}']")
    expect(card.get_by_text("Overdue" if overdue else "Open").first).to_be_visible()
    expect(card.get_by_text("Required action")).to_be_visible()
    expect(card.locator(".cite")).to_contain_text("§ 256-")

    # Bad input: no note is refused at the field; a file that is not a picture is refused and changes nothing.
    card.get_by_role("button", name="Send correction").click()
    expect(card.get_by_text("Say what was done to correct it.")).to_be_visible()
    card.get_by_label("“After” photo").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not a picture"}]
    )
    expect(card.get_by_text("not a picture the tablet can read")).to_be_visible()
    expect(card.locator(".ff-preview")).to_be_hidden()
    assert stored(page, "s.listOutbox()") == []

    card.get_by_label("What was done").fill("Silt fence re-trenched and staked along the east line")
    card.get_by_label("“After” photo").set_input_files(
        files=[{"name": "after.jpg", "mimeType": "image/jpeg", "buffer": after_photo()}]
    )
    expect(card.get_by_role("img", name="“After” photo chosen")).to_be_visible()
    page.screenshot(path=str(tmp_path / "findings-form.png"), full_page=True)
    card.get_by_role("button", name="Send correction").click()
    expect(page.locator("#ff-state")).to_contain_text("saved on this device")

    page.reload()  # still offline: the correction is kept
    card = page.locator(f"article[data-finding='{finding_id}']")
    expect(card.get_by_text("Correction on this device only")).to_be_visible()
    expect(card.get_by_role("button", name="Send correction")).to_have_count(0)
    page.screenshot(path=str(tmp_path / "findings-queued.png"), full_page=True)
    outbox = stored(page, "s.listOutbox()")
    assert [(e["entity"], e["entity_id"], e["state"]) for e in outbox] == [
        ("finding", finding_id, "queued")
    ]
    entry = outbox[0]
    assert entry["payload"]["status"] == "corrected" and len(entry["photo_ids"]) == 1
    photo_id = entry["photo_ids"][0]
    with demo_app.app_context():
        assert get_session().get(Finding, finding_id).status == "open"

    # The network is back: the app sends the outbox (record, then photo) by itself.
    live_server.start()
    context.set_offline(False)
    wait_until(page, "s.listOutbox().then((o) => o.length === 0)", timeout_s=30)
    expect(card.get_by_text("Corrected — awaiting verification")).to_be_visible()
    with demo_app.app_context():
        session = get_session()
        finding = session.get(Finding, finding_id)
        assert finding.status == "corrected"
        assert finding.corrected_note == "Silt fence re-trenched and staked along the east line"
        photo = session.get(Photo, photo_id)
        assert photo is not None and photo.finding_id == finding_id and photo.file_id is not None
    context.close()

    office = browser.new_context(**tablet)
    inspector = office.new_page()
    sign_in(inspector, base, "inspector@fairwater.example")
    inspector.goto(f"{base}/app/")
    wait_until(
        inspector,
        f"s.listFindings('{site.id}').then((f) => f.some((x) => x.id === '{finding_id}'))",
    )
    inspector.goto(f"{base}/app/findings")  # read-only for inspectors: they verify online
    card = inspector.locator(f"article[data-finding='{finding_id}']")
    expect(card.get_by_text("Corrected — awaiting verification")).to_be_visible()
    expect(inspector.locator("form.ff-form")).to_have_count(0)
    inspector.screenshot(path=str(tmp_path / "findings-inspector.png"), full_page=True)
    card.get_by_role("link", name="Verify online").click()
    expect(inspector).to_have_url(f"{base}/findings/{finding_id}")
    expect(inspector.get_by_text("Corrected — awaiting verification")).to_be_visible()
    expect(
        inspector.get_by_text("Silt fence re-trenched and staked along the east line")
    ).to_be_visible()
    thumb = inspector.get_by_role("img", name="After:")
    expect(thumb).to_be_visible()
    assert inspector.evaluate("(img) => img.naturalWidth", thumb.element_handle()) > 0
    expect(inspector.get_by_role("button", name="Verified: close finding")).to_be_visible()
    office.close()


def test_findings_page_has_no_serious_accessibility_violations(
    browser, live_server, demo_app, tablet
):
    from .test_capture_a11y import serious_violations

    with demo_app.app_context():
        site = get_session().exec(select(Site).where(Site.name == SITE)).one()
    # axe is injected as a script tag: this context lets it past the page's CSP (the app is not changed).
    context = browser.new_context(**tablet, bypass_csp=True)
    page = context.new_page()
    sign_in(page, live_server.url, PERMITTEE)
    push_failed_weekly_inspection(context.request, live_server.url, site)
    page.goto(f"{live_server.url}/app/")
    wait_until(page, f"s.listFindings('{site.id}').then((f) => f.length > 0)")
    page.goto(f"{live_server.url}/app/findings")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    card = page.locator("article.ff-finding").first
    card.get_by_role("button", name="Send correction").click()  # the error messages shown too
    card.get_by_label("“After” photo").set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not a picture"}]
    )
    expect(card.get_by_text("not a picture the tablet can read")).to_be_visible()
    assert serious_violations(page) == []

    # A sync finishing re-draws the list: the errors shown stay, and so does a half-written note elsewhere.
    other = page.locator("article.ff-finding").nth(1)
    other.get_by_label("What was done").fill("Half-written: fabric ordered")
    stored(page, "(s.events.dispatchEvent(new Event('packet-changed')), true)")
    expect(page.locator("body[data-ready=findings]")).to_be_attached()
    page.wait_for_timeout(300)
    card = page.locator("article.ff-finding").first
    expect(card.get_by_text("not a picture the tablet can read")).to_be_visible()
    expect(card.get_by_text("Say what was done to correct it.")).to_be_visible()
    expect(page.locator("article.ff-finding").nth(1).get_by_label("What was done")).to_have_value(
        "Half-written: fabric ordered"
    )
    context.close()
