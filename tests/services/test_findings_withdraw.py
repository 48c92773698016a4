"""A corrected inspection settles its original's findings: an item still failing keeps its finding and clock,
any other answer withdraws the finding recorded in error."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import select

from inspector.models import AuditEvent, Finding, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import (
    ServiceError,
    finding_repairs,
    finding_withdrawal,
    findings,
    findings_raised,
    inspections,
)
from sync.handlers import SyncContext
from tests.sync.helpers import inspection_payload, seal, uid

# Two days ago at 15:00 UTC (09:00 in Fairwater): after the test permit's issue date (three days ago).
SEEN = (utcnow() - timedelta(days=2)).replace(hour=15, minute=0, second=0, microsecond=0)
SOON = SEEN + timedelta(hours=2)  # the correction, well before any due time
LATE = SEEN + timedelta(hours=30)  # past the 24-hour repair time of INLET and PERIMETER


@pytest.fixture
def site(make, people):
    site = make.site(people["supervisor"], has_stockpiles=True)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    return site


def submit(db, site, user, *, now, fail=(), replaces=None, answers=None, **overrides):
    """Store one inspection made at SEEN, as a device push does; returns its id."""
    payload = inspection_payload(
        site,
        kind="village",
        fail=fail,
        replaces_id=replaces,
        inspected_on=SEEN.date().isoformat(),
        started_at=SEEN.isoformat() + "Z",
        ended_at=(SEEN + timedelta(minutes=40)).isoformat() + "Z",
        **overrides,
    )
    if answers is not None:
        payload = seal({**payload, "answers": answers(payload["answers"])})
    iid = uid()
    _, status = inspections.apply_submission(
        db, payload, iid, SyncContext(user=user, device_id="dev-1", now=now, rb=default())
    )
    db.commit()
    assert status == "applied"
    return iid


def finding_of(db, inspection_id, code) -> Finding:
    db.expire_all()
    return db.get(Finding, findings_raised.finding_id_for(inspection_id, code))


def events(db, finding_id, action):
    return db.exec(
        select(AuditEvent).where(
            AuditEvent.entity == "finding",
            AuditEvent.entity_id == finding_id,
            AuditEvent.action == action,
        )
    ).all()


def test_pass_after_fail_withdraws_the_finding_with_reason_audit_and_new_version(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    before = finding_of(db, first, "INLET")
    assert before.status == "open" and before.version == 1
    second = submit(db, site, people["inspector"], now=SOON, replaces=first)
    finding = finding_of(db, first, "INLET")
    assert finding.status == "withdrawn"
    assert finding.version == 2 and finding.updated_at == SOON  # devices pull the change
    (event,) = events(db, finding.id, "withdraw")
    assert event.user_id == people["inspector"].id and event.device_id == "dev-1"
    assert event.before["status"] == "open" and event.after["status"] == "withdrawn"
    assert event.after["replacement_id"] == second
    why = finding_withdrawal.withdrawal(db, finding)
    assert why["reason"] == (
        f"Withdrawn: the inspection that recorded it was corrected on {SOON.date().isoformat()} "
        f"(the corrected version of {SOON.date():%a %Y-%m-%d} replaces it); the item now reads pass."
    )
    assert (
        why["replacement_id"] == second
        and why["at"] == SOON
        and why["user_id"] == people["inspector"].id
    )
    assert findings.open_findings(db, [site.id]) == []
    assert findings.counts_by_site(db, [site.id], LATE)[site.id] == {"open": 0, "overdue": 0}
    with pytest.raises(ServiceError):  # nothing to verify: withdrawn is final
        finding_repairs.close(db, finding, user=people["inspector"], now=SOON)


def test_not_applicable_or_left_out_also_withdraws_and_says_which(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET", "PERIMETER"))

    def na_inlet_without_perimeter(answers):
        out = [a for a in answers if a["item_code"] != "PERIMETER"]
        for a in out:
            if a["item_code"] == "INLET":
                a["result"] = "na"
        return out

    submit(
        db, site, people["inspector"], now=SOON, replaces=first, answers=na_inlet_without_perimeter
    )
    inlet, perimeter = finding_of(db, first, "INLET"), finding_of(db, first, "PERIMETER")
    assert (inlet.status, perimeter.status) == ("withdrawn", "withdrawn")
    assert finding_withdrawal.withdrawal(db, inlet)["reason"].endswith(
        "the item now reads not applicable."
    )
    assert finding_withdrawal.withdrawal(db, perimeter)["reason"].endswith(
        "the correction does not list the item."
    )


def test_fail_in_both_carries_the_finding_over_with_its_first_due_time(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("PERIMETER",))
    original = finding_of(db, first, "PERIMETER")
    due = original.due_at

    def new_words(answers):
        for a in answers:
            if a["item_code"] == "PERIMETER":
                a["note"], a["corrective_action"] = (
                    "Fence flattened along the north side",
                    "Re-stake the fence",
                )
        return answers

    second = submit(
        db,
        site,
        people["inspector"],
        now=SOON + timedelta(hours=1),
        replaces=first,
        fail=("PERIMETER",),
        answers=new_words,
    )
    assert (
        db.exec(select(Finding).where(Finding.inspection_id == second)).all() == []
    )  # no second finding
    assert len(db.exec(select(Finding).where(Finding.site_id == site.id)).all()) == 1
    finding = finding_of(db, first, "PERIMETER")
    assert finding.status == "open" and finding.due_at == due
    assert finding.description == "Fence flattened along the north side"
    assert finding.required_action == "Re-stake the fence" and finding.version == 2
    (event,) = events(db, finding.id, "carry_over")
    assert (
        event.after["replacement_id"] == second
        and event.before["required_action"] != "Re-stake the fence"
    )


def test_a_correction_of_a_correction_looks_back_to_the_first_finding(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    second = submit(db, site, people["inspector"], now=SOON, replaces=first, fail=("INLET",))
    assert (
        finding_of(db, first, "INLET").status == "open" and finding_of(db, second, "INLET") is None
    )
    submit(db, site, people["inspector"], now=SOON, replaces=second)
    assert finding_of(db, first, "INLET").status == "withdrawn"


@pytest.mark.parametrize("result", ["pass", "fail"])
def test_a_closed_finding_stays_closed_and_is_not_raised_again(db, site, people, result):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    finding_repairs.close(
        db, finding_of(db, first, "INLET"), user=people["inspector"], now=SOON, note="Fixed on site"
    )
    db.commit()
    second = submit(
        db,
        site,
        people["inspector"],
        now=SOON + timedelta(hours=1),
        replaces=first,
        fail=("INLET",) if result == "fail" else (),
    )
    finding = finding_of(db, first, "INLET")
    assert finding.status == "closed" and finding.version == 2  # closed once, nothing since
    assert finding_of(db, second, "INLET") is None
    assert events(db, finding.id, "withdraw") == []


def test_a_finding_reported_corrected_is_withdrawn_too(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    finding_repairs.mark_corrected(
        db, finding_of(db, first, "INLET"), user=people["permittee"], note="Cleaned", now=SOON
    )
    db.commit()
    submit(db, site, people["inspector"], now=SOON, replaces=first)
    assert finding_of(db, first, "INLET").status == "withdrawn"


def test_a_replayed_correction_changes_nothing_more(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET", "PERIMETER"))
    payload = inspection_payload(
        site,
        kind="village",
        fail=("PERIMETER",),
        replaces_id=first,
        inspected_on=SEEN.date().isoformat(),
        started_at=SEEN.isoformat() + "Z",
        ended_at=(SEEN + timedelta(minutes=40)).isoformat() + "Z",
    )
    second = uid()
    ctx = SyncContext(user=people["inspector"], device_id="dev-1", now=SOON, rb=default())
    assert inspections.apply_submission(db, payload, second, ctx)[1] == "applied"
    db.commit()

    def state():
        db.expire_all()
        rows = db.exec(select(Finding).order_by(Finding.id)).all()
        return (
            [(f.id, f.status, f.version, f.description) for f in rows],
            len(db.exec(select(AuditEvent).where(AuditEvent.entity == "finding")).all()),
        )

    settled = state()
    assert inspections.apply_submission(db, payload, second, ctx)[1] == "duplicate"
    db.commit()
    # The function itself is safe to run twice on the same correction: nothing withdrawn or logged again.
    from inspector.models import Answer, Inspection

    answers = db.exec(select(Answer).where(Answer.inspection_id == second)).all()
    assert finding_withdrawal.carry_over_or_withdraw(
        db, db.get(Inspection, second), answers, LATE, default()
    ) == {"PERIMETER"}
    db.commit()
    assert state() == settled


def cites(order, finding_id) -> bool:
    return finding_id in (order.evidence or {}).get("findings", []) or any(
        f"overdue_finding:{finding_id}" in g.get("keys", []) for g in order.grounds
    )


def test_an_overdue_finding_withdrawn_proposes_no_stop_work_order(db, site, people):
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    submit(
        db, site, people["inspector"], now=LATE, replaces=first
    )  # a single push evaluates the site now
    finding = finding_of(db, first, "INLET")
    assert finding.status == "withdrawn" and not findings.is_overdue(finding, LATE, default())
    orders = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    assert not any(
        cites(o, finding.id) or "overdue_findings" in {g["rule"] for g in o.grounds} for o in orders
    )


def test_an_overdue_finding_carried_over_still_proposes_a_stop_work_order(db, site, people):
    """The counterpart of the test above: the carried-over clock is the first one, so it is overdue."""
    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",))
    submit(db, site, people["inspector"], now=LATE, replaces=first, fail=("INLET",))
    finding = finding_of(db, first, "INLET")
    orders = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    assert any(cites(o, finding.id) for o in orders)
