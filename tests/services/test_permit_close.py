"""The Village closes a permit once it has verified the site finally stabilized (the protective
reading of a silence: clocks.closing.reading_note). Closed, the site has no inspection due, the tick
proposes nothing for a missed one, and land disturbance there afterwards is work without a permit."""

from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import Finding, Permit, StopWorkOrder
from inspector.models.base import utcnow
from inspector.services import (
    Forbidden,
    ServiceError,
    permit_duration,
    permit_notices,
    permits,
    schedule,
    stop_work_issuing,
    stop_work_proposals,
)
from tests.support.enforcement import issued_order, record_inspection

T0 = datetime(2027, 3, 10, 18, 0)  # Wednesday 12:00 in Fairwater
NOTE = "Final inspection 2027-03-10: vegetation established, silt fence removed"


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def site(db, make, people):
    site = make.site(people["supervisor"], name="Finished Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=T0 - timedelta(days=30),
        now=T0 - timedelta(days=30),
    )
    db.commit()
    return site


def permit_of(db, site) -> Permit:
    return db.exec(select(Permit).where(Permit.site_id == site.id)).one()


def final_inspection(db, site, rb, people, at=T0):
    """The Village's final inspection: every control passes, no land disturbance under way."""
    return record_inspection(
        db, site, rb, at=at, passed=("INLET",), active=False, user=people["inspector"]
    )


def close(db, site, people, note=NOTE, who="supervisor"):
    permit_duration.close(db, permit_of(db, site), user=people[who], note=note)
    db.commit()


def refused(db, site, people, match: str, note=NOTE) -> None:
    with pytest.raises(ServiceError, match=match):
        permit_duration.close(db, permit_of(db, site), user=people["supervisor"], note=note)
    db.rollback()
    assert permit_of(db, site).status == "issued"


def test_a_supervisor_closes_the_permit_of_a_finished_site(db, site, rb, people):
    final_inspection(db, site, rb, people)
    close(db, site, people)
    permit = permit_of(db, site)
    assert permit.status == "closed"
    last = permits.history(db, permit)[-1]
    assert (last.status, last.note, last.by_user_id) == ("closed", NOTE, people["supervisor"].id)
    shown = permit_duration.closing(db, permit, rb)
    assert shown["by"] == people["supervisor"].name and shown["note"] == NOTE
    with pytest.raises(ServiceError, match="already closed"):
        close(db, site, people)
    db.rollback()
    assert [e.status for e in permits.history(db, permit)].count("closed") == 1


def test_only_a_supervisor_closes_and_says_what_it_verified(db, site, rb, people):
    final_inspection(db, site, rb, people)
    for who in ("inspector", "permittee"):
        with pytest.raises(Forbidden):
            close(db, site, people, who=who)
        db.rollback()
    refused(db, site, people, "Write what the Village verified", note="   ")


def test_refused_while_a_stop_work_order_is_proposed_or_in_force(db, site, rb, people):
    final_inspection(db, site, rb, people)
    # The weekly inspection missed:
    [order] = stop_work_proposals.evaluate_site(db, site, T0 + timedelta(days=8), rb)
    db.commit()
    refused(db, site, people, "is proposed for this site: issue or dismiss it")
    stop_work_issuing.dismiss(
        db, order, user=people["supervisor"], reason="Site finished", now=T0 + timedelta(days=8)
    )
    db.commit()
    order = issued_order(db, site, people["supervisor"], rb, now=T0 + timedelta(days=9))
    with pytest.raises(ServiceError, match="is in force: it must be lifted"):
        close(db, site, people)
    db.rollback()
    assert permit_of(db, site).status == "suspended"


@pytest.mark.parametrize("status", ["open", "reopened", "corrected"])
def test_refused_while_a_finding_is_not_resolved(db, site, rb, people, status):
    record_inspection(db, site, rb, at=T0 - timedelta(days=1), failed=("INLET",), evaluate=False)
    final_inspection(db, site, rb, people)
    finding = db.exec(select(Finding).where(Finding.site_id == site.id)).one()
    finding.status = status
    db.add(finding)
    db.commit()
    words = {"corrected": "corrected, awaiting the Village's verification"}.get(status, status)
    refused(db, site, people, f"1 finding on this site is not resolved: .*\\({words}\\)")


def test_refused_while_the_last_inspection_saw_land_disturbance(db, site, rb, people):
    record_inspection(db, site, rb, at=T0, passed=("INLET",), active=True, evaluate=False)
    refused(db, site, people, "recorded land disturbance under way")


def test_a_closed_permits_site_has_nothing_due_and_the_tick_proposes_nothing(db, site, rb, people):
    final_inspection(db, site, rb, people)
    close(db, site, people)
    later = T0 + timedelta(days=30)
    [item] = schedule.due_items(db, site, later, rb)
    assert item["state"] == "not_active" and "closed" in item["label"]
    assert stop_work_proposals.evaluate_all(db, later, rb) == []
    assert stop_work_proposals.evaluate_site(db, site, later, rb) == []
    assert db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all() == []


def test_land_disturbance_after_closing_is_work_without_a_permit(db, site, rb, people):
    final_inspection(db, site, rb, people)
    close(db, site, people)
    _, _, [order] = record_inspection(
        db, site, rb, at=T0 + timedelta(days=20), passed=("INLET",), user=people["inspector"]
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]
    assert order.grounds[0]["citation"] == "§ 256-10A(1)"


def test_disturbance_recorded_before_the_closing_and_sent_after_it_is_no_ground(
    db, make, people, rb
):
    """A tablet offline on the last working days sends, after the Village closed the permit, an
    inspection made while the permit was in force: the work it saw was under the permit, so it
    proposes no order for work without a permit. Work seen after the closing day still does."""
    now = utcnow().replace(microsecond=0)  # the closing is dated by the real clock
    site = make.site(people["supervisor"], name="Late Tablet Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(
        db, site, rb, at=now - timedelta(days=2), passed=("INLET",), active=False, evaluate=False
    )
    close(db, site, people)
    _, _, orders = record_inspection(
        db, site, rb, at=now - timedelta(days=1), passed=("INLET",), user=people["permittee"]
    )
    assert orders == []
    assert stop_work_proposals.evaluate_site(db, site, now, rb) == []
    _, _, [order] = record_inspection(
        db, site, rb, at=now + timedelta(days=2), passed=("INLET",), user=people["inspector"]
    )
    assert [g["ground"] for g in order.grounds] == ["no_permit"]
