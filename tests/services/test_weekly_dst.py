"""§ 256-8D(3)(g) "at least each week" across the DST changes. A week is read for the permittee:
it ends at the later of 7 x 24 hours and the same local time seven days on. At the autumn change
(2026-11-01, a 25-hour day) a visit at 09:00 on Friday 10-30 is due by 09:00 on Friday 11-06, not
08:00; at the spring change (2027-03-14, 23 hours) the week keeps its 168 hours."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from inspector.models import Inspection
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import permit_notices, schedule, stop_work_proposals

RB = default()


def local(*args) -> datetime:
    return clocks.from_local(datetime(*args), RB)


def test_a_week_across_the_autumn_change_ends_at_the_same_local_time():
    due = clocks.weekly_inspection_due(local(2026, 10, 30, 9, 0), RB).due
    assert due == local(2026, 11, 6, 9, 0) == datetime(2026, 11, 6, 15, 0)  # 169 hours


def test_a_week_across_the_spring_change_keeps_its_168_hours():
    last = local(2027, 3, 8, 9, 0)
    due = clocks.weekly_inspection_due(last, RB).due
    assert due == last + timedelta(days=7) == local(2027, 3, 15, 10, 0)


def test_a_week_without_a_change_is_seven_days_to_the_minute():
    last = local(2027, 4, 1, 9, 0)
    assert clocks.weekly_inspection_due(last, RB).due == last + timedelta(days=7)


def test_the_site_is_not_overdue_at_0830_a_week_after_a_0900_visit_across_the_change(
    db, make, people
):
    site = make.site(people["supervisor"], name="Fall Back Farm")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit.issued_on, permit.expires_on = date(2026, 10, 1), date(2027, 3, 30)
    db.add(permit)
    start = local(2026, 10, 2, 8, 0)
    permit_notices.notify_commencement(
        db, permit, user=people["permittee"], commenced_at=start, now=start
    )
    visit = local(2026, 10, 30, 9, 0)
    db.add(
        Inspection(
            id="weekly-before-the-change",
            site_id=site.id,
            kind="weekly",
            inspector_name="Pat",
            inspected_on=date(2026, 10, 30),
            started_at=visit,
            ended_at=visit + timedelta(minutes=40),
            catalog_version=RB["checklist.version"],
        )
    )
    db.commit()
    at_0830 = local(2026, 11, 6, 8, 30)  # 168.5 hours later
    [weekly] = [i for i in schedule.due_items(db, site, at_0830, RB) if i["kind"] == "weekly"]
    assert weekly["state"] == "due" and weekly["due_at"] == datetime.fromisoformat(
        "2026-11-06T15:00:00Z"
    )
    orders = stop_work_proposals.evaluate_site(db, site, at_0830, RB)
    assert not [g for o in orders for g in o.grounds if g["rule"] == "weekly_inspection_missed"]
    at_0901 = local(2026, 11, 6, 9, 1)
    [weekly] = [i for i in schedule.due_items(db, site, at_0901, RB) if i["kind"] == "weekly"]
    assert weekly["state"] == "overdue"
