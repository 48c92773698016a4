"""Findings from failed answers: due times from the rulebook, states, who may do what."""

from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import AuditEvent, Finding
from inspector.rules import clocks
from inspector.services import (
    Forbidden,
    NotFound,
    ServiceError,
    finding_repairs,
    findings,
    findings_raised,
)
from tests.support.enforcement import record_inspection

WED_NOON = datetime(2027, 3, 10, 18, 0)  # Wednesday 12:00 in Fairwater (CST)
WED_1659 = datetime(2027, 3, 10, 22, 59)  # 16:59 local
WED_1700 = datetime(2027, 3, 10, 23, 0)  # 17:00 local: the workday has ended


@pytest.fixture
def site(app, db, make, people):
    site = make.site(people["supervisor"])
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    return site


def rb(app):
    return app.extensions["rulebook"]


def test_one_finding_per_failed_answer_with_rulebook_due_times(app, db, site, people):
    _, made, _ = record_inspection(
        db,
        site,
        rb(app),
        at=WED_NOON,
        failed=("TRACK-STREET", "INLET"),
        passed=("PLAN",),
        evaluate=False,
    )
    by_code = {f.item_code: f for f in made}
    assert set(by_code) == {"TRACK-STREET", "INLET"}
    # Street sediment: before the end of that workday (§ 256-7B(3)), 17:00 local = 23:00 UTC.
    assert by_code["TRACK-STREET"].due_at == WED_1700
    assert by_code["TRACK-STREET"].citation == "§ 256-7B(3)"
    # Other repairs: the configurable default, 24 hours.
    assert by_code["INLET"].due_at == WED_NOON + timedelta(hours=24)
    assert by_code["INLET"].severity == "critical"
    assert by_code["INLET"].required_action == "Fix INLET"
    assert all(f.company_id == people["permittee"].company_id for f in made)
    entities = [e.entity for e in db.exec(select(AuditEvent).where(AuditEvent.site_id == site.id))]
    assert entities.count("finding") == 2 and "site" in entities


def test_end_of_workday_boundary(app):
    book = rb(app)
    assert clocks.end_of_workday(WED_1659, book).due == WED_1700
    # Found at 17:00 or later: the end of the next workday (Thursday 17:00 local).
    assert clocks.end_of_workday(WED_1700, book).due == WED_1700 + timedelta(days=1)
    # Found on a Saturday with no work under way: due Monday 17:00; with work under way: that day.
    saturday = datetime(2027, 3, 13, 16, 0)
    idle = clocks.end_of_workday(saturday, book, work_under_way=False)
    assert idle.due == datetime(2027, 3, 15, 22, 0)  # CDT from 03-14
    assert clocks.end_of_workday(saturday, book).due == datetime(2027, 3, 13, 23, 0)  # 17:00 CST


def test_create_is_idempotent_for_the_same_inspection(app, db, site):
    inspection, made, _ = record_inspection(
        db, site, rb(app), at=WED_NOON, failed=("INLET",), evaluate=False
    )
    from inspector.models import Answer

    answers = list(db.exec(select(Answer).where(Answer.inspection_id == inspection.id)))
    assert (
        findings_raised.create_from_inspection(db, inspection, answers, site, WED_NOON, rb(app))
        == []
    )
    assert len(list(db.exec(select(Finding)))) == 1


def test_overdue_only_after_the_due_time_and_only_while_unrepaired(app, db, site):
    _, [finding], _ = record_inspection(
        db, site, rb(app), at=WED_NOON, failed=("INLET",), evaluate=False
    )
    assert not findings.is_overdue(finding, finding.due_at)
    assert findings.is_overdue(finding, finding.due_at + timedelta(minutes=1))
    counts = findings.counts_by_site(db, [site.id], finding.due_at + timedelta(minutes=1))
    assert counts[site.id] == {"open": 1, "overdue": 1}


def test_correct_verify_reopen(app, db, site, people):
    _, [finding], _ = record_inspection(
        db, site, rb(app), at=WED_NOON, failed=("INLET",), evaluate=False
    )
    later = WED_NOON + timedelta(hours=3)
    with pytest.raises(ServiceError) as exc:
        finding_repairs.mark_corrected(db, finding, user=people["permittee"], note="  ", now=later)
    assert exc.value.field == "corrected_note"
    with pytest.raises(Forbidden):
        finding_repairs.mark_corrected(
            db, finding, user=people["inspector"], note="done", now=later
        )
    with pytest.raises(NotFound):  # another company's finding answers as a missing one
        finding_repairs.mark_corrected(db, finding, user=people["other"], note="done", now=later)
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Replaced the inlet bag", now=later
    )
    assert (finding.status, finding.version) == ("corrected", 2)
    assert not findings.is_overdue(finding, later + timedelta(days=5))
    with pytest.raises(Forbidden):
        finding_repairs.close(db, finding, user=people["permittee"], now=later)
    finding_repairs.reopen(
        db, finding, user=people["inspector"], now=later, rb=rb(app), note="Bag torn again"
    )
    assert finding.status == "reopened" and finding.due_at == later + timedelta(hours=24)
    finding_repairs.mark_corrected(db, finding, user=people["permittee"], note="New bag", now=later)
    finding_repairs.close(db, finding, user=people["inspector"], now=later)
    db.commit()
    assert finding.status == "closed" and finding.verified_by == people["inspector"].id
    events = select(AuditEvent).where(AuditEvent.entity == "finding").order_by(AuditEvent.id)
    actions = [e.action for e in db.exec(events)]
    assert actions == ["create", "corrected", "reopened", "corrected", "closed"]
