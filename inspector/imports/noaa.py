"""Which NOAA (or CoCoRaHS) product a rain file is, and so in which unit its precipitation is.

NOAA ships daily precipitation in several shapes, and the same column PRCP means different units:

- GHCN-Daily per-station file (www.ncei.noaa.gov/data/global-historical-climatology-network-daily/
  access/<station>.csv): header "STATION","DATE","LATITUDE","LONGITUDE","ELEVATION","NAME","PRCP",
  "PRCP_ATTRIBUTES",... with each value right-aligned in five characters ("  127"): PRCP in
  TENTHS OF MILLIMETRES, the archive's own unit.
- GHCN-Daily by-station file (/pub/data/ghcn/daily/by_station/<station>.csv): no header, one
  element per line, ID,YYYYMMDD,ELEMENT,DATA_VALUE,M_FLAG,Q_FLAG,S_FLAG,OBS_TIME: tenths of mm.
- Climate Data Online (CDO) CSV orders and Access Data Service (ADS) exports: STATION, DATE, PRCP
  and optional NAME, LATITUDE, LONGITUDE, ELEVATION, PRCP_ATTRIBUTES columns, in the units
  requested (standard: inches, metric: millimetres). The file does not say which: the person
  importing does.
- CoCoRaHS daily precipitation export: TotalPrecipAmt in inches (CoCoRaHS reports in inches).

A file whose units cannot be told is refused with the reason; nothing is guessed.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from . import FileProblem, decode

TENTHS_MM_PER_IN = 254.0
MM_PER_IN = 25.4
UNITS = {"standard": 1.0, "metric": MM_PER_IN}  # what one inch is in the units requested
BY_STATION_ROW = re.compile(r"^[A-Z0-9]{11},\d{8},[A-Z0-9]{4},")
BY_STATION_HEADER = (
    "ID",
    "DATE",
    "ELEMENT",
    "DATA_VALUE",
    "M_FLAG",
    "Q_FLAG",
    "S_FLAG",
    "OBS_TIME",
)
ACCESS_HEADER = ("STATION", "DATE", "LATITUDE", "LONGITUDE", "ELEVATION", "NAME")
PADDED_INTEGER = re.compile(r"^ *-?\d+$")


@dataclass(frozen=True)
class Product:
    key: str  # ghcnd_access | ghcnd_by_station | cdo_ads | cocorahs
    label: str  # what the import report says the file was taken to be
    per_inch: float  # how many of the file's PRCP units make one inch
    source: str  # the reading's and new gauge's kind: ghcn | cocorahs


def _first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


def _prcp_values(text: str) -> list[str]:
    """The PRCP cells exactly as written (not stripped: the padding tells the product)."""
    reader = csv.reader(io.StringIO(text))
    header = [h.strip() for h in next(reader, [])]
    if "PRCP" not in header:
        return []
    column = header.index("PRCP")
    return [row[column] for row in reader if len(row) > column and row[column].strip()]


def recognise(data: bytes | str, units: str | None = None) -> tuple[Product, str]:
    """(the product, the decoded text). `units`: what the person importing requested from CDO or
    ADS ("standard" or "metric"); needed only for those exports."""
    text = decode(data)
    first = _first_line(text).lstrip("\ufeff")
    names = [c.strip().strip('"') for c in next(csv.reader([first]), [])]
    if BY_STATION_ROW.match(first) or tuple(names[:8]) == BY_STATION_HEADER:
        return Product(
            "ghcnd_by_station",
            "NOAA GHCN-Daily by-station file (PRCP in tenths of millimetres)",
            TENTHS_MM_PER_IN,
            "ghcn",
        ), text
    if "TotalPrecipAmt" in names and "ObservationDate" in names:
        return Product(
            "cocorahs",
            "CoCoRaHS daily precipitation export (TotalPrecipAmt in inches)",
            1.0,
            "cocorahs",
        ), text
    if not {"STATION", "DATE", "PRCP"} <= set(names):
        raise FileProblem(
            "This file is not a NOAA or CoCoRaHS daily precipitation file this "
            "app knows: it needs STATION, DATE and PRCP columns (NOAA), or "
            "ObservationDate and TotalPrecipAmt (CoCoRaHS), or the GHCN-Daily "
            "by-station layout."
        )
    values = _prcp_values(text)
    if (
        tuple(names[:6]) == ACCESS_HEADER
        and values
        and all(PADDED_INTEGER.match(v) and len(v) == 5 for v in values)
    ):
        return Product(
            "ghcnd_access",
            "NOAA GHCN-Daily per-station file (PRCP in tenths of millimetres)",
            TENTHS_MM_PER_IN,
            "ghcn",
        ), text
    if units not in UNITS:
        raise FileProblem(
            "This is a NOAA Climate Data Online or Access Data Service export: "
            "such a file does not say whether PRCP is in inches or millimetres. "
            "Choose the units the file was requested in (standard: inches; "
            "metric: millimetres) and import it again. Nothing was imported."
        )
    unit = "inches" if units == "standard" else "millimetres"
    label = (
        f"NOAA Climate Data Online / Access Data Service export, units={units} "
        f"(PRCP in {unit}, as stated at import)"
    )
    return Product("cdo_ads", label, UNITS[units], "ghcn"), text
