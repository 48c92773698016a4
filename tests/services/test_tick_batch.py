"""The clock tick reads its sites a batch at a time (services/site_facts.py) and seals its proposals
together: each site's facts are what the site gives alone, the number of queries does not grow with the
sites, and every proposal is sealed as stored."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event
from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections, permit_notices, seals, site_facts, stop_work_proposals
from sync.protocol import BatchContext
from tests.sync.helpers import inspection_payload, uid

RB = default()
SEEN = (utcnow() - timedelta(days=4)).replace(hour=15, minute=0, second=0, microsecond=0)
NOW = SEEN + timedelta(days=2)  # the failed inlet's 24-hour repair time has passed


def inspect(db, site, user, *, at, fail=(), replaces=None) -> str:
    """An inspection as a sync batch stores it: evaluated by the tick, not at once."""
    payload = inspection_payload(
        site,
        kind="village",
        fail=fail,
        replaces_id=replaces,
        inspected_on=at.date().isoformat(),
        started_at=at.isoformat() + "Z",
        ended_at=(at + timedelta(minutes=40)).isoformat() + "Z",
    )
    iid = uid()
    ctx = BatchContext(user=user, device_id="dev-1", now=at, rb=RB)
    assert inspections.apply_submission(db, payload, iid, ctx)[1] == "applied"
    db.commit()
    return iid


def world(db, make, people, count: int) -> list:
    """`count` sites of three kinds in turn: an issued permit with a failed inlet later corrected, one
    with commencement never notified, and no permit at all; every one inspected with disturbance."""
    out = []
    for n in range(count):
        site = make.site(people["supervisor"], name=f"Site {n}")
        if n % 3 != 2:
            permit = make.permit(
                site,
                people["permittee"].company_id,
                people["supervisor"],
                issued=True,
                received_on=utcnow().date() - timedelta(days=6),
            )
            if n % 3 == 0:
                permit_notices.notify_commencement(
                    db,
                    permit,
                    user=people["permittee"],
                    commenced_at=SEEN - timedelta(days=1),
                    now=SEEN - timedelta(days=1),
                )
                db.commit()
        first = inspect(db, site, people["inspector"], at=SEEN - timedelta(days=1))
        if n % 3 == 0:
            inspect(
                db,
                site,
                people["inspector"],
                at=SEEN - timedelta(days=1),
                fail=("INLET",),
                replaces=first,
            )
        inspect(db, site, people["inspector"], at=SEEN, fail=("INLET",) if n % 3 == 0 else ())
        out.append(site)
    return out


def test_a_batch_gives_each_site_the_facts_it_gives_alone(db, make, people):
    sites = world(db, make, people, 3)
    together = site_facts.gather_many(db, sites, NOW, RB)
    alone = {s.id: site_facts.gather(db, s, NOW, RB) for s in sites}
    assert together == alone
    corrected, unnotified, unpermitted = (together[s.id] for s in sites)
    assert len(corrected.inspections) == 2 and "INLET" in corrected.inspections[0].failed
    assert {f.item_code for f in corrected.findings} == {"INLET"}
    assert unnotified.first_active_inspection is not None
    assert unnotified.commencement_notified_at is None
    assert unpermitted.permit_id is None and unpermitted.first_active_inspection is None


def test_the_tick_reads_as_many_times_for_six_sites_as_for_three(app, db, make, people):
    def selects(sites) -> int:
        seen = []

        def count(_conn, _cursor, statement, *_args):
            seen.append(statement.lstrip().upper().startswith(("SELECT", "WITH")))

        engine = app.extensions["engine"]
        event.listen(engine, "before_cursor_execute", count)
        try:
            stop_work_proposals.evaluate_all(db, NOW, RB)
            db.rollback()
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return sum(seen)

    world(db, make, people, 3)
    three = selects(3)
    world(db, make, people, 3)
    assert selects(6) == three


def test_the_ticks_proposals_are_sealed_as_stored_and_the_next_tick_adds_none(db, make, people):
    sites = world(db, make, people, 3)
    created = stop_work_proposals.evaluate_all(db, NOW, RB)
    db.commit()
    assert sorted(o.site_id for o in created) == sorted(s.id for s in sites)
    grounds = {o.site_id: {g["ground"] for g in o.grounds} for o in created}
    assert grounds[sites[0].id] == {"plan_not_implemented"}  # the inlet failed twice running
    assert grounds[sites[2].id] == {"no_permit"}
    for order in created:
        assert seals.latest_seal(db, "stop_work_order", order.id) is not None
    assert seals.verify(db, NOW).ok
    assert stop_work_proposals.evaluate_all(db, NOW + timedelta(minutes=5), RB) == []
    db.commit()
    assert len(db.exec(select(StopWorkOrder)).all()) == 3
