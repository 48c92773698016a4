"""The site page's rain chart counts rain as the post-rain clock does: two readings of one gauge
over the same hours (the office's and a tablet's) are one rain, drawn once."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from sqlalchemy import event
from sqlmodel import select

from inspector.charts import daily_rain, site_timeline_svg
from inspector.models import RainEvent, RainGauge, RainReading, SiteGauge
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import rain

RB = default()


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


def gauge_with(db, site, readings):
    """The site's gauge with these (period start, period end, amount) readings, evaluated by the
    post-rain clock."""
    gauge = RainGauge(
        name="Site gauge", kind="onsite", station_code=f"s{site.id}", latitude=1, longitude=1
    )
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    for n, (start, end, amount) in enumerate(readings):
        db.add(
            RainReading(
                gauge_id=gauge.id,
                period_start=start,
                period_end=end,
                amount_in=amount,
                source="manual",
                source_key=f"s{site.id}:{n}",
            )
        )
    db.commit()
    rain.evaluate_gauge(db, gauge.id, RB)
    db.commit()
    return gauge


def daily(end: datetime, amount: float):
    return (end - timedelta(hours=24), end, amount)


def bars(svg: str) -> dict[str, str]:
    """{day: amount} as the chart's bars say them to a reader."""
    return dict(re.findall(r"<title>(\w{3} \d\d): ([\d.]+) in", svg))


def test_the_same_rain_read_twice_is_one_bar_of_what_the_clock_counts(db, make, people):
    site = make.site(people["supervisor"], name="Twice Read")
    gauge_with(
        db,
        site,
        [daily(local(2026, 9, 10, 13, 22), 0.60), daily(local(2026, 9, 10, 13, 26), 0.60)],
    )
    [rain_event] = db.exec(select(RainEvent)).all()
    svg = site_timeline_svg(db, site, local(2026, 9, 12, 12, 0), RB)
    assert bars(svg) == {"Sep 10": f"{rain_event.total_in:.2f}"} == {"Sep 10": "0.60"}
    assert daily_rain(db.exec(select(RainReading)).all(), RB) == {date(2026, 9, 10): 0.60}


def test_consecutive_and_separate_readings_still_add_up_by_day(db, make, people):
    site = make.site(people["supervisor"], name="Daily Reads")
    gauge_with(
        db,
        site,
        [
            daily(local(2026, 9, 9, 7, 0), 0.30),
            daily(local(2026, 9, 10, 7, 0), 0.40),  # touches the one before: both count
            (local(2026, 9, 10, 12, 0), local(2026, 9, 10, 13, 0), 0.20),  # later that day
            (local(2026, 9, 10, 12, 30), local(2026, 9, 10, 12, 45), 0.05),  # inside it
        ],
    )
    svg = site_timeline_svg(db, site, local(2026, 9, 12, 12, 0), RB)
    assert bars(svg) == {"Sep 09": "0.30", "Sep 10": "0.60"}


def test_a_reading_just_before_the_chart_weighs_as_on_the_clock(db, make, people):
    """0.80 in ending the evening before the chart's first day and 0.50 in over hours it overlaps,
    ending that night: one rain of 0.80 for the clock, ended before the chart's days."""
    site = make.site(people["supervisor"], name="Edge")
    now = local(2026, 10, 21, 12, 0)  # the chart's 42 days start on Thu Sep 10
    gauge_with(
        db,
        site,
        [daily(local(2026, 9, 9, 23, 0), 0.80), daily(local(2026, 9, 10, 1, 0), 0.50)],
    )
    [rain_event] = db.exec(select(RainEvent)).all()
    assert (rain_event.total_in, rain_event.end) == (0.80, local(2026, 9, 9, 23, 0))
    assert bars(site_timeline_svg(db, site, now, RB)) == {}


def test_overlapping_readings_take_no_more_queries(app, db, make, people):
    once = make.site(people["supervisor"], name="Once")
    twice = make.site(people["supervisor"], name="Twice")
    gauge_with(db, once, [daily(local(2026, 9, 10, 13, 22), 0.60)])
    gauge_with(
        db,
        twice,
        [daily(local(2026, 9, 10, 13, 22), 0.60), daily(local(2026, 9, 10, 13, 26), 0.60)],
    )
    now = local(2026, 9, 12, 12, 0)
    counts = []
    engine = app.extensions["engine"]

    def count(*_args, **_kw):
        counts[-1] += 1

    site_timeline_svg(db, once, now, RB)  # warm up
    event.listen(engine, "before_cursor_execute", count)
    try:
        for site in (once, twice):
            counts.append(0)
            site_timeline_svg(db, site, now, RB)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert counts[0] == counts[1]


def test_a_hand_reading_that_made_the_rain_is_the_bar_not_the_readings_it_overlaps(
    db, make, people
):
    """A hand reading of 0.60 in (07:00 to 07:00) over two gauge readings that straddle it (0.35 to
    noon, 0.30 to the next noon: more in all, in two windows). The clock counts the hand reading's
    rain (rules/rain.py); the chart draws the same reading, not two bars under the threshold."""
    site = make.site(people["supervisor"], name="Hand Read")
    gauge_with(
        db,
        site,
        [
            daily(local(2026, 9, 10, 12, 0), 0.35),
            daily(local(2026, 9, 11, 7, 0), 0.60),
            daily(local(2026, 9, 11, 12, 0), 0.30),
        ],
    )
    [rain_event] = db.exec(select(RainEvent)).all()
    assert rain_event.total_in == 0.6
    svg = site_timeline_svg(db, site, local(2026, 9, 13, 12, 0), RB)
    assert bars(svg) == {"Sep 11": "0.60"}


def test_the_chart_counts_a_rain_joined_by_a_reading_that_only_touches_the_overlap():
    """0.25 in from 06:00 to 12:00 UTC, then a hand reading of 0.30 in to 13:00 overlapping a
    reading of 0.40 in for the 24 hours to the next noon: the clock's rain is the first two (0.55
    in within 24 hours), so the bars are theirs, not the 0.40 that shows more on its own."""
    from types import SimpleNamespace as Row

    def utc(day, hour):
        return datetime(2026, 11, day, hour)

    rows = [
        Row(period_start=utc(30, 6), period_end=utc(30, 12), amount_in=0.25),
        Row(period_start=utc(30, 12), period_end=utc(30, 13), amount_in=0.30),
        Row(period_start=utc(30, 12), period_end=datetime(2026, 12, 1, 12), amount_in=0.40),
    ]
    assert daily_rain(rows, RB) == {date(2026, 11, 30): 0.55}
