"""A gauge reading taken by hand covers the rain since the gauge was last read and emptied: back to
the same local time the day before, or to the gauge's previous reading when that was later
(rulebook rain.manual_period_note, docs/rain-import.md). No rain a person recorded is lost to the
next day's reading; two readings of the same rain minutes apart still count once."""

from __future__ import annotations

import html
from datetime import datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import RainEvent, RainReading
from inspector.rules import clocks
from inspector.rules import rain as rain_rules
from inspector.rules.rulebook import default
from inspector.services import rain_gauges, rain_hand_readings

RB = default()


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


@pytest.fixture
def gauge(db):
    return rain_gauges.create_gauge(
        db,
        name="Mill Pond gauge",
        kind="onsite",
        station_code="mill-1",
        latitude=43.84,
        longitude=-88.861,
        user_id=None,
        rb=RB,
    )


def read(db, people, gauge, at: datetime, amount: float, who="inspector", now=None):
    reading, _ = rain_hand_readings.record_manual(
        db,
        user=people[who],
        gauge_id=gauge.id,
        observed_at=at,
        amount_in=amount,
        period_hours=24,
        device_uuid=None,
        site_id=None,
        now=now or at + timedelta(minutes=1),
        rb=RB,
    )
    db.commit()
    return reading


def rains(db) -> list[float]:
    return [e.total_in for e in db.exec(select(RainEvent).order_by(RainEvent.end)).all()]


def flagged(db) -> dict:
    rows = db.exec(select(RainReading)).all()
    return rain_rules.overlapping(
        [rain_rules.Reading(r.period_start, r.period_end, r.amount_in, r.trace, r.id) for r in rows]
    )


def test_a_reading_a_little_earlier_the_next_day_keeps_the_days_rain(db, people, gauge):
    """Read and emptied Mon 08:00 (0.60 in), then Tue 07:30 (0.70 in): 1.30 in fell, two rains of
    0.5 inch or more, each with its own deadline."""
    monday = read(db, people, gauge, local(2026, 9, 14, 8), 0.6)
    tuesday = read(db, people, gauge, local(2026, 9, 15, 7, 30), 0.7)
    assert rains(db) == [0.6, 0.7]
    assert flagged(db) == {}
    assert tuesday.period_start == monday.period_end  # since the gauge was emptied on Monday
    assert monday.period_start == local(2026, 9, 13, 8)


@pytest.mark.parametrize(
    "before, day, hours",
    [
        ((2026, 3, 7), (2026, 3, 8), 23),
        ((2026, 10, 31), (2026, 11, 1), 25),
        ((2027, 3, 13), (2027, 3, 14), 23),
    ],
)
def test_daily_readings_across_a_change_of_the_clocks_both_count_each_a_rain_of_its_own(
    db, people, gauge, before, day, hours
):
    first = read(db, people, gauge, local(*before, 7), 0.6)
    second = read(db, people, gauge, local(*day, 7), 0.7)
    assert rains(db) == [0.6, 0.7]
    assert flagged(db) == {}
    assert second.period_start == first.period_end
    assert second.period_end - second.period_start == timedelta(hours=hours)


def test_the_office_and_a_tablet_reading_the_same_rain_minutes_apart_count_once(db, people, gauge):
    """0.60 in typed at the office at 13:22 and sent by a tablet at 13:26 are one rain read twice;
    the next day's reading at 13:00 covers from 13:26 and adds its own 0.50 in."""
    office = read(db, people, gauge, local(2026, 9, 15, 13, 22), 0.6)
    tablet = read(db, people, gauge, local(2026, 9, 15, 13, 26), 0.6, who="supervisor")
    assert tablet.period_start == local(2026, 9, 14, 13, 26)
    assert rains(db) == [0.6]
    next_day = read(db, people, gauge, local(2026, 9, 16, 13), 0.5)
    assert next_day.period_start == tablet.period_end
    assert round(sum(rains(db)), 2) == 1.1
    assert flagged(db) == {office.id: [tablet.id], tablet.id: [office.id]}


def test_the_reading_form_says_what_a_reading_covers(app, client, auth, people, gauge, db):
    app.config["CLOCK_NOW"] = local(2026, 9, 15, 9)
    db.commit()
    auth.login(people["inspector"].email)
    page = html.unescape(client.get("/rain/").get_data(as_text=True))
    assert RB["rain.manual_period_note"] in page
    tablet_form = html.unescape(client.get("/app/rain").get_data(as_text=True))
    assert RB["rain.manual_period_note"] in tablet_form
    for at, amount in (("2026-09-14T08:00", "0.60"), ("2026-09-15T07:30", "0.70")):
        answer = client.post(
            "/rain/readings", data={"gauge_id": gauge.id, "observed_at": at, "amount_in": amount}
        )
        assert answer.status_code == 302
    page = client.get(f"/rain/gauges/{gauge.id}").get_data(as_text=True)
    assert "0.60 in, Sep 13, 8:00 AM CDT to Sep 14, 8:00 AM CDT" in page
    assert "0.70 in, Sep 14, 8:00 AM CDT to Sep 15, 7:30 AM CDT" in page
    assert "Sep 14, 8:00 AM CDT – Sep 15, 7:30 AM CDT" in page and "overlap-flag" not in page
