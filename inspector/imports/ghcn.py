"""NOAA daily precipitation files: the GHCN-Daily per-station and by-station files and the Climate
Data Online / Access Data Service exports (which product, and so which unit: imports/noaa.py).

Each row is one station-day. The attributes (PRCP_ATTRIBUTES, or the by-station file's flag columns)
are "measurement flag, quality flag, source flag, observation time": a measurement flag "T" is a
trace (counted as 0), a quality flag means NOAA found the value failed a check (skipped, with the
flag). When the observation time (HHMM, local) is given, the day's period ends then on DATE and
starts at the same local time the day before (23 or 25 hours on the days the clocks change, so
consecutive days touch); otherwise the period is DATE's local calendar day. A row whose period has
not ended yet (today's) is refused. An empty PRCP is missing data: skipped.
"""

from __future__ import annotations

import csv
import io
from datetime import date, datetime, time, timedelta

from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import (
    ParsedRow,
    ParseResult,
    RowError,
    RowIssue,
    amount,
    check_day_over,
    coordinate,
    read_rows,
)

COLUMNS = ("STATION", "DATE", "PRCP")  # NAME, LATITUDE, LONGITUDE, PRCP_ATTRIBUTES when requested


def _period(day: date, attributes: list[str], rb: Rulebook) -> tuple[datetime, datetime]:
    obs = attributes[3] if len(attributes) > 3 else ""
    if obs:
        if not (obs.isdigit() and len(obs) == 4 and int(obs[:2]) < 24 and int(obs[2:]) < 60):
            raise RowError(f"Observation time '{obs}' in PRCP_ATTRIBUTES is not HHMM.")
        end_local = datetime.combine(day, time(int(obs[:2]), int(obs[2:])))
    else:
        end_local = datetime.combine(day + timedelta(days=1), time.min)
    end = clocks.from_local(end_local, rb)
    return clocks.day_before(end, rb), end


def _row(
    result: ParseResult,
    line: int,
    fields: dict,
    day_text: str,
    day_format: str,
    attributes: list[str],
    per_inch: float,
    rb: Rulebook,
    now: datetime,
) -> None:
    try:
        station = fields["station"]
        if not station:
            raise RowError("STATION is empty.")
        try:
            day = datetime.strptime(day_text, day_format).date()
        except ValueError:
            shape = day_format.replace("%", "")
            raise RowError(f"DATE '{day_text}' is not a date ({shape}).") from None
        if fields["prcp"].strip() == "":
            result.skipped.append(RowIssue(line, "No PRCP value (missing data): skipped."))
            return
        quality = attributes[1] if len(attributes) > 1 else ""
        if quality:
            why = f"NOAA's quality flag '{quality}': the value failed a quality check: skipped."
            result.skipped.append(RowIssue(line, why))
            return
        trace = attributes[0] == "T"
        value = 0.0 if trace else amount(fields["prcp"], rb["rain.max_daily_in"], per_inch)
        start, end = _period(day, attributes, rb)
        check_day_over(day, end, now, rb)
        result.rows.append(
            ParsedRow(
                line=line,
                station_code=station,
                station_name=fields.get("name") or station,
                latitude=coordinate(fields.get("lat", ""), "LATITUDE", -90, 90),
                longitude=coordinate(fields.get("lon", ""), "LONGITUDE", -180, 180),
                period_start=start,
                period_end=end,
                amount_in=value,
                trace=trace,
                source_key=f"ghcn:{station}:{day.isoformat()}",
            )
        )
    except RowError as exc:
        result.errors.append(RowIssue(line, str(exc)))


def parse(data: bytes | str, rb: Rulebook, now: datetime, per_inch: float = 1.0) -> ParseResult:
    """A CSV with a header (GHCN-Daily per-station file, CDO or ADS export); `per_inch`: how many of
    the file's PRCP units make one inch."""
    result = ParseResult()
    for line, row in read_rows(data, COLUMNS, "NOAA daily CSV"):
        attributes = [a.strip() for a in row.get("PRCP_ATTRIBUTES", "").split(",")]
        fields = {
            "station": row["STATION"],
            "prcp": row["PRCP"],
            "name": row.get("NAME", ""),
            "lat": row.get("LATITUDE", ""),
            "lon": row.get("LONGITUDE", ""),
        }
        _row(result, line, fields, row["DATE"], "%Y-%m-%d", attributes, per_inch, rb, now)
    return result


def parse_by_station(text: str, rb: Rulebook, now: datetime, per_inch: float) -> ParseResult:
    """The by-station file: ID,YYYYMMDD,ELEMENT,DATA_VALUE,M_FLAG,Q_FLAG,S_FLAG,OBS_TIME, every
    element of the station; only PRCP lines are read. It has no station name or position."""
    result = ParseResult()
    for line, cells in enumerate(csv.reader(io.StringIO(text)), 1):
        cells = [c.strip() for c in cells]
        if len(cells) < 4 or cells[2] != "PRCP":
            continue  # the header, other elements (TMAX, SNOW...) and blank lines
        attributes = (cells[4:8] + ["", "", "", ""])[:4]
        fields = {"station": cells[0], "prcp": cells[3]}
        _row(result, line, fields, cells[1], "%Y%m%d", attributes, per_inch, rb, now)
    return result
