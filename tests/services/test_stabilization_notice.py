"""The permittee tells the Village its site is finally stabilized: the notice asks the Village to
close the permit and closes nothing (clocks.stabilization_notice.reading_note). Its day is the
Village's, one notice waits at a time, and a refused one writes nothing."""

from datetime import date, datetime, timedelta

import pytest
from sqlmodel import func, select

from inspector.models import AuditEvent, Permit, Site
from inspector.rules import clocks
from inspector.services import (
    Forbidden,
    NotFound,
    ServiceError,
    permit_duration,
    schedule,
    stabilization,
)
from tests.support.enforcement import record_inspection

WORK = "Seeded and mulched, 70 % cover, silt fence removed"


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def permit(db, make, people):
    site = make.site(people["supervisor"], name="Finished Lot")
    return make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)


def local(day: date, hour: int, minute: int, rb) -> datetime:
    """A wall-clock time in Fairwater on `day`, as the naive UTC the database keeps."""
    return clocks.from_local(datetime(day.year, day.month, day.day, hour, minute), rb)


def written(db) -> int:
    return db.exec(select(func.count()).select_from(AuditEvent)).one()


def notify(db, permit, people, rb, *, who="permittee", on=None, work=WORK, now=None):
    now = now or local(permit.issued_on + timedelta(days=10), 12, 0, rb)
    stabilization.notify(
        db,
        db.get(Permit, permit.id),
        user=people[who],
        stabilized_on=on or permit.issued_on + timedelta(days=9),
        description=work,
        now=now,
        rb=rb,
    )
    db.commit()


def refused(db, permit, people, rb, match, exc=ServiceError, **kwargs):
    before = written(db)
    with pytest.raises(exc, match=match):
        notify(db, permit, people, rb, **kwargs)
    db.rollback()
    assert written(db) == before
    assert db.get(Permit, permit.id).status in ("issued", "closed", "applied")


def test_the_notice_keeps_what_who_and_when_and_closes_nothing(db, permit, people, rb):
    now = local(permit.issued_on + timedelta(days=10), 12, 0, rb)
    notify(db, permit, people, rb, now=now)
    db.expire_all()
    permit = db.get(Permit, permit.id)
    assert permit.status == "issued"
    given = stabilization.waiting(db, permit, rb)
    assert given["stabilized_on"] == permit.issued_on + timedelta(days=9)
    assert given["description"] == WORK
    assert given["notified_on"] == permit.issued_on + timedelta(days=10)
    assert given["by"] == people["permittee"].name
    event = db.exec(select(AuditEvent).where(AuditEvent.action == stabilization.NOTIFIED)).one()
    assert (event.user_id, event.entity_id, event.site_id) == (
        people["permittee"].id,
        str(permit.id),
        permit.site_id,
    )
    # The weekly inspection is still asked for: the notice is no closing.
    site = db.get(Site, permit.site_id)
    items = schedule.due_items(db, site, now + timedelta(days=8), rb)
    assert any(i["kind"] == "weekly" and i["state"] == "overdue" for i in items)


def test_a_supervisor_may_give_it_for_the_permittee_an_inspector_or_rival_may_not(
    db, permit, people, rb
):
    refused(db, permit, people, rb, "supervisor for it", exc=Forbidden, who="inspector")
    refused(db, permit, people, rb, "No such permit", exc=NotFound, who="other")
    notify(db, permit, people, rb, who="supervisor")
    assert stabilization.waiting(db, permit, rb)["by"] == people["supervisor"].name


def test_one_notice_waits_at_a_time_until_declined(db, permit, people, rb):
    notify(db, permit, people, rb)
    refused(db, permit, people, rb, "is waiting for the Village.*Nothing was sent")
    with pytest.raises(Forbidden):
        stabilization.decline(
            db, permit, user=people["permittee"], reason="no", now=datetime(2027, 1, 1), rb=rb
        )
    db.rollback()
    with pytest.raises(ServiceError, match="Say what the Village found"):
        stabilization.decline(
            db, permit, user=people["supervisor"], reason="  ", now=datetime(2027, 1, 1), rb=rb
        )
    db.rollback()
    stabilization.decline(
        db,
        permit,
        user=people["supervisor"],
        reason="Bare soil on the east slope",
        now=local(permit.issued_on + timedelta(days=12), 9, 0, rb),
        rb=rb,
    )
    db.commit()
    assert stabilization.waiting(db, permit, rb) is None
    last = stabilization.latest(db, permit, rb)
    assert last["declined"] and last["reason"] == "Bare soil on the east slope"
    assert last["declined_on"] == permit.issued_on + timedelta(days=12)
    assert last["by"] == people["permittee"].name and last["description"] == WORK
    notify(db, permit, people, rb, work="Reseeded the east slope")
    assert stabilization.waiting(db, permit, rb)["description"] == "Reseeded the east slope"


def test_it_stops_waiting_when_the_village_closes_the_permit(db, permit, people, rb):
    site = db.get(Site, permit.site_id)
    record_inspection(
        db,
        site,
        rb,
        at=local(permit.issued_on + timedelta(days=1), 10, 0, rb),
        passed=("INLET",),
        active=False,
        user=people["inspector"],
    )
    notify(db, permit, people, rb)
    permit_duration.close(db, db.get(Permit, permit.id), user=people["supervisor"], note="Verified")
    db.commit()
    assert stabilization.waiting(db, db.get(Permit, permit.id), rb) is None
    refused(db, permit, people, rb, "already closed .*no inspections are due under it")


def test_refused_on_a_permit_not_issued(db, make, people, rb):
    site = make.site(people["supervisor"], name="Waiting Lot")
    application = make.permit(site, people["permittee"].company_id, people["supervisor"])
    refused(
        db,
        application,
        people,
        rb,
        "under an issued or extended permit \\(this one is application received\\)",
        on=date(2026, 1, 1),
        now=datetime(2027, 1, 1),
    )


def test_refused_with_a_day_in_the_future_before_the_issue_or_no_words(db, permit, people, rb):
    issued = permit.issued_on
    now = local(issued + timedelta(days=10), 12, 0, rb)
    refused(
        db, permit, people, rb, "cannot be in the future", on=issued + timedelta(days=11), now=now
    )
    refused(
        db, permit, people, rb, "not before it was issued", on=issued - timedelta(days=1), now=now
    )
    refused(db, permit, people, rb, "Say what was done", work="   ", now=now)
    refused(db, permit, people, rb, "Too long", work="x" * 1001, now=now)


def test_the_day_is_the_villages_at_23_59_and_19_30(db, permit, people, rb):
    day = permit.issued_on + timedelta(days=10)
    # 19:30 in Fairwater is already the next day in UTC: that next day is still the future here.
    evening = local(day, 19, 30, rb)
    assert evening.date() == day + timedelta(days=1)
    refused(
        db, permit, people, rb, "cannot be in the future", on=day + timedelta(days=1), now=evening
    )
    # 23:59 is still the Village's `day`: the site stabilized that day, and the notice is of that day.
    notify(db, permit, people, rb, on=day, now=local(day, 23, 59, rb))
    given = stabilization.waiting(db, permit, rb)
    assert (given["stabilized_on"], given["notified_on"]) == (day, day)
