"""Importing NOAA GHCN-Daily and CoCoRaHS files: idempotent, line-numbered problems, good rows kept."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from sqlmodel import select

from inspector.imports import FileProblem
from inspector.models import AuditEvent, RainEvent, RainGauge, RainReading, SiteGauge
from inspector.rules.rulebook import default
from inspector.services import rain, rain_gauges, rain_hand_readings, rain_imports, schedule

RB = default()
NOW = datetime(2026, 6, 10, 18, 0)

GHCN_HEADER = (
    '"STATION","NAME","LATITUDE","LONGITUDE","ELEVATION","DATE","PRCP","PRCP_ATTRIBUTES"\n'
)


def ghcn_row(
    day: str, prcp: str, attrs: str = ",,7,", station="USC00472869", lat="43.8", lon="-88.45"
):
    return f'"{station}","FOND DU LAC, WI US","{lat}","{lon}","231.6","{day}","{prcp}","{attrs}"\n'


COCO_HEADER = (
    "ObservationDate,ObservationTime,EntryDateTime,StationNumber,StationName,Latitude,Longitude,"
    "TotalPrecipAmt,NewSnowDepth\n"
)


def coco_row(day: str, amount: str, at="07:00 AM", station="WI-FD-12", lat="43.81", lon="-88.9"):
    return f"{day},{at},{day} 07:15 AM,{station},Fairwater 1.2 NE,{lat},{lon},{amount},0.0\n"


def test_ghcn_import_stores_days_makes_the_gauge_and_is_idempotent(db):
    text = (
        GHCN_HEADER
        + ghcn_row("2026-06-01", "0.12")
        + ghcn_row("2026-06-02", "0.00", "T,,7,")
        + ghcn_row("2026-06-03", "0.80")
    )
    report = rain_imports.import_file(
        db, text, "ghcn", user_id=None, now=NOW, rb=RB, units="standard"
    )
    db.commit()
    assert (report.stored, report.unchanged, report.errors) == (3, 0, [])
    assert report.new_gauges == ["USC00472869"] and "made from the file" in report.notes[0].reason
    trace = db.exec(
        select(RainReading).where(RainReading.source_key == "ghcn:USC00472869:2026-06-02")
    ).one()
    assert trace.trace and trace.amount_in == 0
    assert len(report.rain_events) == 1 and report.rain_events[0].total_in == 0.8
    again = rain_imports.import_file(
        db, text, "ghcn", user_id=None, now=NOW, rb=RB, units="standard"
    )
    db.commit()
    assert (again.stored, again.unchanged, again.rain_events) == (0, 3, [])
    assert (
        len(db.exec(select(RainReading)).all()) == 3 and len(db.exec(select(RainEvent)).all()) == 1
    )


def test_bad_rows_are_reported_by_line_and_good_rows_kept(db):
    future = (NOW + timedelta(days=3)).date().isoformat()
    text = (
        GHCN_HEADER
        + ghcn_row("2026-06-01", "0.30")  # line 2 good
        + ghcn_row("2026-06-02", "-0.10")  # line 3 negative
        + ghcn_row("2026-06-03", "22.0")  # line 4 absurd
        + ghcn_row("2026-13-01", "0.1")  # line 5 bad date
        + ghcn_row(future, "0.1")  # line 6 future
        + ghcn_row("2026-06-04", "")  # line 7 missing: skipped
        + ghcn_row(
            "2026-06-04", "0.2", station="USW000NEW", lat="", lon=""
        )  # line 8 unknown, no location
        + ghcn_row("2026-06-05", "abc")
    )  # line 9 not a number
    report = rain_imports.import_file(
        db, text, "ghcn", user_id=None, now=NOW, rb=RB, units="standard"
    )
    db.commit()
    assert report.stored == 1
    lines = {issue.line: issue.reason for issue in report.errors}
    assert set(lines) == {3, 4, 5, 6, 8, 9}
    assert (
        "negative" in lines[3]
        and "15" in lines[4]
        and "future" in lines[6]
        and "Unknown station" in lines[8]
    )
    assert [s.line for s in report.skipped] == [7]
    assert [r.source_key for r in db.exec(select(RainReading)).all()] == [
        "ghcn:USC00472869:2026-06-01"
    ]


def test_wrong_format_or_unreadable_file_imports_nothing(db):
    with pytest.raises(FileProblem, match="missing column"):
        rain_imports.import_file(
            db,
            GHCN_HEADER + ghcn_row("2026-06-01", "0.3"),
            "cocorahs",
            user_id=None,
            now=NOW,
            rb=RB,
        )
    with pytest.raises(FileProblem):
        rain_imports.import_file(
            db, b"\x89PNG\r\n\x1a\n\x00\x00binary", "ghcn", user_id=None, now=NOW, rb=RB
        )
    with pytest.raises(FileProblem, match="empty"):
        rain_imports.import_file(db, b"  \n", "ghcn", user_id=None, now=NOW, rb=RB)
    assert db.exec(select(RainReading)).all() == []


def test_cocorahs_day_ends_at_the_7am_observation_and_counts_traces_and_na(db):
    text = (
        COCO_HEADER
        + coco_row("2026-06-05", "0.55")
        + coco_row("2026-06-06", "T")
        + coco_row("2026-06-07", "NA")
    )
    report = rain_imports.import_file(db, text, "cocorahs", user_id=None, now=NOW, rb=RB)
    db.commit()
    assert report.stored == 2 and [s.line for s in report.skipped] == [4]
    reading = db.exec(
        select(RainReading).where(RainReading.source_key == "cocorahs:WI-FD-12:2026-06-05")
    ).one()
    # 7:00 am CDT on June 5 is 12:00 UTC; the 24 hours before it.
    assert reading.period_end == datetime(2026, 6, 5, 12, 0)
    assert reading.period_start == datetime(2026, 6, 4, 12, 0)
    [event] = report.rain_events
    assert event.end == datetime(2026, 6, 5, 12, 0)


def test_imported_rain_makes_a_post_rain_inspection_due_at_the_linked_active_site(db, make, people):
    site = make.site(people["supervisor"], latitude=43.80, longitude=-88.91)
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 5, 1),
        rb=RB,
    )
    text = COCO_HEADER + coco_row("2026-06-09", "0.49") + coco_row("2026-06-10", "0.50")
    report = rain_imports.import_file(db, text, "cocorahs", user_id=None, now=NOW, rb=RB)
    db.commit()
    assert db.get(SiteGauge, site.id).gauge_id == db.exec(select(RainGauge)).one().id
    [event] = report.rain_events
    assert event.total_in == 0.5
    post = [i for i in schedule.due_items(db, site, NOW, RB) if i["kind"] == "post_rain"]
    assert len(post) == 1 and post[0]["rain_event_id"] == event.id
    assert post[0]["due_at"] == datetime.fromisoformat("2026-06-11T12:00:00Z")
    packets = db.exec(
        select(AuditEvent).where(
            AuditEvent.entity == "site",
            AuditEvent.action == "packet",
            AuditEvent.site_id == site.id,
        )
    ).all()
    assert packets, "devices are told to re-pull the site"


def test_nearest_gauge_is_linked_and_staff_choice_is_kept(db, make, people):
    site = make.site(people["supervisor"], latitude=43.80, longitude=-88.90)
    near = rain_gauges.create_gauge(
        db,
        name="Near",
        kind="onsite",
        station_code="near",
        latitude=43.801,
        longitude=-88.901,
        user_id=None,
        rb=RB,
    )
    assert db.get(SiteGauge, site.id).gauge_id == near.id
    closer = rain_gauges.create_gauge(
        db,
        name="Closer",
        kind="onsite",
        station_code="closer",
        latitude=43.8,
        longitude=-88.9,
        user_id=None,
        rb=RB,
    )
    assert db.get(SiteGauge, site.id).gauge_id == near.id  # kept: its rain still counts
    assert rain.nearest_gauge(db, site)[0].id == closer.id
    far = rain_gauges.create_gauge(
        db,
        name="Far",
        kind="ghcn",
        station_code="far",
        latitude=43.9,
        longitude=-88.7,
        user_id=None,
        rb=RB,
    )
    rain_gauges.choose_gauge(db, site, far.id, user=people["supervisor"])
    rain_gauges.create_gauge(
        db,
        name="Nearer",
        kind="onsite",
        station_code="nearer",
        latitude=43.8,
        longitude=-88.90001,
        user_id=None,
        rb=RB,
    )
    assert db.get(SiteGauge, site.id).gauge_id == far.id
    assert round(rain.haversine_mi(43.0, -89.0, 44.0, -89.0), 1) == 69.1


def test_manual_reading_is_idempotent_by_device_uuid_and_validated(db, make, people):
    site = make.site(people["supervisor"], latitude=43.80, longitude=-88.90)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    gauge = rain_gauges.create_gauge(
        db,
        name="Site",
        kind="onsite",
        station_code="s1",
        latitude=43.8,
        longitude=-88.9,
        user_id=None,
        rb=RB,
    )
    now = datetime.utcnow()
    args = dict(
        user=people["permittee"],
        gauge_id=gauge.id,
        observed_at=now - timedelta(hours=1),
        period_hours=24,
        device_uuid="11111111-1111-1111-1111-111111111111",
        site_id=site.id,
        now=now,
        rb=RB,
    )
    _, created = rain_hand_readings.record_manual(db, amount_in=0.7, **args)
    _, again = rain_hand_readings.record_manual(db, amount_in=0.7, **args)
    assert created and not again and len(db.exec(select(RainEvent)).all()) == 1
    from inspector.services import ServiceError

    for bad, field in ((-1, "amount_in"), (16, "amount_in"), ("x", "amount_in")):
        with pytest.raises(ServiceError) as exc:
            rain_hand_readings.record_manual(db, amount_in=bad, **{**args, "device_uuid": None})
        assert exc.value.field == field
    with pytest.raises(ServiceError) as exc:  # the other company's permittee cannot see this gauge
        rain_hand_readings.record_manual(
            db, amount_in=0.2, **{**args, "user": people["other"], "site_id": None}
        )
    assert exc.value.field == "gauge_id"
