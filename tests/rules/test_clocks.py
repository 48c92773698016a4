"""The ordinance's clocks at their boundaries: work days, validity, extensions, notices, workday end."""

from datetime import date, datetime, timedelta

from inspector.rules import clocks
from inspector.rules.rulebook import default


def test_review_clock_skips_weekends():
    # Monday 2027-03-01 + 10 work days = Monday 2027-03-15
    assert clocks.plan_review_due(date(2027, 3, 1)).due == date(2027, 3, 15)
    # Friday start: the weekend is not counted
    assert clocks.plan_review_due(date(2027, 3, 5)).due == date(2027, 3, 19)


def test_review_clock_skips_holidays_from_the_rulebook():
    # Thanksgiving 2026-11-26 and the day after are listed holidays.
    # Mon 11-23 + 10 work days: 24,25,30, Dec 1,2,3,4,7,8,9 -> 2026-12-09
    assert clocks.plan_review_due(date(2026, 11, 23)).due == date(2026, 12, 9)
    assert "2026-11-26" in default()["calendar.holidays"]


def test_permit_validity_180_days_or_the_longer_building_permit():
    issued = date(2026, 1, 10)
    assert clocks.permit_expires(issued) == issued + timedelta(days=180)
    shorter = issued + timedelta(days=100)
    assert clocks.permit_expires(issued, shorter) == issued + timedelta(days=180)
    longer = issued + timedelta(days=181)
    assert clocks.permit_expires(issued, longer) == longer
    assert clocks.permit_expires(issued, None, extension_days=30) == issued + timedelta(days=210)


def test_extension_up_to_180_days():
    assert clocks.check_extension_days(180) is None
    assert "180" in clocks.check_extension_days(181)
    assert clocks.check_extension_days(0)


def test_extensions_add_up_to_180_days_in_all():
    assert clocks.check_extension_days(60, granted=120) is None
    assert "at most 60 more" in clocks.check_extension_days(61, granted=120)
    assert "new permit" in clocks.check_extension_days(1, granted=180)


def test_commencement_notice_48_hours():
    start = datetime(2027, 4, 5, 8, 0)
    due = clocks.commencement_notice_due(start).due
    assert not clocks.is_late(start + timedelta(hours=48), due, start + timedelta(days=5))
    assert clocks.is_late(start + timedelta(hours=48, minutes=1), due, start + timedelta(days=5))
    assert clocks.is_late(None, due, start + timedelta(hours=48, seconds=1))
    assert not clocks.is_late(None, due, start + timedelta(hours=47))


def test_completion_notice_14_days():
    due = clocks.completion_notice_due(date(2027, 4, 1)).due
    assert due == date(2027, 4, 15)
    rb = default()
    # Stored times are UTC; the day counted is the Village's (23:59 local on day 14 is 04:59 UTC).
    later = datetime(2027, 5, 1)
    assert not clocks.is_late(clocks.from_local(datetime(2027, 4, 15, 23, 59), rb), due, later, rb)
    assert clocks.is_late(clocks.from_local(datetime(2027, 4, 16, 0, 1), rb), due, later, rb)


def test_street_sediment_due_at_the_end_of_that_workday():
    rb = default()
    # Wednesday 2027-04-07 10:00 local (CDT, UTC-5) = 15:00 UTC -> due 17:00 local = 22:00 UTC
    found = clocks.from_local(datetime(2027, 4, 7, 10, 0), rb)
    assert clocks.end_of_workday(found, rb).due == datetime(2027, 4, 7, 22, 0)
    # Found after hours: the end of the next workday
    late = clocks.from_local(datetime(2027, 4, 7, 17, 30), rb)
    assert clocks.end_of_workday(late, rb).due == datetime(2027, 4, 8, 22, 0)
    # Found on a Saturday with no land disturbance under way: Monday's end of workday
    saturday = clocks.from_local(datetime(2027, 4, 10, 9, 0), rb)
    idle = clocks.end_of_workday(saturday, rb, work_under_way=False)
    assert idle.due == datetime(2027, 4, 12, 22, 0)


def test_street_sediment_workdays_are_the_contractors_not_the_village_offices():
    """§ 256-7B(3) (rulebook workday_note): a day with land disturbance under way is a workday,
    Saturdays and Village holidays included; office holidays never delay the street cleaning."""
    rb = default()
    at = lambda *a: clocks.from_local(datetime(*a), rb)  # noqa: E731
    # Saturday 2027-04-10 09:00 with work under way: due that Saturday at 17:00 CDT, not Monday.
    assert clocks.end_of_workday(at(2027, 4, 10, 9, 0), rb).due == at(2027, 4, 10, 17, 0)
    # Saturday 18:00 with work under way: the next day counts (Sunday 17:00).
    assert clocks.end_of_workday(at(2027, 4, 10, 18, 0), rb).due == at(2027, 4, 11, 17, 0)
    # Thu 2026-12-24 is a Village holiday, not the contractor's: due that day, work or no work.
    assert "2026-12-24" in rb["calendar.holidays"]
    for under_way in (True, False):
        deadline = clocks.end_of_workday(at(2026, 12, 24, 10, 0), rb, work_under_way=under_way)
        assert deadline.due == at(2026, 12, 24, 17, 0)
    # Found 16:59 / 17:01 on Wed 2026-12-23: that day, or Dec 24 (holiday) rather than Dec 28.
    assert clocks.end_of_workday(at(2026, 12, 23, 16, 59), rb).due == at(2026, 12, 23, 17, 0)
    assert clocks.end_of_workday(at(2026, 12, 23, 17, 1), rb, work_under_way=False).due == at(
        2026, 12, 24, 17, 0
    )
    # Across the DST change: Sat 2026-10-31 18:00 CDT -> Sun 11-01 17:00 CST (23:00 UTC).
    assert clocks.end_of_workday(at(2026, 10, 31, 18, 0), rb).due == datetime(2026, 11, 1, 23, 0)
    assert "holidays" in clocks.end_of_workday(at(2027, 4, 10, 9, 0), rb).note


def test_weekly_inspection_due_seven_days_later():
    last = datetime(2027, 4, 1, 9, 0)
    assert clocks.weekly_inspection_due(last).due == datetime(2027, 4, 8, 9, 0)


def test_the_day_before_is_the_same_local_time_a_calendar_day_earlier():
    rb = default()
    hours = {}
    for day in (date(2026, 3, 8), date(2026, 6, 1), date(2026, 11, 1), date(2027, 3, 14)):
        end = clocks.from_local(datetime.combine(day, datetime.min.time()).replace(hour=7), rb)
        start = clocks.day_before(end, rb)
        assert clocks.to_local(start, rb).strftime("%H:%M") == "07:00"
        hours[day.isoformat()] = (end - start).total_seconds() / 3600
    assert hours == {"2026-03-08": 23, "2026-06-01": 24, "2026-11-01": 25, "2027-03-14": 23}
