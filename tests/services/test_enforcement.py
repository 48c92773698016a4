"""Stop-work orders: proposals from the rules, the supervisor's decision, the 10-day clock, revocation,
cease-and-desist, retraction; the permit's status follows the orders."""

from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import AuditEvent, Permit, StopWorkOrder
from inspector.services import (
    Forbidden,
    ServiceError,
    permit_notices,
    stop_work_compliance,
    stop_work_issuing,
    stop_work_proposals,
    stop_work_status,
)
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature

T0 = datetime(2027, 3, 10, 18, 0)  # Wednesday 12:00 in Fairwater


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def site(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=T0 - timedelta(days=3),
        now=T0 - timedelta(days=3),
    )
    db.commit()
    return site


def permit_of(db, site):
    return db.exec(select(Permit).where(Permit.site_id == site.id)).one()


def test_weekly_inspection_missed_after_7_days_and_1_minute(db, site, rb):
    record_inspection(db, site, rb, at=T0, passed=("INLET",))
    assert stop_work_proposals.evaluate_site(db, site, T0 + timedelta(days=7), rb) == []
    [order] = stop_work_proposals.evaluate_site(db, site, T0 + timedelta(days=7, minutes=1), rb)
    assert order.status == "proposed"
    assert [(g["rule"], g["citation"], g["rule_citation"]) for g in order.grounds] == [
        ("weekly_inspection_missed", "§ 256-10A(3)", "§ 256-8D(3)(g)")
    ]
    # Evaluating again (a page load, the tick) proposes nothing new.
    assert stop_work_proposals.evaluate_site(db, site, T0 + timedelta(days=7, minutes=2), rb) == []
    assert len(list(db.exec(select(StopWorkOrder)))) == 1


def test_repeated_critical_failure_proposes_with_evidence_then_dismissal_is_final(
    db, site, rb, people
):
    first, _, orders = record_inspection(db, site, rb, at=T0, failed=("PERIMETER",))
    assert orders == []
    second, _, [order] = record_inspection(
        db, site, rb, at=T0 + timedelta(hours=2), failed=("PERIMETER",)
    )
    assert order.grounds[0]["rule"] == "repeat_critical_failures"
    assert order.evidence["inspections"] == [second.id, first.id]
    status = stop_work_status.site_status(db, [site.id], T0)[site.id]
    assert (status["status"], status["order_id"], status["proposed"]) == ("proposed", order.id, 1)
    with pytest.raises(ServiceError) as exc:
        stop_work_issuing.dismiss(db, order, user=people["supervisor"], reason=" ", now=T0)
    assert exc.value.field == "reason" and order.status == "proposed"
    with pytest.raises(Forbidden):
        stop_work_issuing.dismiss(db, order, user=people["inspector"], reason="no", now=T0)
    stop_work_issuing.dismiss(
        db, order, user=people["supervisor"], reason="Fence repaired while I was there", now=T0
    )
    db.commit()
    # The same evidence never proposes again.
    assert stop_work_proposals.evaluate_site(db, site, T0 + timedelta(hours=3), rb) == []


def test_issue_suspends_permit_and_runs_the_10_day_clock_to_revocation(db, site, rb, people):
    record_inspection(db, site, rb, at=T0, failed=("PERIMETER",))
    _, _, [order] = record_inspection(
        db, site, rb, at=T0 + timedelta(hours=1), failed=("PERIMETER",)
    )
    boss = people["supervisor"]
    with pytest.raises(ServiceError) as exc:
        stop_work_issuing.issue(
            db,
            order,
            user=boss,
            now=T0,
            rb=rb,
            keep_grounds=[],
            confirmed=True,
            signature=signature(),
        )
    assert exc.value.field == "grounds" and order.status == "proposed"
    with pytest.raises(Forbidden):
        stop_work_issuing.issue(
            db,
            order,
            user=people["permittee"],
            now=T0,
            rb=rb,
            confirmed=True,
            signature=signature(),
        )
    issued_at = T0 + timedelta(hours=2)
    stop_work_issuing.issue(
        db, order, user=boss, now=issued_at, rb=rb, confirmed=True, signature=signature()
    )
    db.commit()
    # Issued Wed 2027-03-10 14:00 CST: the ten days end with Sat 03-20, at midnight CDT (DST began).
    assert order.status == "issued" and order.compliance_due == datetime(2027, 3, 21, 5, 0)
    assert permit_of(db, site).status == "suspended"
    entry = stop_work_status.site_status(db, [site.id], issued_at)[site.id]
    assert entry["status"] == "issued" and entry["compliance_due"] == order.compliance_due
    # Not before the 10 days have passed (§ 256-10B), and nothing written.
    just_before = order.compliance_due - timedelta(minutes=1)
    assert not stop_work_compliance.next_step(db, order, just_before)["available"]
    with pytest.raises(ServiceError, match="10 days"):
        stop_work_compliance.revoke_permit(
            db, order, user=boss, reason="Not complied", now=just_before, rb=rb
        )
    assert order.status == "issued" and permit_of(db, site).status == "suspended"
    # Posted on the site the day it was issued: the ten days run from the posting (§ 256-10A).
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=issued_at, rb=rb)
    with pytest.raises(ServiceError, match="permit"):
        stop_work_compliance.request_cease_desist(
            db, order, user=boss, details="x", now=order.compliance_due, rb=rb
        )
    with pytest.raises(ServiceError) as exc:
        stop_work_compliance.revoke_permit(
            db, order, user=boss, reason="", now=order.compliance_due, rb=rb
        )
    assert exc.value.field == "reason"
    stop_work_compliance.revoke_permit(
        db, order, user=boss, reason="Silt fence still down", now=order.compliance_due, rb=rb
    )
    db.commit()
    assert order.status == "revoked_permit" and permit_of(db, site).status == "revoked"
    # The Zoning Board of Appeals retracts the revocation (§ 256-10D): the permit is back to issued.
    with pytest.raises(ServiceError) as exc:
        stop_work_compliance.retract(
            db, order, user=boss, body="zoning_board", reason="", now=order.compliance_due, rb=rb
        )
    assert exc.value.field == "reason"
    stop_work_compliance.retract(
        db,
        order,
        user=boss,
        body="zoning_board",
        reason="Appeal granted",
        now=order.compliance_due + timedelta(days=1),
        rb=rb,
    )
    db.commit()
    assert order.status == "retracted" and order.retracted_by_body == "zoning_board"
    assert permit_of(db, site).status == "issued"
    actions = [
        e.action for e in db.exec(select(AuditEvent).where(AuditEvent.entity == "stop_work_order"))
    ]
    assert actions == ["propose", "issued", "posted", "revoked_permit", "retracted"]


def test_retraction_past_expiry_restores_expired(db, site, rb, people):
    record_inspection(db, site, rb, at=T0, failed=("PERIMETER",))
    _, _, [order] = record_inspection(
        db, site, rb, at=T0 + timedelta(hours=1), failed=("PERIMETER",)
    )
    stop_work_issuing.issue(
        db, order, user=people["supervisor"], now=T0, rb=rb, confirmed=True, signature=signature()
    )
    permit = permit_of(db, site)
    later = datetime.combine(
        permit.expires_on + timedelta(days=1), datetime.min.time()
    ) + timedelta(hours=18)
    stop_work_compliance.retract(
        db, order, user=people["supervisor"], body="village", reason="Wrong site", now=later, rb=rb
    )
    db.commit()
    assert permit_of(db, site).status == "expired"


def test_no_permit_activity_leads_to_cease_and_desist_request(db, make, people, rb):
    site = make.site(people["supervisor"], name="Unpermitted Lot")
    _, _, [order] = record_inspection(
        db, site, rb, at=T0, passed=("INLET",), user=people["inspector"]
    )
    assert (
        order.grounds[0]["ground"] == "no_permit" and order.grounds[0]["citation"] == "§ 256-10A(1)"
    )
    stop_work_issuing.issue(
        db, order, user=people["supervisor"], now=T0, rb=rb, confirmed=True, signature=signature()
    )
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=T0, rb=rb)
    due = order.compliance_due
    with pytest.raises(ServiceError, match="no permit"):
        stop_work_compliance.revoke_permit(
            db, order, user=people["supervisor"], reason="x", now=due, rb=rb
        )
    assert stop_work_compliance.next_step(db, order, due)["kind"] == "cease_desist"
    stop_work_compliance.request_cease_desist(
        db, order, user=people["supervisor"], details="Grading continues", now=due, rb=rb
    )
    db.commit()
    assert order.status == "cease_desist_requested"


def test_post_in_field_is_in_force_at_once(db, site, rb, people):
    posted = T0 - timedelta(hours=5)
    with pytest.raises(ServiceError) as exc:
        stop_work_issuing.post_in_field(
            db,
            order_id="9c1b1f7e-0000-4000-8000-000000000001",
            site=site,
            user=people["inspector"],
            grounds=[],
            posted_at=posted,
            notes="x",
            photo_ids=[],
            now=T0,
            rb=rb,
        )
    assert exc.value.field == "grounds"
    with pytest.raises(Forbidden):
        stop_work_issuing.post_in_field(
            db,
            order_id="9c1b1f7e-0000-4000-8000-000000000001",
            site=site,
            user=people["permittee"],
            grounds=["conditions_not_met"],
            posted_at=posted,
            notes="x",
            photo_ids=[],
            now=T0,
            rb=rb,
        )
    order = stop_work_issuing.post_in_field(
        db,
        order_id="9c1b1f7e-0000-4000-8000-000000000001",
        site=site,
        user=people["inspector"],
        grounds=["conditions_not_met"],
        posted_at=posted,
        notes="No inlet protection",
        photo_ids=[],
        now=T0,
        rb=rb,
    )
    db.commit()
    assert order.status == "posted" and order.compliance_due == datetime(2027, 3, 21, 5, 0)
    assert permit_of(db, site).status == "suspended"
    assert (
        stop_work_status.public_status(
            stop_work_status.site_status(db, [site.id], T0)[site.id], people["permittee"]
        )["status"]
        == "posted"
    )
    stop_work_compliance.mark_complied(
        db, order, user=people["supervisor"], note="Inlets protected", now=T0, rb=rb
    )
    db.commit()
    assert permit_of(db, site).status == "issued"


def test_auto_issue_option(db, site, rb, people):
    from dataclasses import replace

    data = {**rb.data, "stop_work": {**rb.data["stop_work"], "auto_issue": True}}
    auto = replace(rb, data=data)
    record_inspection(db, site, auto, at=T0, failed=("PERIMETER",))
    _, _, [order] = record_inspection(
        db, site, auto, at=T0 + timedelta(hours=1), failed=("PERIMETER",)
    )
    assert order.status == "issued" and permit_of(db, site).status == "suspended"
