"""Stop-work order pages: role and ownership checks, decisions through the web, refusals that write nothing,
the 10-day clock moved with the test clock, and the sync handlers for field orders and findings."""

from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.models import Permit, StopWorkOrder
from inspector.models.base import utcnow
from inspector.services import permit_notices
from inspector.services.inspections import Invalid
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature_field


@pytest.fixture
def proposal(app, db, make, people):
    """A permitted site where the same critical item failed twice: a proposed order."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Creekside")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=2),
        now=now - timedelta(days=2),
    )
    db.commit()
    record_inspection(
        db, site, rb, at=now - timedelta(hours=3), failed=("PERIMETER",), user=people["inspector"]
    )
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), failed=("PERIMETER",), user=people["inspector"]
    )
    return site, order


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def permit_status(db, site):
    db.expire_all()
    return db.exec(select(Permit).where(Permit.site_id == site.id)).one().status


def test_roles_and_ownership(client, auth, proposal, people):
    site, order = proposal
    login(auth, people["other"])
    assert client.get(f"/orders/{order.id}").status_code == 404  # another company's site
    login(auth, people["permittee"])
    assert client.get(f"/orders/{order.id}").status_code == 404  # proposals are internal
    assert (
        client.post(
            f"/orders/{order.id}/issue", data={"grounds": ["plan_not_implemented"]}
        ).status_code
        == 403
    )
    login(auth, people["inspector"])
    assert (
        client.post(
            f"/orders/{order.id}/issue", data={"grounds": ["plan_not_implemented"]}
        ).status_code
        == 403
    )
    page = client.get(f"/orders/{order.id}")
    assert page.status_code == 200 and "§ 256-10A(2)" in page.text


def test_issue_without_grounds_is_refused_and_nothing_written(client, auth, db, proposal, people):
    site, order = proposal
    login(auth, people["supervisor"])
    response = client.post(f"/orders/{order.id}/issue", data={})
    assert response.status_code == 400 and "at least one ground" in response.text
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    assert permit_status(db, site) == "issued"


def test_full_lifecycle_through_the_web(app, client, auth, db, proposal, people):
    site, order = proposal
    login(auth, people["supervisor"])
    response = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": signature_field(),
        },
    )
    assert response.status_code == 303
    assert permit_status(db, site) == "suspended"
    notice = client.get(f"/orders/{order.id}/notice")
    assert notice.status_code == 200
    assert (
        "STOP-WORK ORDER" in notice.text and "§ 256-10A(2)" in notice.text and "<svg" in notice.text
    )
    assert "What must be done to lift this order" in notice.text
    pdf = client.get(f"/orders/{order.id}/notice.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    # The permittee sees the order at once, on the site page too.
    login(auth, people["permittee"])
    assert "Stop-work order issued" in client.get(f"/sites/{site.id}").text
    assert client.get(f"/orders/{order.id}").status_code == 200
    # Revocation before the 10 days: refused, nothing written.
    login(auth, people["supervisor"])
    # Posted on the site the day it was issued: the ten days run from the posting (§ 256-10A).
    assert client.post(f"/orders/{order.id}/posted").status_code == 303
    early = client.post(f"/orders/{order.id}/revoke", data={"reason": "No fence"})
    assert early.status_code == 400 and "10 days" in early.text
    assert permit_status(db, site) == "suspended"
    app.config["CLOCK_OFFSET_DAYS"] = 11  # the ten days end at the end of the tenth day after issue
    assert client.post(f"/orders/{order.id}/revoke", data={"reason": "No fence"}).status_code == 303
    assert permit_status(db, site) == "revoked"
    assert client.get(f"/orders/{order.id}/revocation.pdf").data.startswith(b"%PDF")
    assert "§ 256-10B" in client.get(f"/orders/{order.id}/revocation").text
    refused = client.post(f"/orders/{order.id}/retract", data={"body": "village", "reason": ""})
    assert refused.status_code == 400 and permit_status(db, site) == "revoked"
    assert (
        client.post(
            f"/orders/{order.id}/retract", data={"body": "zoning_board", "reason": "Appeal granted"}
        ).status_code
        == 303
    )
    assert permit_status(db, site) == "issued"


def test_dismiss_needs_a_reason(client, auth, db, proposal, people):
    _, order = proposal
    login(auth, people["supervisor"])
    assert client.post(f"/orders/{order.id}/dismiss", data={"reason": ""}).status_code == 400
    assert (
        client.post(f"/orders/{order.id}/dismiss", data={"reason": "Repaired on site"}).status_code
        == 303
    )
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "dismissed"


def test_tick_command_proposes_without_a_request(app, db, make, people):
    site = make.site(people["supervisor"], name="Quiet Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    app.config["CLOCK_OFFSET_DAYS"] = 30  # weeks without an inspection
    result = app.test_cli_runner().invoke(args=["tick"])
    assert result.exit_code == 0 and "1 new proposed" in result.output
    assert app.test_cli_runner().invoke(args=["tick"]).output.count("0 new proposed") == 1


def test_field_order_and_finding_handlers(app, db, make, people):
    """The sync handlers (docs/sync-protocol.md), called as the push protocol calls them."""
    handlers = pytest.importorskip("sync.handlers").load_all()
    from sync.handlers import SyncContext

    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Field Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    ctx = SyncContext(user=people["inspector"], device_id="dev-1", now=now, rb=rb)
    payload = {
        "site_id": site.id,
        "grounds": ["conditions_not_met"],
        "posted_at": (now - timedelta(hours=1)).isoformat() + "Z",
        "notes": "No inlet protection at all",
        "photo_ids": [],
        "photos": [],
    }
    order_id = "3f0c6c9e-1111-4aaa-8bbb-000000000001"
    bad = handlers["stop_work_order"]
    with pytest.raises(Invalid) as refused:
        bad.apply(
            db, {"op": "upsert", "entity_id": order_id, "payload": {**payload, "grounds": []}}, ctx
        )
    assert "grounds" in refused.value.errors
    outcome = bad.apply(db, {"op": "upsert", "entity_id": order_id, "payload": payload}, ctx)
    db.commit()
    assert outcome.status == "applied" and outcome.data.status == "posted"
    assert permit_status(db, site) == "suspended"
    permittee_view = bad.serialize(db, order_id, people["permittee"])
    assert (
        permittee_view.status == "posted" and bad.serialize(db, order_id, people["other"]) is None
    )
    # Findings: the permittee's correction with a version check.
    _, [finding], _ = record_inspection(
        db, site, rb, at=now - timedelta(hours=2), failed=("INLET",), evaluate=False
    )
    fh = handlers["finding"]
    pctx = SyncContext(user=people["permittee"], device_id="dev-2", now=now, rb=rb)
    applied = fh.apply(
        db,
        {
            "op": "upsert",
            "entity_id": finding.id,
            "base_version": 1,
            "payload": {"status": "corrected", "corrected_note": "Bags replaced"},
        },
        pctx,
    )
    db.commit()
    assert (
        applied.status == "applied" and applied.data.status == "corrected" and applied.version == 2
    )
    # A stale verification on the same field (status) is a conflict with the server's copy.
    ictx = SyncContext(user=people["inspector"], device_id="dev-1", now=now, rb=rb)
    stale = fh.apply(
        db,
        {
            "op": "upsert",
            "entity_id": finding.id,
            "base_version": 1,
            "payload": {"status": "closed"},
        },
        ictx,
    )
    assert stale.status == "conflict" and stale.server_copy.status == "corrected"
    fresh = fh.apply(
        db,
        {
            "op": "upsert",
            "entity_id": finding.id,
            "base_version": 2,
            "payload": {"status": "closed"},
        },
        ictx,
    )
    assert fresh.status == "applied" and fresh.data.status == "closed"
