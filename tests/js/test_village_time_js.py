"""The field forms' clock (static/js/village-time.js) is the server's (inspector/rules/clocks.py):
a Village date and time typed on a tablet is the instant clocks.from_local gives (the first of the
autumn's repeated hour, a skipped spring time moved forward), and an instant's Village date and time
are clocks.to_local's, whatever zone the tablet itself is set to."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from inspector.rules import clocks
from inspector.rules.rulebook import default

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or "/usr/bin/node"
RB = default()
ZONES = ["UTC", "America/Denver", "America/Chicago", "Asia/Tokyo"]


def every(start: datetime, hours: int, minutes: int = 15):
    return [start + timedelta(minutes=m) for m in range(0, hours * 60, minutes)]


# Both changes (2026-11-01, 25 hours; 2027-03-14, 23 hours), an evening across the UTC date line,
# and the turn of the year.
WALLS = (
    every(datetime(2026, 10, 31, 20), 30)
    + every(datetime(2027, 3, 13, 20), 30)
    + every(datetime(2026, 11, 29, 17), 9, minutes=30)
    + [datetime(2026, 12, 31, 23, 59), datetime(2027, 1, 1, 0, 0), datetime(2026, 7, 4, 12, 0)]
)
INSTANTS = [clocks.from_local(w, RB) for w in WALLS] + every(datetime(2026, 11, 1, 4), 4, 10)
INVALID = [["2026-02-30", "10:00"], ["2026-11-29", "24:00"], ["", "19:30"], ["2026-11-29", ""]]


@pytest.fixture(scope="module", params=ZONES)
def browser_side(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("cases") / "cases.json"
    path.write_text(
        json.dumps(
            {
                "walls": [[w.date().isoformat(), w.strftime("%H:%M")] for w in WALLS],
                "instants": [clocks.wire_time(m) for m in INSTANTS],
                "invalid": INVALID,
            }
        ),
        encoding="utf-8",
    )
    out = subprocess.run(
        [NODE, str(ROOT / "tests/js/village_time_cases.mjs"), str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env={**os.environ, "TZ": request.param},
    )
    result = json.loads(out.stdout)
    assert (result["zone"], result["deviceZone"]) == (RB["calendar.timezone"], request.param)
    return result


def test_a_village_wall_time_is_the_servers_instant(browser_side):
    expected = [clocks.wire_time(clocks.from_local(w, RB)) for w in WALLS]
    assert browser_side["toUtc"] == expected
    # The readings chosen where the wall clock is ambiguous or skipped, as the server takes them.
    by_wall = dict(zip([w.isoformat() for w in WALLS], browser_side["toUtc"], strict=True))
    assert by_wall["2026-11-01T01:30:00"] == "2026-11-01T06:30:00Z"  # 01:30 CDT, the first
    assert by_wall["2027-03-14T02:30:00"] == "2027-03-14T08:30:00Z"  # 03:30 CDT
    assert by_wall["2026-11-29T19:30:00"] == "2026-11-30T01:30:00Z"


def test_an_instants_village_date_and_time_are_the_servers(browser_side):
    expected = [
        [clocks.local_date(m, RB).isoformat(), clocks.to_local(m, RB).strftime("%H:%M")]
        for m in INSTANTS
    ]
    assert browser_side["wall"] == expected


def test_no_instant_for_what_is_not_a_date_and_time(browser_side):
    assert browser_side["invalid"] == [None] * len(INVALID)
