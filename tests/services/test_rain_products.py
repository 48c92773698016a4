"""Rain from real NOAA files: the importer recognises the product (and so the unit), converts to
inches, says what it took the file to be, and refuses a file whose units it cannot tell. The fixture
files in tests/fixtures/rain are shaped as each product ships (header, column order, attributes)."""

import io
from datetime import datetime
from pathlib import Path

import pytest
from sqlmodel import select

from inspector.imports import FileProblem
from inspector.models import RainReading
from inspector.rules.rulebook import default
from inspector.services import rain_gauges, rain_imports

RB = default()
NOW = datetime(2026, 6, 10, 18, 0)
FIXTURES = Path(__file__).parent.parent / "fixtures" / "rain"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def amounts(db, station: str) -> dict[str, tuple[float, bool]]:
    rows = db.exec(select(RainReading).order_by(RainReading.period_end)).all()
    return {
        r.source_key.split(":")[2]: (r.amount_in, r.trace)
        for r in rows
        if r.source_key.split(":")[1] == station
    }


def gauge(db, station="USC00472869"):
    return rain_gauges.create_gauge(
        db,
        name="Fond du Lac",
        kind="ghcn",
        station_code=station,
        latitude=43.79,
        longitude=-88.45,
        user_id=None,
        rb=RB,
    )


def test_ghcn_daily_per_station_file_is_in_tenths_of_millimetres(db):
    """PRCP 5 is a 0.5 mm drizzle (0.02 in, not 5.00 in); PRCP 127 is 12.7 mm = 0.50 in and
    qualifies (not "over 15 inches")."""
    report = rain_imports.import_file(
        db, fixture("ghcnd_access_USC00472869.csv"), "auto", user_id=None, now=NOW, rb=RB
    )
    db.commit()
    assert report.product == "NOAA GHCN-Daily per-station file (PRCP in tenths of millimetres)"
    assert report.errors == []
    assert amounts(db, "USC00472869") == {
        "2026-06-01": (0.02, False),
        "2026-06-02": (0.5, False),
        "2026-06-03": (0.0, True),
    }
    reasons = {issue.line: issue.reason for issue in report.skipped}
    assert "missing" in reasons[5] and "quality flag 'I'" in reasons[6]
    [event] = report.rain_events
    assert event.total_in == 0.5


def test_ghcn_daily_by_station_file_without_a_header(db):
    gauge(db)
    report = rain_imports.import_file(
        db, fixture("ghcnd_by_station_USC00472869.csv"), "ghcn", user_id=None, now=NOW, rb=RB
    )
    assert report.product == "NOAA GHCN-Daily by-station file (PRCP in tenths of millimetres)"
    assert report.errors == [] and report.stored == 3
    assert amounts(db, "USC00472869") == {
        "2026-06-01": (0.02, False),
        "2026-06-02": (0.5, False),
        "2026-06-03": (0.0, True),
    }
    # The 07:00 observation ends the day's 24 hours: 12:00 UTC in June (CDT).
    key = "ghcn:USC00472869:2026-06-02"
    reading = db.exec(select(RainReading).where(RainReading.source_key == key)).one()
    assert reading.period_end == datetime(2026, 6, 2, 12, 0)


@pytest.mark.parametrize(
    "name, units",
    [
        ("cdo_standard_USC00472869.csv", "standard"),
        ("cdo_metric_USC00472869.csv", "metric"),
        ("ads_metric_USC00472869.csv", "metric"),
    ],
)
def test_cdo_and_ads_exports_in_the_units_requested(db, name, units):
    gauge(db)
    report = rain_imports.import_file(
        db, fixture(name), "auto", user_id=None, now=NOW, rb=RB, units=units
    )
    assert report.errors == [] and f"units={units}" in report.product
    got = amounts(db, "USC00472869")
    assert got["2026-06-01"] == (0.02, False) and got["2026-06-02"] == (0.5, False)


@pytest.mark.parametrize("name", ["cdo_standard_USC00472869.csv", "ads_metric_USC00472869.csv"])
def test_an_export_whose_units_cannot_be_told_is_refused_with_the_reason(db, name):
    with pytest.raises(FileProblem, match="does not say whether PRCP is in inches or millimetres"):
        rain_imports.import_file(db, fixture(name), "auto", user_id=None, now=NOW, rb=RB)
    assert db.exec(select(RainReading)).all() == []


def test_the_same_days_from_two_products_agree(db):
    rain_imports.import_file(
        db, fixture("ghcnd_access_USC00472869.csv"), "auto", user_id=None, now=NOW, rb=RB
    )
    again = rain_imports.import_file(
        db,
        fixture("cdo_metric_USC00472869.csv"),
        "auto",
        user_id=None,
        now=NOW,
        rb=RB,
        units="metric",
    )
    assert again.stored == 0 and again.unchanged == 3 and again.errors == []


def test_cocorahs_export_as_it_ships(db):
    report = rain_imports.import_file(
        db, fixture("cocorahs_export_WI-FD-12.csv"), "auto", user_id=None, now=NOW, rb=RB
    )
    assert report.product == "CoCoRaHS daily precipitation export (TotalPrecipAmt in inches)"
    assert report.errors == [] and report.stored == 3
    assert amounts(db, "WI-FD-12")["2026-06-02"] == (0.5, False)


def test_a_file_of_no_known_product_is_refused(db):
    with pytest.raises(FileProblem, match="not a NOAA or CoCoRaHS"):
        rain_imports.import_file(
            db, b"date,rain_mm\n2026-06-01,12.7\n", "auto", user_id=None, now=NOW, rb=RB
        )


def test_the_import_page_says_what_the_file_was_taken_to_be(client, auth, people):
    auth.login(people["supervisor"].email)
    access = io.BytesIO(fixture("ghcnd_access_USC00472869.csv"))
    page = client.post(
        "/rain/import",
        data={"format": "auto", "units": "", "file": (access, "USC00472869.csv")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 200
    assert (
        "Taken to be: <strong>NOAA GHCN-Daily per-station file (PRCP in tenths of millimetres)"
        in page.text
    )
    cdo = io.BytesIO(fixture("cdo_metric_USC00472869.csv"))
    refused = client.post(
        "/rain/import",
        data={"format": "auto", "units": "", "file": (cdo, "cdo.csv")},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 400 and "inches or millimetres" in refused.text
