"""Rain data file parsers (pure: text in, rows and line-numbered problems out; no database).

Each parser returns a `ParseResult`: the good rows, the bad rows with their line numbers and reasons, and the
lines skipped because the file itself says the value is missing. A file that cannot be read at all (not
text, no header, missing columns: e.g. the wrong format chosen) raises `FileProblem`.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, field
from datetime import date, datetime

from ..rules import clocks
from ..rules.rulebook import Rulebook


class FileProblem(ValueError):
    """The whole file is unusable; nothing is imported."""


@dataclass(frozen=True)
class ParsedRow:
    line: int
    station_code: str
    station_name: str
    latitude: float | None
    longitude: float | None
    period_start: datetime  # naive UTC
    period_end: datetime  # naive UTC
    amount_in: float  # 0 for a trace
    trace: bool
    source_key: str  # what makes a re-import a no-op


@dataclass(frozen=True)
class RowIssue:
    line: int
    reason: str


@dataclass
class ParseResult:
    rows: list[ParsedRow] = field(default_factory=list)
    errors: list[RowIssue] = field(default_factory=list)
    skipped: list[RowIssue] = field(default_factory=list)


class RowError(ValueError):
    """One row is bad; the parser records it with its line number and goes on."""


def decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    if not data.strip():
        raise FileProblem("The file is empty.")
    if b"\x00" in data[:4096]:
        raise FileProblem("This is not a CSV text file.")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            raise FileProblem(
                "The file is not readable text (unknown character encoding)."
            ) from None


def read_rows(data: bytes | str, required: tuple[str, ...], label: str):
    """Yield (line number, row dict) after checking the header names every required column."""
    text = decode(data)
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip() for h in (reader.fieldnames or [])]
    if not header:
        raise FileProblem("The file has no header row.")
    reader.fieldnames = header
    missing = [c for c in required if c not in header]
    if missing:
        raise FileProblem(
            f"This is not a {label} file: missing column(s) {', '.join(missing)}. "
            "Check the format chosen."
        )
    try:
        for row in reader:
            if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
                continue  # blank line
            yield (
                reader.line_num,
                {k: (v or "").strip() if isinstance(v, str) else "" for k, v in row.items()},
            )
    except csv.Error as exc:
        raise FileProblem(f"The CSV is malformed near line {reader.line_num}: {exc}.") from None


def coordinate(value: str, name: str, low: float, high: float) -> float | None:
    if value == "":
        return None
    try:
        number = float(value)
    except ValueError:
        raise RowError(f"{name} '{value}' is not a number.") from None
    if not math.isfinite(number) or not low <= number <= high:
        raise RowError(f"{name} {value} is out of range.")
    return number


def amount(value: str, max_in: float, per_inch: float = 1.0) -> float:
    """The amount in inches, rounded to the hundredth; `per_inch`: how many of the file's units make
    an inch (254 for NOAA's tenths of millimetres, 25.4 for millimetres)."""
    try:
        number = float(value)
    except ValueError:
        raise RowError(f"Rain amount '{value.strip()}' is not a number.") from None
    if not math.isfinite(number):
        raise RowError(f"Rain amount '{value.strip()}' is not a number.")
    if number < 0:
        raise RowError(f"Rain amount {value.strip()} is negative.")
    inches = number / per_inch
    shown = f"{value.strip()} in" if per_inch == 1 else f"{value.strip()} ({inches:.2f} in)"
    if inches > max_in:
        raise RowError(
            f"Rain amount {shown} is over {max_in:g} inches in a day: most likely an error."
        )
    return round(inches, 2)


def check_day_over(day: date, period_end: datetime, now: datetime, rb: Rulebook) -> None:
    """A reading of a day that is not over yet is not the day's rain, only the rain so far: it is
    refused (not stored), so the day's full total can be imported once the day has ended. No
    tolerance: the file's day and the server's clock decide, not a device's clock."""
    if period_end > now:
        ends = clocks.to_local(period_end, rb).strftime(clocks.TIME_WORDS)
        raise RowError(
            f"The day {day.isoformat()} is not over: its reading ends {ends}, in the future. "
            "Import it once the day has ended (the rain so far is not the day's total)."
        )
