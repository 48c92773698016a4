"""A site's permit in force stays its current permit (the one its clocks follow): the newest in
force (issued, extended, suspended), else the newest, one site at a time and for many in one query.
A permittee files no new application while a permit is in force; one recorded by staff waits
beside it and takes over once issued (§ 256-8D)."""

from datetime import datetime, timedelta

import pytest
from sqlalchemy import event
from sqlmodel import select

from inspector.models import Permit
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import (
    ServiceError,
    control_plans,
    permit_applications,
    permit_duration,
    permits,
    schedule,
)

RB = default()


def _apply(db, site, user, company_id, today, **kw):
    fields = {"received_on": today, "fee_paid_on": None, **kw}
    permit = permit_applications.apply(
        db,
        site=site,
        company_id=company_id,
        applicant_name="Applicant",
        building_permit_until=None,
        user=user,
        today=today,
        **fields,
    )
    db.commit()
    return permit


def _weekly(db, site):
    items = schedule.due_items_many(db, [site], utcnow(), RB)[site.id]
    return [(i["kind"], i["state"]) for i in items]


def _row(db, site, status, created_at, **kw):
    permit = Permit(
        site_id=site.id,
        company_id=kw.pop("company_id"),
        applicant_name="Applicant",
        application_received_on=created_at.date(),
        status=status,
        created_at=created_at,
        **kw,
    )
    db.add(permit)
    db.flush()
    return permit


def _upload(db, permit, user, kind="site_construction_plan"):
    return control_plans.add_document(
        db, permit, kind=kind, filename="plan-v2.pdf", data=b"%PDF-1.4 v2", user=user, rb=RB
    )


@pytest.mark.parametrize("status", ["issued", "extended", "suspended"])
def test_a_permittees_new_application_is_refused_while_a_permit_is_in_force(
    db, make, people, status
):
    supervisor, acme = people["supervisor"], people["permittee"]
    today = utcnow().date()
    site = make.site(supervisor)
    issued = make.permit(
        site, acme.company_id, supervisor, issued=True, received_on=today - timedelta(days=20)
    )
    if status != "issued":
        permits.set_status(db, issued, status, user_id=supervisor.id)
        db.commit()
    assert ("weekly", "overdue") in _weekly(db, site)
    with pytest.raises(ServiceError, match="has a permit in force") as refused:
        _apply(db, site, acme, acme.company_id, today)
    db.rollback()
    message = refused.value.message
    assert issued.number in message and status in message
    assert "§ 256-8D(1)" in message and "§ 256-8D(3)(c)" in message  # extend, or modify in writing
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).all() == [issued]
    assert permits.current_permit(db, site.id).id == issued.id
    assert ("weekly", "overdue") in _weekly(db, site)


def test_staffs_application_beside_a_permit_in_force_waits_until_issued(db, make, people):
    """The site passing to another permittee: the Village records its application, and the permit
    in force keeps the schedule until the new permit is issued."""
    supervisor, acme, rival = people["supervisor"], people["permittee"], people["other"]
    today = utcnow().date()
    site = make.site(supervisor)
    issued = make.permit(
        site, acme.company_id, supervisor, issued=True, received_on=today - timedelta(days=20)
    )
    pending = _apply(db, site, supervisor, rival.company_id, today, fee_paid_on=today)
    assert pending.status == "applied"
    assert permits.current_permit(db, site.id).id == issued.id
    assert permits.current_permits(db, [site.id])[site.id].id == issued.id
    assert ("weekly", "overdue") in _weekly(db, site)
    (event,) = permits.history(db, pending)
    assert f"{issued.number} stays in force until it is issued" in event.note
    for d in RB["control_plan_documents"]:
        _upload(db, pending, supervisor, d["kind"])
    permit_applications.issue(db, pending, site=site, user=supervisor, issued_on=today, rb=RB)
    db.commit()
    assert permits.current_permit(db, site.id).id == pending.id
    assert permits.current_permits(db, [site.id])[site.id].id == pending.id


def test_a_new_application_is_taken_once_the_permit_is_no_longer_in_force(db, make, people):
    supervisor, acme = people["supervisor"], people["permittee"]
    today = utcnow().date()
    lapsed_site = make.site(supervisor, name="Lapsed")
    lapsed = make.permit(lapsed_site, acme.company_id, supervisor, issued=True)
    # Its last valid day was yesterday and the tick has not run: the application records the expiry.
    lapsed.expires_on = today - timedelta(days=1)
    db.commit()
    renewal = _apply(db, lapsed_site, acme, acme.company_id, today)
    assert lapsed.status == "expired"
    assert permits.current_permit(db, lapsed_site.id).id == renewal.id
    revoked_site = make.site(supervisor, name="Revoked")
    revoked = make.permit(revoked_site, acme.company_id, supervisor, issued=True)
    permits.set_status(db, revoked, "revoked", user_id=supervisor.id)
    db.commit()
    again = _apply(db, revoked_site, acme, acme.company_id, today)
    assert permits.current_permit(db, revoked_site.id).id == again.id
    # An undecided application is no permit in force, but staff record no second one beside it:
    # each would run its own § 256-8C review clock. Once it is decided, a new one is taken.
    pending = make.site(supervisor, name="Pending")
    first = make.permit(pending, acme.company_id, supervisor)
    with pytest.raises(ServiceError, match="still waiting for a decision. Decide it") as refused:
        _apply(db, pending, supervisor, acme.company_id, today)
    assert "second review clock (§ 256-8C)" in refused.value.message
    db.rollback()
    assert [p.id for p in db.exec(select(Permit).where(Permit.site_id == pending.id))] == [first.id]
    permit_applications.deny(db, first, user=supervisor, reasons="No control plan came with it.")
    db.commit()
    second = _apply(db, pending, supervisor, acme.company_id, today)
    assert permits.current_permit(db, pending.id).id == second.id


def test_an_application_beside_an_extended_permit_does_not_take_its_schedule(db, make, people):
    """The one way left to a newer application beside a permit in force: the permit expired, a new
    application came in, and the Village then extended the expired permit (§ 256-8D(1))."""
    supervisor, acme = people["supervisor"], people["permittee"]
    today = utcnow().date()
    site = make.site(supervisor)
    old = make.permit(
        site, acme.company_id, supervisor, issued=True, received_on=today - timedelta(days=20)
    )
    old.expires_on = today - timedelta(days=1)
    db.commit()
    newer = _apply(db, site, acme, acme.company_id, today)
    assert ("weekly", "not_active") in _weekly(db, site)  # the expired permit has no schedule
    permit_duration.extend(db, old, user=supervisor, days=30, conditions="", rb=RB)
    db.commit()
    assert newer.created_at >= old.created_at and newer.id > old.id
    assert permits.current_permit(db, site.id).id == old.id
    assert permits.current_permits(db, [site.id])[site.id].id == old.id
    assert ("weekly", "overdue") in _weekly(db, site)


def test_current_permit_and_current_permits_agree(db, make, people):
    """The same pick, one site at a time and for many sites in one query: the newest in force, else
    the newest; among equal times the higher id."""
    supervisor = people["supervisor"]
    company_id = people["permittee"].company_id
    t = datetime(2026, 6, 1, 12, 0)
    day = timedelta(days=1)
    cases = {  # site name: [(status, created_at)], and which of them is current
        "none": ([], None),
        "applied": ([("applied", t)], 0),
        "issued then applied": ([("issued", t), ("applied", t + day)], 0),
        "issued then denied": ([("issued", t), ("denied", t + day)], 0),
        "suspended then under review": ([("suspended", t), ("under_review", t + day)], 0),
        "extended then applied": ([("extended", t), ("applied", t + 2 * day)], 0),
        "two issued": ([("issued", t), ("issued", t + day)], 1),
        "expired then applied": ([("expired", t), ("applied", t + day)], 1),
        "revoked then denied": ([("revoked", t), ("denied", t + day)], 1),
        "same time": ([("applied", t), ("applied", t)], 1),
        "same time in force": ([("issued", t), ("issued", t), ("applied", t + day)], 1),
    }
    expected, site_ids = {}, []
    for name, (rows, current) in cases.items():
        site = make.site(supervisor, name=name)
        site_ids.append(site.id)
        made = [_row(db, site, status, at, company_id=company_id) for status, at in rows]
        expected[site.id] = made[current].id if made else None
    db.commit()
    many = permits.current_permits(db, site_ids)
    for site_id in site_ids:
        one = permits.current_permit(db, site_id)
        assert (one.id if one else None) == expected[site_id]
        assert (many[site_id].id if site_id in many else None) == expected[site_id]


def test_current_permits_is_one_query_for_many_sites(app, db, make, people):
    supervisor = people["supervisor"]
    company_id = people["permittee"].company_id
    t = datetime(2026, 6, 1, 12, 0)
    site_ids = []
    for n in range(12):
        site = make.site(supervisor, name=f"Lot {n}")
        site_ids.append(site.id)
        _row(db, site, "issued", t, company_id=company_id)
        _row(db, site, "applied", t + timedelta(days=1), company_id=company_id)
    db.commit()
    permits.current_permits(db, site_ids)  # warm up: the transaction's first statements
    count = []
    engine = app.extensions["engine"]
    listener = lambda *a, **k: count.append(1)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        got = permits.current_permits(db, site_ids)
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(count) == 1
    assert {p.status for p in got.values()} == {"issued"} and set(got) == set(site_ids)


def test_the_refusal_names_the_permit_in_force_and_its_last_day_in_words(db, make, people):
    """It read "(issued until 2026-06-01)", the date as the database keeps it."""
    supervisor, acme = people["supervisor"], people["permittee"]
    today = utcnow().date()
    site = make.site(supervisor)
    issued = make.permit(
        site, acme.company_id, supervisor, issued=True, received_on=today - timedelta(days=20)
    )
    last = issued.expires_on
    with pytest.raises(ServiceError) as refused:
        _apply(db, site, acme, acme.company_id, today)
    db.rollback()
    message = refused.value.message
    assert f"{issued.number} (issued, valid until {last:%B} {last.day}, {last.year})." in message
    assert last.isoformat() not in message
