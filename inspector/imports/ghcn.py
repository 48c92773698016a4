"""NOAA GHCN-Daily CSV (NCEI access service, standard units: PRCP in inches).

Each row is one station-day. PRCP_ATTRIBUTES is "measurement flag, quality flag, source flag, observation
time": a measurement flag "T" is a trace (counted as 0). When the observation time (HHMM, local) is given,
the 24-hour period ends then on DATE; otherwise the period is DATE's local calendar day. An empty PRCP is
missing data: skipped, not an error.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import ParsedRow, ParseResult, RowError, RowIssue, amount, check_not_future, coordinate, read_rows

COLUMNS = ("STATION", "NAME", "LATITUDE", "LONGITUDE", "DATE", "PRCP", "PRCP_ATTRIBUTES")


def _period(day: date, attributes: list[str], rb: Rulebook) -> tuple[datetime, datetime]:
    obs = attributes[3] if len(attributes) > 3 else ""
    if obs:
        if not (obs.isdigit() and len(obs) == 4 and int(obs[:2]) < 24 and int(obs[2:]) < 60):
            raise RowError(f"Observation time '{obs}' in PRCP_ATTRIBUTES is not HHMM.")
        end_local = datetime.combine(day, time(int(obs[:2]), int(obs[2:])))
    else:
        end_local = datetime.combine(day + timedelta(days=1), time.min)
    end = clocks.from_local(end_local, rb)
    return end - timedelta(hours=24), end


def parse(data: bytes | str, rb: Rulebook, now: datetime) -> ParseResult:
    result = ParseResult()
    max_in = rb["rain.max_daily_in"]
    for line, row in read_rows(data, COLUMNS, "NOAA GHCN-Daily CSV"):
        try:
            station = row["STATION"]
            if not station:
                raise RowError("STATION is empty.")
            try:
                day = date.fromisoformat(row["DATE"])
            except ValueError:
                raise RowError(f"DATE '{row['DATE']}' is not a date (YYYY-MM-DD).") from None
            if row["PRCP"] == "":
                result.skipped.append(RowIssue(line, "No PRCP value (missing data): skipped."))
                continue
            attributes = [a.strip() for a in row["PRCP_ATTRIBUTES"].split(",")]
            trace = attributes[0] == "T"
            value = 0.0 if trace else amount(row["PRCP"], max_in)
            start, end = _period(day, attributes, rb)
            check_not_future(end - timedelta(hours=24), now, rb["rain.future_tolerance_minutes"])
            result.rows.append(ParsedRow(
                line=line, station_code=station, station_name=row["NAME"] or station,
                latitude=coordinate(row["LATITUDE"], "LATITUDE", -90, 90),
                longitude=coordinate(row["LONGITUDE"], "LONGITUDE", -180, 180),
                period_start=start, period_end=end, amount_in=value, trace=trace,
                source_key=f"ghcn:{station}:{day.isoformat()}"))
        except RowError as exc:
            result.errors.append(RowIssue(line, str(exc)))
    return result
