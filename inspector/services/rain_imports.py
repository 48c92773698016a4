"""Rain readings imported from station files: NOAA daily precipitation files and CoCoRaHS exports
(parsed by `inspector/imports/`), in inches whatever the file's unit. A station not seen before
becomes a gauge; each gauge with new readings has its qualifying rains re-evaluated.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from operator import attrgetter

from sqlmodel import Session, select

from ..imports import FileProblem, ParsedRow, RowIssue, cocorahs, ghcn, noaa
from ..models import RainEvent, RainGauge, RainReading
from ..rules.rulebook import Rulebook
from . import audit, seals
from .rain import evaluate_gauge
from .rain_gauges import link_nearest, new_gauge

FORMATS = ("auto", "ghcn", "cocorahs")  # "ghcn", "auto": recognised from the file (imports/noaa.py)


def parse_file(
    data: bytes | str, fmt: str, units: str | None, rb: Rulebook, now: datetime
) -> tuple[noaa.Product, object]:
    """(which product the file was taken to be, its parsed rows). Raises FileProblem."""
    if fmt not in FORMATS:
        raise FileProblem("Choose the file's format: recognised from the file, NOAA, or CoCoRaHS.")
    if fmt == "cocorahs":
        product = noaa.Product(
            "cocorahs",
            "CoCoRaHS daily precipitation export (TotalPrecipAmt in inches)",
            1.0,
            "cocorahs",
        )
        return product, cocorahs.parse(data, rb, now)
    product, text = noaa.recognise(data, units)
    if product.key == "cocorahs" and fmt == "ghcn":
        raise FileProblem(
            "This is a CoCoRaHS export, not a NOAA file: choose CoCoRaHS, or let the "
            "app recognise the file."
        )
    if product.key == "cocorahs":
        return product, cocorahs.parse(text, rb, now)
    if product.key == "ghcnd_by_station":
        return product, ghcn.parse_by_station(text, rb, now, product.per_inch)
    return product, ghcn.parse(text, rb, now, product.per_inch)


def _stored_readings(session: Session, keys: list[str]) -> dict[str, RainReading]:
    """Readings already stored under these source keys, in a few queries (an import can have thousands)."""
    found: dict[str, RainReading] = {}
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        found.update(
            (r.source_key, r)
            for r in session.exec(
                select(RainReading).where(RainReading.source_key.in_(chunk))
            ).all()
        )
    return found


@dataclass
class ImportReport:
    format: str
    product: str = ""  # which product the file was taken to be, with its unit
    stored: int = 0
    unchanged: int = 0
    errors: list[RowIssue] = field(default_factory=list)
    skipped: list[RowIssue] = field(default_factory=list)
    notes: list[RowIssue] = field(default_factory=list)  # e.g. a new gauge made from the file
    new_gauges: list[str] = field(default_factory=list)
    rain_events: list[RainEvent] = field(default_factory=list)

    @property
    def rows_read(self) -> int:
        return self.stored + self.unchanged + len(self.errors) + len(self.skipped)

    def by_line(self) -> list[tuple[int, str, str]]:
        """Every remark in file order: (line, "error"|"note"|"skipped", reason)."""
        rows = [(i.line, "error", i.reason) for i in self.errors] + [
            (i.line, "note", i.reason) for i in self.notes
        ]
        return sorted(rows + [(i.line, "skipped", i.reason) for i in self.skipped])


def import_file(
    session: Session,
    data: bytes | str,
    fmt: str,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    units: str | None = None,
) -> ImportReport:
    """Import a NOAA daily precipitation file or a CoCoRaHS export, in inches whatever the file's
    unit (report.product says which product it was taken to be). Good rows are stored, bad rows
    reported with line numbers. `units`: what a Climate Data Online / Access Data Service export
    was requested in.

    A station not seen before becomes a gauge from the file's own station columns (reported as a note); a
    row of an unknown station without a location is reported as an error (it could not be placed).
    A row already imported is counted as unchanged; one that now says a different amount is reported and the
    stored reading kept (readings are never overwritten silently). Raises FileProblem for an unusable file.
    """
    product, parsed = parse_file(data, fmt, units, rb, now)
    fmt = product.source
    report = ImportReport(
        format=fmt, product=product.label, errors=list(parsed.errors), skipped=list(parsed.skipped)
    )
    gauges = {g.station_code: g for g in session.exec(select(RainGauge)).all()}
    stored = _stored_readings(session, [row.source_key for row in parsed.rows])
    seen: dict[str, ParsedRow] = {}
    earliest: dict[int, datetime] = {}
    fresh: list[RainReading] = []
    for row in parsed.rows:
        if row.source_key in seen:
            first = seen[row.source_key]
            if first.amount_in != row.amount_in:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Same station and day as line {first.line} with a "
                        "different amount: this line was not imported.",
                    )
                )
            else:
                report.unchanged += 1
            continue
        seen[row.source_key] = row
        gauge = gauges.get(row.station_code)
        if gauge is None:
            if row.latitude is None or row.longitude is None:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Unknown station {row.station_code} and the row has no "
                        "location: add the gauge first.",
                    )
                )
                continue
            gauge = new_gauge(
                session,
                user_id,
                row.station_name,
                fmt,
                row.station_code,
                latitude=row.latitude,
                longitude=row.longitude,
            )
            gauges[row.station_code] = gauge
            report.new_gauges.append(row.station_code)
            report.notes.append(
                RowIssue(
                    row.line,
                    f"New gauge {row.station_code} ({row.station_name}) made from "
                    "the file's station columns.",
                )
            )
        existing = stored.get(row.source_key)
        if existing is not None:
            if round(existing.amount_in, 2) != row.amount_in or existing.trace != row.trace:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Already imported as {existing.amount_in:.2f} in; the "
                        f"stored reading was kept (file says {row.amount_in:.2f}).",
                    )
                )
            else:
                report.unchanged += 1
            continue
        fresh.append(
            RainReading(
                gauge_id=gauge.id,
                user_id=user_id,
                period_start=row.period_start,
                period_end=row.period_end,
                amount_in=row.amount_in,
                trace=row.trace,
                source=fmt,
                source_key=row.source_key,
            )
        )
        report.stored += 1
        earliest[gauge.id] = min(earliest.get(gauge.id, row.period_start), row.period_start)
    _after_last_observation(session, fresh, fmt, rb)
    # One flush and one audit event for the whole file (thousands of rows): each reading keeps its own
    # provenance (source, source_key, user, recorded_at), and devices never pull imported readings.
    session.add_all(fresh)
    session.flush()
    seals.seal(session, "rain_reading", *fresh, at=now)
    if fresh:
        audit.record(
            session,
            entity="rain_import",
            entity_id=fmt,
            action="import",
            user_id=user_id,
            after={
                "format": fmt,
                "product": product.key,
                "stored": report.stored,
                "unchanged": report.unchanged,
                "errors": len(report.errors),
                "stations": sorted({r.source_key.split(":")[1] for r in fresh}),
                "first": min(r.period_start for r in fresh).isoformat(),
                "last": max(r.period_end for r in fresh).isoformat(),
            },
        )
    if report.new_gauges:
        link_nearest(session, rb)
    for gauge_id, since in earliest.items():
        report.rain_events += evaluate_gauge(session, gauge_id, rb, since=since)
    report.errors.sort(key=lambda issue: issue.line)
    return report


def _after_last_observation(session: Session, fresh: list, source: str, rb: Rulebook) -> None:
    """A day's reading starts no earlier than the same station's previous observation: the observer
    empties the gauge when reading it, so a reading at 06:30 after one at 07:00 the day before covers
    23.5 hours, not the 24 that overlap the day before's by half an hour (which would count the two
    as the same rain read twice and drop one day's rain). Readings less than
    rain.same_reading_minutes apart keep their periods, as hand readings do (manual_period_start)."""
    same = timedelta(minutes=rb["rain.same_reading_minutes"])
    by_gauge: dict[int, list] = {}
    for reading in fresh:
        by_gauge.setdefault(reading.gauge_id, []).append(reading)
    for gauge_id, readings in by_gauge.items():
        readings.sort(key=attrgetter("period_end"))
        ends = sorted(
            session.exec(
                select(RainReading.period_end).where(
                    RainReading.gauge_id == gauge_id,
                    RainReading.source == source,
                    RainReading.period_end > readings[0].period_start,
                    RainReading.period_end < readings[-1].period_end,
                )
            ).all()
        )
        for reading in readings:
            i = bisect.bisect_right(ends, reading.period_end - same)
            if i and ends[i - 1] > reading.period_start:  # the last observation inside its period
                reading.period_start = ends[i - 1]
            bisect.insort(ends, reading.period_end)
