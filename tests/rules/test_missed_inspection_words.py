"""A missed inspection's ground, printed on the stop-work notice, says when the inspection was due
the way a contractor reads a deadline: a weekly inspection due at the Village's midnight was due by
the end of the day before ("the end of Wednesday March 10, 2027"), not "2027-03-11 00:00 CST", which
reads as a day later; other times are said with their weekday, and every one with its year."""

from dataclasses import replace
from datetime import datetime

from inspector.rules import clocks
from inspector.rules import enforcement as rules
from inspector.rules.rulebook import default
from tests.rules.test_enforcement import NOW, PERMITTED

RB = default()


def _reasons(*due):
    return [t.reason for t in rules.evaluate(replace(PERMITTED, due=due), NOW, RB)]


def test_a_weekly_inspection_due_at_midnight_was_due_by_the_end_of_the_day_before():
    midnight = clocks.from_local(datetime(2027, 3, 10, 0, 0), RB)  # Wednesday's start, CST
    weekly = rules.DueFact(kind="weekly", state="overdue", due_at=midnight)
    assert _reasons(weekly) == [
        "The weekly inspection due by the end of Tuesday March 9, 2027 (midnight CST) "
        "has not been made."
    ]


def test_a_post_rain_inspection_due_at_a_time_says_its_day_time_and_year():
    at = clocks.from_local(datetime(2027, 3, 9, 14, 30), RB)
    rain = rules.DueFact(kind="post_rain", state="overdue", due_at=at, rain_event_id=4)
    assert _reasons(rain) == [
        "The inspection after the qualifying rain was due by Tuesday March 9, 2027 at 2:30 PM CST "
        "and has not been made."
    ]


def test_on_the_day_summer_time_begins_the_zone_is_the_deadlines_own():
    # 2027-03-14: clocks go forward at 2 AM; a deadline that afternoon is in CDT.
    at = clocks.from_local(datetime(2027, 3, 14, 15, 0), RB)
    weekly = rules.DueFact(kind="weekly", state="overdue", due_at=at)
    [reason] = [
        t.reason for t in rules.evaluate(replace(PERMITTED, due=(weekly,)), at.replace(hour=23), RB)
    ]
    assert reason == (
        "The weekly inspection due by Sunday March 14, 2027 at 3:00 PM CDT has not been made."
    )
