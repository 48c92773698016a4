"""A daily rain reading covers the Village's day, not 24 hours: from the observation time the day
before, on the local clock (docs/rain-import.md). On the days the clocks change (23 hours on
2026-03-08 and 2027-03-14, 25 on 2026-11-01) consecutive days touch: both days' rain is counted,
and no overlap is flagged. A row for a day that is not over yet is refused with its reason, so the
day's full total can be imported later.

The files are the fixtures in tests/fixtures/rain (shaped as NOAA and CoCoRaHS ship them) with
their dates and amounts changed, and their units kept: tenths of millimetres in the GHCN-Daily
files, inches in CoCoRaHS's."""

from __future__ import annotations

import html
import io
from datetime import datetime
from pathlib import Path

import pytest
from sqlmodel import select

from inspector.models import RainEvent, RainReading
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import rain_gauges, rain_imports

RB = default()
FIXTURES = Path(__file__).parent.parent / "fixtures" / "rain"


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


def ghcn_access(days: list[tuple[str, int]], obs: str = "0700") -> str:
    """The GHCN-Daily per-station file with one row a day: PRCP in tenths of mm, 5 characters."""
    header, template = (FIXTURES / "ghcnd_access_USC00472869.csv").read_text().splitlines()[:2]
    rows = [
        template.replace("2026-06-01", day).replace(
            '"    5",",,7,0700"', f'"{tenths:>5}",",,7,{obs}"', 1
        )
        for day, tenths in days
    ]
    return "\n".join([header, *rows]) + "\n"


def ghcn_by_station(days: list[tuple[str, int]]) -> str:
    """The by-station file (no header, one element a line), PRCP lines as the fixture's."""
    lines = []
    for day, tenths in days:
        compact = day.replace("-", "")
        lines += [
            f"USC00472869,{compact},TMAX,256,,,7,0700",
            f"USC00472869,{compact},PRCP,{tenths},,,7,0700",
            f"USC00472869,{compact},SNOW,0,,,7,",
        ]
    return "\n".join(lines) + "\n"


def cocorahs(days: list[tuple[str, str]], at: str = "07:00 AM") -> str:
    header, template = (FIXTURES / "cocorahs_export_WI-FD-12.csv").read_text().splitlines()[:2]
    rows = [
        template.replace("2026-06-01", day)
        .replace(" 07:00 AM,", f" {at},", 1)
        .replace(" 0.02,", f" {amount},", 1)
        for day, amount in days
    ]
    return "\n".join([header, *rows]) + "\n"


def readings(db) -> list[tuple[datetime, datetime, float]]:
    rows = db.exec(select(RainReading).order_by(RainReading.period_end)).all()
    return [(r.period_start, r.period_end, r.amount_in) for r in rows]


def rains(db) -> list[float]:
    return [e.total_in for e in db.exec(select(RainEvent).order_by(RainEvent.end)).all()]


# ---------------------------------------------------------------- the days the clocks change


@pytest.mark.parametrize("shape", ["access", "by_station"])
def test_ghcn_days_across_the_spring_change_both_count(db, shape):
    # 152 tenths of mm = 0.60 in to 07:00 on Mar 7; 178 = 0.70 in to 07:00 on Mar 8 (23 hours).
    days = [("2026-03-07", 152), ("2026-03-08", 178)]
    text = ghcn_access(days) if shape == "access" else ghcn_by_station(days)
    if shape == "by_station":  # the file has no station name or position: the gauge comes first
        rain_gauges.create_gauge(
            db,
            name="Fond du Lac",
            kind="ghcn",
            station_code="USC00472869",
            latitude=43.7911,
            longitude=-88.4519,
            user_id=None,
            rb=RB,
        )
    report = rain_imports.import_file(
        db, text, "auto", user_id=None, now=local(2026, 3, 20, 12), rb=RB
    )
    db.commit()
    assert (report.stored, report.errors) == (2, [])
    assert rains(db) == [0.6, 0.7]  # both days count, each a rain with its own deadline
    assert readings(db) == [
        (local(2026, 3, 6, 7), local(2026, 3, 7, 7), 0.6),
        (local(2026, 3, 7, 7), local(2026, 3, 8, 7), 0.7),
    ]


def test_cocorahs_days_across_the_spring_change_2027_both_count(db):
    text = cocorahs([("2027-03-13", "0.55"), ("2027-03-14", "0.80")])
    report = rain_imports.import_file(
        db, text, "cocorahs", user_id=None, now=local(2027, 3, 20), rb=RB
    )
    db.commit()
    assert (report.stored, report.errors) == (2, [])
    assert rains(db) == [0.55, 0.8]
    assert [(end - start).total_seconds() / 3600 for start, end, _ in readings(db)] == [24, 23]


def test_ghcn_days_across_the_autumn_change_leave_no_gap_and_the_long_day_qualifies(db):
    # Nov 1, 2026 is 25 hours long: its reading runs from 07:00 CDT on Oct 31 to 07:00 CST.
    days = [("2026-10-31", 25), ("2026-11-01", 140)]  # 0.10 in, then 0.55 in
    report = rain_imports.import_file(
        db, ghcn_access(days), "auto", user_id=None, now=local(2026, 11, 10), rb=RB
    )
    db.commit()
    assert report.stored == 2
    (_, first_end, _), (second_start, second_end, amount) = readings(db)
    assert second_start == first_end == local(2026, 10, 31, 7)
    assert (second_end - second_start).total_seconds() / 3600 == 25 and amount == 0.55
    assert rains(db) == [0.55]


def test_consecutive_days_are_not_flagged_as_the_same_rain_on_the_gauge_page(
    app, client, auth, people, db
):
    app.config["CLOCK_NOW"] = local(2026, 3, 20, 12)
    text = ghcn_access([("2026-03-07", 152), ("2026-03-08", 178), ("2026-03-09", 30)])
    rain_imports.import_file(db, text, "auto", user_id=None, now=local(2026, 3, 20, 12), rb=RB)
    db.commit()
    gauge_id = db.exec(select(RainReading)).first().gauge_id
    auth.login(people["inspector"].email)
    page = client.get(f"/rain/gauges/{gauge_id}").get_data(as_text=True)
    # Each day a rain of its own, the 23-hour day ending on the summer clock.
    assert "Mar 6, 7:00 AM CST – Mar 7, 7:00 AM CST" in page and "0.60 in" in page
    assert "Mar 7, 7:00 AM CST – Mar 8, 7:00 AM CDT" in page and "0.70 in" in page
    assert "overlap-flag" not in page and "counted once" not in page


# ---------------------------------------------------------------- a day that is not over


@pytest.mark.parametrize("hour, minute", [(19, 30), (23, 59)])
def test_a_ghcn_row_for_today_is_refused_until_the_day_is_over(db, make, people, hour, minute):
    """A row without an observation time runs to local midnight: at 19:30 or 23:59 on Dec 4 the
    day is not over, so its 0.80 in is the rain so far, not the day's; stored, the site page would
    say the rain 'ended Dec 5, 12:00 AM CST' while it could still be raining."""
    now = local(2026, 12, 4, hour, minute)
    text = ghcn_access([("2026-12-03", 30), ("2026-12-04", 203)], obs="")
    report = rain_imports.import_file(db, text, "auto", user_id=None, now=now, rb=RB)
    db.commit()
    assert report.stored == 1
    [refused] = report.errors
    assert refused.line == 3
    assert refused.reason == (
        "The day 2026-12-04 is not over: its reading ends Dec 5, 12:00 AM CST, in the future. "
        "Import it once the day has ended (the rain so far is not the day's total)."
    )
    assert all(end <= now for _, end, _ in readings(db)) and rains(db) == []
    # The next morning NOAA has the day's final total: it is stored, not kept as a partial value.
    final = ghcn_access([("2026-12-03", 30), ("2026-12-04", 279)], obs="")
    later = rain_imports.import_file(
        db, final, "auto", user_id=None, now=local(2026, 12, 5, 8), rb=RB
    )
    db.commit()
    assert (later.stored, later.unchanged, later.errors) == (1, 1, [])
    assert readings(db)[-1] == (local(2026, 12, 4), local(2026, 12, 5), 1.1)
    assert rains(db) == [1.1]


def test_a_row_whose_observation_time_is_still_to_come_is_refused(db):
    text = ghcn_access([("2026-12-04", 203)])  # the day to 07:00 on Dec 4
    early = rain_imports.import_file(
        db, text, "auto", user_id=None, now=local(2026, 12, 4, 6, 55), rb=RB
    )
    assert early.stored == 0 and "2026-12-04 is not over" in early.errors[0].reason
    on_time = rain_imports.import_file(
        db, text, "auto", user_id=None, now=local(2026, 12, 4, 7), rb=RB
    )
    assert (on_time.stored, on_time.errors) == (1, [])


def test_a_cocorahs_report_for_a_later_time_today_is_refused(db):
    # 06:55 with the report stamped 07:00: within a device clock's drift, but the day is not over.
    text = cocorahs([("2026-12-04", "0.80")])
    report = rain_imports.import_file(
        db, text, "cocorahs", user_id=None, now=local(2026, 12, 4, 6, 55), rb=RB
    )
    assert report.stored == 0 and readings(db) == []
    assert report.errors[0].reason.startswith(
        "The day 2026-12-04 is not over: its reading ends Dec 4, 7:00 AM CST, in the future."
    )


def test_the_import_page_shows_why_todays_row_was_not_imported(app, client, auth, people):
    app.config["CLOCK_NOW"] = local(2026, 12, 4, 19, 30)
    auth.login(people["supervisor"].email)
    text = ghcn_access([("2026-12-03", 30), ("2026-12-04", 203)], obs="")
    page = client.post(
        "/rain/import",
        data={"format": "auto", "file": (io.BytesIO(text.encode()), "USC00472869.csv")},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    assert "1 stored" in page and RB["rain.day_note"] in html.unescape(page)
    assert "The day 2026-12-04 is not over: its reading ends Dec 5, 12:00 AM CST" in page


def test_a_day_read_earlier_than_the_day_before_keeps_both_days_rain(app, client, auth, people, db):
    """A CoCoRaHS observer reads at 07:00, then at 06:30 the next morning: the second day covers
    from 07:00 (the gauge was emptied then), 23.5 hours. Both days' rain counts, each a rain, and
    nothing is flagged as the same rain read twice; so too when the second day comes in a later
    file."""
    first = cocorahs([("2026-09-14", "0.60")], at="07:00 AM")
    second = cocorahs([("2026-09-15", "0.90")], at="06:30 AM")
    for text in (first, second):
        report = rain_imports.import_file(
            db, text, "cocorahs", user_id=None, now=local(2026, 9, 20), rb=RB
        )
        db.commit()
        assert (report.stored, report.errors) == (1, [])
    assert rains(db) == [0.6, 0.9]
    assert readings(db)[1][:2] == (local(2026, 9, 14, 7), local(2026, 9, 15, 6, 30))
    app.config["CLOCK_NOW"] = local(2026, 9, 20, 12)
    gauge_id = db.exec(select(RainReading)).first().gauge_id
    auth.login(people["inspector"].email)
    page = client.get(f"/rain/gauges/{gauge_id}").get_data(as_text=True)
    assert "overlap-flag" not in page and "counted once" not in page


def test_two_days_read_earlier_in_one_file_keep_both_days_rain(db):
    text = cocorahs([("2026-09-14", "0.60")], at="07:00 AM").splitlines()
    later = cocorahs([("2026-09-15", "0.90")], at="06:30 AM").splitlines()[1]
    report = rain_imports.import_file(
        db,
        "\n".join([*text, later]) + "\n",
        "cocorahs",
        user_id=None,
        now=local(2026, 9, 20),
        rb=RB,
    )
    db.commit()
    assert (report.stored, report.errors) == (2, [])
    assert rains(db) == [0.6, 0.9]
