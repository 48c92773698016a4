"""Helpers for enforcement tests: record an inspection the way a synced one is stored, with findings."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from inspector.models import Answer, Inspection
from inspector.models.base import utcnow
from inspector.rules.clocks import to_local
from inspector.rules.rulebook import default
from inspector.services import (
    findings_raised,
    inspections,
    permit_notices,
    stop_work_compliance,
    stop_work_issuing,
    stop_work_proposals,
)
from sync.handlers import SyncContext
from tests.sync.helpers import inspection_payload, uid


def record_inspection(
    session,
    site,
    rb,
    *,
    at: datetime,
    failed=(),
    passed=(),
    active=True,
    user=None,
    evaluate=True,
    kind="weekly",
):
    """Store an inspection at `at` (naive UTC) with these failed/passed item codes, raise its findings and
    evaluate the site, as the sync engineer's apply_submission does; commits."""
    inspection = Inspection(
        id=str(uuid.uuid4()),
        site_id=site.id,
        kind=kind,
        inspector_name="Test Inspector",
        inspected_on=to_local(at, rb).date(),
        started_at=at,
        ended_at=at,
        active_disturbance=active,
        catalog_version=rb["checklist.version"],
        user_id=user.id if user else None,
        by_village=bool(user and user.role != "permittee"),
    )
    session.add(inspection)
    session.flush()
    answers = [
        Answer(
            inspection_id=inspection.id, item_code=c, result="fail", corrective_action=f"Fix {c}"
        )
        for c in failed
    ]
    answers += [Answer(inspection_id=inspection.id, item_code=c, result="pass") for c in passed]
    for a in answers:
        session.add(a)
    session.flush()
    made = findings_raised.create_from_inspection(session, inspection, answers, site, at, rb)
    orders = stop_work_proposals.evaluate_site(session, site, at, rb) if evaluate else []
    session.commit()
    return inspection, made, orders


def overdue_inlet_order(session, make, people, rb, *, name="Ash Plat"):
    """A site under the permittee company's issued permit whose INLET failed three days ago, its
    corrective action now overdue, inspected again an hour ago: that inspection proposes one order.
    Returns (site, order)."""
    site = make.site(people["supervisor"], name=name)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(session, site, rb, at=utcnow() - timedelta(days=3), failed=("INLET",))
    _, _, [order] = record_inspection(session, site, rb, at=utcnow() - timedelta(hours=1))
    return site, order


def issued_order(session, site, supervisor, rb, *, now: datetime, notes="Silt fence down"):
    """A supervisor's order on `site` for a control plan not being implemented (§ 256-10A(2)),
    proposed and issued with a signature at `now`; commits."""
    from tests.sync.helpers import signature

    order = stop_work_issuing.propose_manual(
        session,
        site,
        user=supervisor,
        grounds=["plan_not_implemented"],
        notes=notes,
        now=now,
        rb=rb,
    )
    stop_work_issuing.issue(
        session, order, user=supervisor, now=now, rb=rb, confirmed=True, signature=signature()
    )
    session.commit()
    return order


def cease_desist_requested_order(session, make, people, rb, *, name="Lapsed Lot"):
    """An order on a site whose permit was received 200 days ago, proposed by the inspector's
    inspection an hour ago, issued by the supervisor and posted on the site, and taken on to a cease-and-desist request a
    minute after its compliance time; commits. Returns (site, order)."""
    from tests.sync.helpers import signature

    site = make.site(people["supervisor"], name=name)
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=200),
    )
    now = utcnow()
    _, _, [order] = record_inspection(
        session, site, rb, at=now - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    stop_work_issuing.issue(
        session,
        order,
        user=people["supervisor"],
        now=now,
        rb=rb,
        confirmed=True,
        signature=signature(),
    )
    # Posted on the site when issued: the 10 days of § 256-10C run from the posting.
    stop_work_issuing.record_posting(session, order, user=people["inspector"], now=now, rb=rb)
    session.commit()
    later = order.compliance_due + timedelta(minutes=1)
    stop_work_compliance.request_cease_desist(
        session, order, user=people["supervisor"], details="Grading goes on", now=later, rb=rb
    )
    session.commit()
    return site, order


def commenced_site(session, make, people, commenced_at: datetime):
    """A site with stockpiles under the permittee company's permit, received five days ago and
    issued, its commencement notified at `commenced_at` (naive UTC), so a missing notice is no ground
    of its own in a proposal."""
    site = make.site(people["supervisor"], has_stockpiles=True)
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=5),
    )
    permit_notices.notify_commencement(
        session, permit, user=people["permittee"], commenced_at=commenced_at, now=commenced_at
    )
    session.commit()
    return site


def pushed_inspection(
    session, site, user, *, at: datetime, now=None, fail=(), replaces=None, kind="village"
) -> str:
    """One inspection as a device pushes it, dated `at` (naive UTC; a correction is dated when it is
    typed, as the capture page does), stored and evaluated at `now` (default: `at`); commits and
    returns its id."""
    payload = inspection_payload(
        site,
        kind=kind,
        fail=fail,
        replaces_id=replaces,
        inspected_on=at.date().isoformat(),
        started_at=at.isoformat() + "Z",
        ended_at=(at + timedelta(minutes=40)).isoformat() + "Z",
    )
    iid = uid()
    context = SyncContext(user=user, device_id="dev-1", now=now or at, rb=default())
    _, status = inspections.apply_submission(session, payload, iid, context)
    session.commit()
    assert status == "applied"
    return iid
