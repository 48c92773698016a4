"""CoCoRaHS daily-report CSV export.

TotalPrecipAmt is inches; "T" is a trace (counted as 0), "NA" is missing (skipped, not an error). A CoCoRaHS
day ends at the observation time (usually about 7 am local), so the reading covers the local day before
ObservationDate + ObservationTime: from the same local time the day before (23 or 25 hours on the days
the clocks change). A row whose observation time is still to come is refused.
"""

from __future__ import annotations

from datetime import date, datetime

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

COLUMNS = (
    "ObservationDate",
    "ObservationTime",
    "StationNumber",
    "StationName",
    "Latitude",
    "Longitude",
    "TotalPrecipAmt",
)
DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y")
TIME_FORMATS = ("%I:%M %p", "%I:%M%p", "%H:%M", "%H:%M:%S")


def _parse(value: str, formats: tuple[str, ...], what: str) -> datetime:
    for fmt in formats:
        try:
            return datetime.strptime(value.upper(), fmt)
        except ValueError:
            continue
    raise RowError(f"{what} '{value}' is not understood.")


def parse(data: bytes | str, rb: Rulebook, now: datetime) -> ParseResult:
    result = ParseResult()
    max_in = rb["rain.max_daily_in"]
    for line, row in read_rows(data, COLUMNS, "CoCoRaHS daily CSV"):
        try:
            station = row["StationNumber"]
            if not station:
                raise RowError("StationNumber is empty.")
            day: date = _parse(row["ObservationDate"], DATE_FORMATS, "ObservationDate").date()
            at = _parse(row["ObservationTime"], TIME_FORMATS, "ObservationTime").time()
            raw = row["TotalPrecipAmt"].upper()
            if raw in ("NA", ""):
                result.skipped.append(RowIssue(line, "TotalPrecipAmt is NA (missing): skipped."))
                continue
            trace = raw == "T"
            value = 0.0 if trace else amount(raw, max_in)
            end = clocks.from_local(datetime.combine(day, at), rb)
            check_day_over(day, end, now, rb)
            result.rows.append(
                ParsedRow(
                    line=line,
                    station_code=station,
                    station_name=row["StationName"] or station,
                    latitude=coordinate(row["Latitude"], "Latitude", -90, 90),
                    longitude=coordinate(row["Longitude"], "Longitude", -180, 180),
                    period_start=clocks.day_before(end, rb),
                    period_end=end,
                    amount_in=value,
                    trace=trace,
                    source_key=f"cocorahs:{station}:{day.isoformat()}",
                )
            )
        except RowError as exc:
            result.errors.append(RowIssue(line, str(exc)))
    return result
