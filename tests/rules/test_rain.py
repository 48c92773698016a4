"""Qualifying rain (§ 256-8D(3)(g)): the 0.5-inch boundary, the 24-hour window, traces, each rain's own deadline."""

from __future__ import annotations

from datetime import datetime, timedelta

from inspector.rules import clocks, rain
from inspector.rules.rulebook import default

RB = default()
T0 = datetime(2026, 6, 1, 12, 0)


def day(amount, end=T0, hours=24, trace=False):
    return rain.Reading(end - timedelta(hours=hours), end, amount, trace)


def test_half_inch_or_more_qualifies_just_under_does_not():
    assert rain.qualifying_rains([day(0.49)], RB) == []
    found = rain.qualifying_rains([day(0.50)], RB)
    assert len(found) == 1 and found[0].total_in == 0.5 and found[0].end == T0


def test_hourly_readings_within_24_hours_add_up_with_float_care():
    readings = [day(0.2, T0, hours=1), day(0.3, T0 + timedelta(hours=5), hours=1)]
    assert [r.total_in for r in rain.qualifying_rains(readings, RB)] == [0.5]


def test_readings_more_than_24_hours_apart_do_not_add_up():
    readings = [day(0.3, T0, hours=1), day(0.3, T0 + timedelta(hours=24), hours=1)]
    assert rain.qualifying_rains(readings, RB) == []


def test_trace_counts_as_zero():
    assert (
        rain.qualifying_rains(
            [day(0.0, trace=True), day(0.45, T0 + timedelta(hours=2), hours=2)], RB
        )
        == []
    )


def test_same_period_read_twice_counts_once():
    assert rain.qualifying_rains([day(0.3), day(0.3)], RB) == []


def test_consecutive_qualifying_days_are_each_a_rain_of_its_own():
    """Two daily readings of 0.5 inch or more in a row: two rains ("after each rain"), so the first
    day's deadline runs from the first day's reading and does not wait for the storm to end."""
    found = rain.qualifying_rains([day(0.6), day(0.7, T0 + timedelta(hours=24))], RB)
    assert [(r.end, r.total_in) for r in found] == [(T0, 0.6), (T0 + timedelta(hours=24), 0.7)]
    # Readings inside one 24-hour window still add up, and overlapping windows are still one rain.
    hours = [
        rain.Reading(T0 + timedelta(hours=h), T0 + timedelta(hours=h + 1), 0.2) for h in range(6)
    ]
    [storm] = rain.qualifying_rains(hours, RB)
    assert (storm.start, storm.end, storm.total_in) == (T0, T0 + timedelta(hours=6), 1.2)


def test_obligation_due_24_hours_after_the_rain_and_met_by_a_later_inspection():
    [ob] = rain.obligations([T0], [T0 - timedelta(hours=1), T0 + timedelta(hours=20)], RB)
    assert ob.due_at == T0 + timedelta(hours=24)
    assert ob.satisfied_at == T0 + timedelta(hours=20) and ob.met_on_time


def test_two_daily_rains_in_a_row_with_no_inspection_the_first_is_overdue_at_its_own_deadline():
    """A second day's rain ends just as the first day's deadline comes: it adds its own deadline and
    leaves the first one where it was."""
    second = T0 + timedelta(hours=24)
    first, later = rain.obligations([T0, second], [], RB)
    assert (first.rain_end, first.due_at) == (T0, T0 + timedelta(hours=24))
    assert (later.rain_end, later.due_at) == (second, second + timedelta(hours=24))
    assert first.satisfied_at is None and later.satisfied_at is None


def test_one_inspection_after_both_rains_within_the_firsts_deadline_answers_both_on_time():
    second = T0 + timedelta(hours=10)
    inspected = T0 + timedelta(hours=20)
    first, later = rain.obligations([T0, second], [inspected], RB)
    assert first.satisfied_at == inspected and first.met_on_time
    assert later.satisfied_at == inspected and later.met_on_time
    assert first.due_at == T0 + timedelta(hours=24)


def test_an_inspection_after_the_firsts_deadline_answers_the_first_late_and_the_second_on_time():
    second = T0 + timedelta(hours=10)
    inspected = T0 + timedelta(hours=30)
    first, later = rain.obligations([T0, second], [inspected], RB)
    assert first.satisfied_at == inspected and not first.met_on_time
    assert later.satisfied_at == inspected and later.met_on_time


def test_a_three_day_storm_has_three_deadlines_a_day_apart():
    """Rain read each day for three days, no inspection until 12 hours after the last: the first
    two deadlines passed (answered late), the last is met."""
    ends = [T0, T0 + timedelta(hours=24), T0 + timedelta(hours=48)]
    assert [ob.due_at for ob in rain.obligations(ends, [], RB)] == [
        T0 + timedelta(hours=24),
        T0 + timedelta(hours=48),
        T0 + timedelta(hours=72),
    ]
    inspected = T0 + timedelta(hours=60)
    obs = rain.obligations(ends, [inspected], RB)
    assert [ob.satisfied_at for ob in obs] == [inspected] * 3
    assert [ob.met_on_time for ob in obs] == [False, False, True]


def test_inspection_between_two_rains_answers_the_first_only():
    second = T0 + timedelta(hours=10)
    first, later = rain.obligations([T0, second], [T0 + timedelta(hours=2)], RB)
    assert (
        first.met_on_time
        and later.satisfied_at is None
        and later.due_at == second + timedelta(hours=24)
    )


def test_late_inspection_answers_but_is_not_on_time():
    [ob] = rain.obligations([T0], [T0 + timedelta(hours=30)], RB)
    assert ob.satisfied_at is not None and not ob.met_on_time


def test_rain_outside_the_permit_creates_nothing():
    assert rain.obligations([T0], [], RB, active=lambda moment: moment > T0) == []


def test_two_overlapping_readings_of_one_gauge_are_one_rain_not_two():
    # The office's 0.60 in for the 24 hours to 13:22 and a tablet's 0.60 in to 13:26: one rain of 0.60.
    office = rain.Reading(T0 - timedelta(hours=24), T0, 0.6, id=1)
    tablet = rain.Reading(
        T0 - timedelta(hours=24) + timedelta(minutes=4), T0 + timedelta(minutes=4), 0.6, id=2
    )
    [found] = rain.qualifying_rains([office, tablet], RB)
    assert found.total_in == 0.6 and found.reading_ids == (1,)
    assert rain.overlapping([office, tablet]) == {1: [2], 2: [1]}


def test_a_daily_total_and_the_hourly_readings_inside_it_count_as_whichever_shows_more():
    daily = rain.Reading(T0 - timedelta(hours=24), T0, 0.4, id=1)
    hours = [
        rain.Reading(T0 - timedelta(hours=h + 1), T0 - timedelta(hours=h), 0.3, id=10 + h)
        for h in (2, 5)
    ]
    [found] = rain.qualifying_rains([daily, *hours], RB)
    assert found.total_in == 0.6 and set(found.reading_ids) == {12, 15}
    assert (
        rain.qualifying_rains([rain.Reading(daily.start, daily.end, 0.7, id=1), *hours], RB)[
            0
        ].total_in
        == 0.7
    )


def test_readings_that_only_touch_are_consecutive_and_add_up():
    first = rain.Reading(T0 - timedelta(hours=2), T0 - timedelta(hours=1), 0.3, id=1)
    second = rain.Reading(T0 - timedelta(hours=1), T0, 0.3, id=2)
    assert rain.overlapping([first, second]) == {}
    assert [r.total_in for r in rain.qualifying_rains([first, second], RB)] == [0.6]


def test_the_days_around_the_changes_of_the_clocks_are_consecutive_and_all_counted():
    """Daily readings to 07:00 local (clocks.day_before): 23 hours on 2026-03-08 and 2027-03-14,
    25 on 2026-11-01. The days touch, none is flagged, and both days' rain counts, a rain each;
    the 25-hour day fits the window and qualifies on its own."""

    def to_7am(*day):
        end = clocks.from_local(datetime(*day, 7, 0), RB)
        return clocks.day_before(end, RB), end

    for first, second in (
        ((2026, 3, 7), (2026, 3, 8)),
        ((2027, 3, 13), (2027, 3, 14)),
        ((2026, 10, 31), (2026, 11, 1)),
    ):
        one = rain.Reading(*to_7am(*first), 0.6, id=1)
        two = rain.Reading(*to_7am(*second), 0.7, id=2)
        assert one.end == two.start and rain.overlapping([one, two]) == {}
        assert [r.total_in for r in rain.qualifying_rains([one, two], RB)] == [0.6, 0.7], second
    long_day = rain.Reading(*to_7am(2026, 11, 1), 0.55, id=3)
    assert long_day.end - long_day.start == timedelta(hours=25)
    assert [r.total_in for r in rain.qualifying_rains([long_day], RB)] == [0.55]
    # Two hourly readings a day and an hour apart do not add up on an ordinary day.
    ordinary = [day(0.3, T0, hours=1), day(0.3, T0 + timedelta(hours=25), hours=1)]
    assert rain.qualifying_rains(ordinary, RB) == []


def test_a_reading_that_qualifies_alone_is_not_lost_to_overlapping_readings_that_show_more_in_all():
    """A hand reading of 0.60 in (07:00 to 07:00) overlaps two gauge readings that straddle it, 0.35
    in to noon and 0.30 in to the next noon: 0.65 in all, but no window of 24 hours holds 0.5 in of
    them. The rain the hand reading measured still qualifies (each window weighs its own readings)."""
    hand = rain.Reading(T0 - timedelta(hours=5), T0 + timedelta(hours=19), 0.6, id=1)
    before = rain.Reading(T0 - timedelta(hours=24), T0, 0.35, id=2)
    after = rain.Reading(T0, T0 + timedelta(hours=24), 0.3, id=3)
    [found] = rain.qualifying_rains([hand, before, after], RB)
    assert (found.start, found.end, found.total_in) == (hand.start, hand.end, 0.6)
    assert found.reading_ids == (1,)
    # Either of the others alone, or both apart, is no qualifying rain.
    assert rain.qualifying_rains([before, after], RB) == []


def test_a_rain_joined_across_windows_counts_each_stretch_of_time_once():
    """Two windows weighed apart can keep different readings of the same hours; the rain they make
    together counts the non-overlapping readings with the largest total, never both."""
    hand = rain.Reading(T0 - timedelta(hours=5), T0 + timedelta(hours=19), 0.6, id=1)
    gauge = rain.Reading(T0 + timedelta(hours=12), T0 + timedelta(hours=36), 0.7, id=2)
    [found] = rain.qualifying_rains([hand, gauge], RB)
    assert found.total_in == 0.7 and found.reading_ids == (2,)


def test_a_rain_goes_on_with_rain_that_only_a_window_weighed_on_its_own_finds():
    """0.6 in from 23:00 to 11:00 holds 0.2 in read from 08:00 to 09:00; then 0.4 in from 16:00 to
    04:00, which overlaps nothing. The gauge-wide choice (0.6 + 0.4) finds no window of 0.5 in
    around the 0.4; the window to 04:00 holds the 0.2 and the 0.4 (0.6 in): the rain goes on to
    04:00, so an inspection at noon the first day is not after it."""
    first = rain.Reading(T0 - timedelta(hours=13), T0 - timedelta(hours=1), 0.6, id=0)
    inside = rain.Reading(T0 - timedelta(hours=4), T0 - timedelta(hours=3), 0.2, id=1)
    later = rain.Reading(T0 + timedelta(hours=4), T0 + timedelta(hours=16), 0.4, id=2)
    [found] = rain.qualifying_rains([first, inside, later], RB)
    assert (found.start, found.end) == (first.start, later.end)
    assert found.total_in == 1.0 and found.reading_ids == (0, 2)  # no hour counted twice
