"""Enforcement and the schedule read visits, not inspections: a replaced inspection no longer counts, its
correction stands for the visit at the visit's own time, and a proposal resting only on findings since
withdrawn is withdrawn itself."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from sqlmodel import select

from inspector.models import AuditEvent, OrderEvent, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import (
    enforcement,
    findings_raised,
    schedule,
    stop_work_issuing,
    stop_work_proposals,
    stop_work_status,
)
from tests.support.enforcement import commenced_site, pushed_inspection
from tests.sync.helpers import signature

# Four days ago at 15:00 UTC (09:00 in Fairwater): after the test permit's issue day (five days ago).
SEEN = (utcnow() - timedelta(days=4)).replace(hour=15, minute=0, second=0, microsecond=0)
LATE = SEEN + timedelta(hours=30)  # past the 24-hour repair time of INLET


@pytest.fixture
def rb():
    return default()


@pytest.fixture
def site(db, make, people):
    # Commencement notified: its missing notice would be a ground of its own in every proposal below.
    return commenced_site(db, make, people, SEEN - timedelta(days=1))


# The weekly clock counts the permittee's own inspections: kind="weekly" by the permittee.
submit = pushed_inspection


def orders_of(db, site):
    db.expire_all()
    return list(db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)))


def rules_of(order):
    return [g["rule"] for g in order.grounds]


def test_a_critical_failure_corrected_to_pass_does_not_count_toward_the_repeat(
    db, site, people, rb
):
    first = submit(db, site, people["inspector"], at=SEEN, fail=("PERIMETER",))
    corrected = submit(db, site, people["inspector"], at=SEEN + timedelta(hours=1), replaces=first)
    second = submit(
        db, site, people["inspector"], at=SEEN + timedelta(hours=3), fail=("PERIMETER",)
    )
    assert orders_of(db, site) == []  # one failure (the second visit) is not two in a row
    third = submit(db, site, people["inspector"], at=SEEN + timedelta(hours=5), fail=("PERIMETER",))
    [order] = orders_of(db, site)
    assert rules_of(order) == ["repeat_critical_failures"]
    assert order.evidence["inspections"] == [third, second]
    assert (
        first not in order.evidence["inspections"]
        and corrected not in order.evidence["inspections"]
    )


def test_failed_in_the_original_and_its_correction_counts_once(db, site, people, rb):
    first = submit(db, site, people["inspector"], at=SEEN, fail=("PERIMETER",))
    corrected = submit(
        db,
        site,
        people["inspector"],
        at=SEEN + timedelta(hours=2),
        replaces=first,
        fail=("PERIMETER",),
    )
    assert orders_of(db, site) == []  # one visit, written down twice
    later = submit(db, site, people["inspector"], at=SEEN + timedelta(hours=4), fail=("PERIMETER",))
    [order] = orders_of(db, site)
    assert rules_of(order) == ["repeat_critical_failures"]
    assert order.evidence["inspections"] == [later, corrected]
    # Evaluating again proposes nothing new, and neither does a further correction of the same visit.
    assert stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(hours=5), rb) == []
    submit(
        db,
        site,
        people["inspector"],
        at=SEEN + timedelta(hours=6),
        replaces=later,
        fail=("PERIMETER",),
    )
    assert len(orders_of(db, site)) == 1


def test_the_correction_stands_for_the_visit_on_the_weekly_clock(db, site, people, rb):
    """A correction typed two days later neither restarts the weekly clock nor leaves the visit uncounted."""
    first = submit(db, site, people["permittee"], kind="weekly", at=SEEN)
    corrected = submit(
        db, site, people["permittee"], kind="weekly", at=SEEN + timedelta(days=2), replaces=first
    )
    last = schedule.last_inspection(db, site.id)
    assert (last.id, last.started_at) == (corrected, SEEN)
    [weekly] = [
        i
        for i in schedule.due_items(db, site, SEEN + timedelta(days=3), rb)
        if i["kind"] == "weekly"
    ]
    assert weekly["due_at"] == (SEEN + timedelta(days=7)).replace(tzinfo=UTC)
    assert stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(days=7), rb) == []
    [order] = stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(days=7, minutes=1), rb)
    assert rules_of(order) == ["weekly_inspection_missed"]


def test_a_page_of_every_site_reads_the_same_due_items_a_correction_included(db, site, people, rb):
    """The dashboard reads every site without a list of their ids: the same items as for a list."""
    first = submit(db, site, people["permittee"], kind="weekly", at=SEEN)
    submit(
        db, site, people["permittee"], kind="weekly", at=SEEN + timedelta(days=2), replaces=first
    )
    now = SEEN + timedelta(days=3)
    every = schedule.due_items_many(db, [site], now, rb, every_site=True)
    assert every == schedule.due_items_many(db, [site], now, rb)
    assert [i["due_at"] for i in every[site.id] if i["kind"] == "weekly"] == [
        (SEEN + timedelta(days=7)).replace(tzinfo=UTC)
    ]


def proposal_on_overdue_inlet(db, site, people, rb):
    first = submit(db, site, people["inspector"], at=SEEN, fail=("INLET",))
    [order] = stop_work_proposals.evaluate_site(db, site, LATE, rb)
    db.commit()
    assert rules_of(order) == ["overdue_findings"]
    return first, order


def test_a_proposal_whose_only_finding_is_withdrawn_is_withdrawn_with_its_reason(
    db, site, people, rb
):
    first, order = proposal_on_overdue_inlet(db, site, people, rb)
    finding_id = findings_raised.finding_id_for(first, "INLET")
    corrected = submit(db, site, people["inspector"], at=LATE + timedelta(hours=1), replaces=first)
    stop_work_proposals.evaluate_site(
        db, site, LATE + timedelta(hours=2), rb
    )  # the next evaluation (page, tick)
    db.commit()
    [order] = orders_of(db, site)
    assert order.status == "withdrawn" and order.version == 2
    reason = (
        f"Grounds withdrawn: finding INLET of the inspection of {SEEN.date():%a %Y-%m-%d} was "
        "recorded in error and withdrawn when that inspection was corrected (the corrected "
        "version replaces it)."
    )
    assert not {first[:8], finding_id[:8], corrected[:8]} & set(reason.split())  # no ids
    assert [(e.status, e.note, e.by_user_id) for e in enforcement.history(db, order)][-1] == (
        "withdrawn",
        reason,
        None,
    )
    [event] = db.exec(
        select(AuditEvent).where(
            AuditEvent.entity == "stop_work_order",
            AuditEvent.entity_id == order.id,
            AuditEvent.action == "withdraw",
        )
    ).all()
    assert event.before["status"] == "proposed" and event.after["status"] == "withdrawn"
    assert stop_work_status.site_status(db, [site.id], LATE)[site.id]["status"] == "none"
    with pytest.raises(enforcement.NotFound):  # internal, as proposals and dismissals are
        enforcement.get_visible_order(db, people["permittee"], order.id)
    with pytest.raises(enforcement.ServiceError):  # nothing left for a supervisor to issue
        stop_work_issuing.issue(
            db,
            order,
            user=people["supervisor"],
            now=LATE + timedelta(hours=3),
            rb=rb,
            confirmed=True,
            signature=signature(),
        )
    # Evaluating again changes nothing more.
    stop_work_proposals.evaluate_site(db, site, LATE + timedelta(hours=4), rb)
    db.commit()
    assert len(db.exec(select(OrderEvent).where(OrderEvent.order_id == order.id)).all()) == 2


def test_a_proposal_keeps_the_grounds_that_still_hold(db, site, people, rb):
    first, order = proposal_on_overdue_inlet(db, site, people, rb)
    # The weekly inspection is missed too, which joins the proposal.
    stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(days=7, minutes=1), rb)
    db.commit()
    assert rules_of(orders_of(db, site)[0]) == ["overdue_findings", "weekly_inspection_missed"]
    submit(
        db,
        site,
        people["inspector"],
        at=SEEN + timedelta(days=3),
        replaces=first,
        now=SEEN + timedelta(days=7, hours=1),
    )
    stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(days=7, hours=2), rb)
    db.commit()
    [order] = orders_of(db, site)
    assert order.status == "proposed" and rules_of(order) == ["weekly_inspection_missed"]
    assert enforcement.history(db, order)[-1].note.startswith("Ground withdrawn: finding INLET")


def test_an_issued_order_is_unchanged_when_its_finding_is_withdrawn(
    app, client, auth, db, site, people, rb
):
    first, order = proposal_on_overdue_inlet(db, site, people, rb)
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=LATE + timedelta(minutes=5),
        rb=rb,
        confirmed=True,
        signature=signature(),
    )
    db.commit()
    events_before = len(enforcement.history(db, order))
    submit(db, site, people["inspector"], at=LATE + timedelta(hours=1), replaces=first)
    stop_work_proposals.evaluate_site(db, site, LATE + timedelta(hours=2), rb)
    db.commit()
    [order] = orders_of(db, site)
    assert order.status == "issued" and rules_of(order) == ["overdue_findings"]
    assert len(enforcement.history(db, order)) == events_before
    finding_id = findings_raised.finding_id_for(first, "INLET")
    for user in (people["supervisor"], people["permittee"]):
        auth.logout()
        auth.login(user.email)
        page = client.get(f"/orders/{order.id}").get_data(as_text=True)
        assert "Finding INLET (recorded " in page and "was later withdrawn" in page
        assert finding_id[:8] not in page.replace(finding_id, "")
        assert "The order stands until a supervisor decides." in page


def test_a_batch_reads_corrected_and_uncorrected_sites_alike(db, make, site, people, rb):
    """The schedule reads sites with no correction from the inspections themselves and sites with one through
    their visits: in one batch both give what each site gives alone."""
    plain = make.site(people["supervisor"], name="No corrections here")
    make.permit(
        plain,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=5),
    )
    submit(db, plain, people["permittee"], kind="weekly", at=SEEN - timedelta(days=1))
    latest_plain = submit(db, plain, people["permittee"], kind="weekly", at=SEEN)
    first = submit(db, site, people["permittee"], kind="weekly", at=SEEN)
    corrected = submit(
        db, site, people["permittee"], kind="weekly", at=SEEN + timedelta(days=2), replaces=first
    )
    now = SEEN + timedelta(days=3)
    together = schedule.due_items_many(db, [site, plain], now, rb)
    assert together == {s.id: schedule.due_items(db, s, now, rb) for s in (site, plain)}
    assert schedule.last_inspection(db, plain.id).id == latest_plain
    assert (
        schedule.last_inspection(db, site.id).id,
        schedule.last_inspection(db, site.id).started_at,
    ) == (corrected, SEEN)
