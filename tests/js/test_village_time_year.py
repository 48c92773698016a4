"""A moment in another year than the Village's current one is written with its year, on the
field app (static/js/village-time.js) as on the office pages (rules/clocks.py due_words, the
`duetime` of every page): an order posted in late December, read in January, or a reading from
last season, must not read as this year's. The Village's year, not the tablet's nor UTC's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from datetime import date, datetime
from pathlib import Path

import pytest

from inspector.rules import clocks
from inspector.rules.rulebook import default

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or "/usr/bin/node"
RB = default()

MOMENTS = [
    datetime(2026, 12, 31, 15, 30),  # Thu Dec 31, 9:30 AM CST
    datetime(2027, 1, 1, 3, 0),  # Thu Dec 31, 9:00 PM CST: 2027 in UTC, 2026 in the Village
    datetime(2027, 1, 1, 6, 0),  # midnight CST: the end of Thu Dec 31, 2026
    datetime(2027, 1, 2, 6, 0),  # midnight CST: the end of Fri Jan 1, 2027
    datetime(2027, 1, 4, 15, 30),  # Mon Jan 4, 2027, 9:30 AM CST
    datetime(2025, 12, 3, 15, 30),  # last season
]
NOWS = [
    datetime(2026, 12, 15, 18, 0),
    datetime(2027, 1, 1, 5, 59),  # still Thu Dec 31, 2026 in the Village
    datetime(2027, 1, 5, 18, 0),
]


def today(now: datetime) -> date:
    return clocks.local_date(now, RB)


@pytest.fixture(scope="module", params=["UTC", "Asia/Tokyo", "America/Chicago"])
def js(request, tmp_path_factory):
    cases = [
        {
            "moment": clocks.wire_time(m),
            "day": clocks.local_date(m, RB).isoformat(),
            "now": clocks.wire_time(n),
        }
        for n in NOWS
        for m in MOMENTS
    ]
    path = tmp_path_factory.mktemp("cases") / "cases.json"
    path.write_text(json.dumps({"cases": cases}), encoding="utf-8")
    out = subprocess.run(
        [NODE, str(ROOT / "tests/js/village_time_words_cases.mjs"), str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env={**os.environ, "TZ": request.param},
    )
    results = json.loads(out.stdout)
    return {
        (m, n): r
        for (n, m), r in zip([(n, m) for n in NOWS for m in MOMENTS], results, strict=True)
    }


def test_the_server_writes_the_year_of_a_day_in_another_year():
    dec, jan = date(2026, 12, 15), date(2027, 1, 5)
    assert clocks.due_words(MOMENTS[0], RB, today=dec) == "Thu Dec 31, 9:30 AM CST"
    assert clocks.due_words(MOMENTS[0], RB, today=jan) == "Thu Dec 31, 2026, 9:30 AM CST"
    assert clocks.due_words(MOMENTS[1], RB, today=dec) == "Thu Dec 31, 9:00 PM CST"
    assert (
        clocks.due_words(MOMENTS[2], RB, today=jan)
        == "Thu Dec 31, 2026, end of the day (midnight CST)"
    )
    assert (
        clocks.due_words(MOMENTS[2], RB, today=dec) == "Thu Dec 31, end of the day (midnight CST)"
    )
    assert clocks.due_words(MOMENTS[4], RB, today=dec) == "Mon Jan 4, 2027, 9:30 AM CST"
    assert clocks.due_words(MOMENTS[5], RB, today=dec) == "Wed Dec 3, 2025, 9:30 AM CST"
    assert clocks.due_words(MOMENTS[0], RB) == "Thu Dec 31, 9:30 AM CST"  # no day given: as before


def test_the_field_app_writes_the_year_as_the_server_does(js):
    for (moment, now), said in js.items():
        server = clocks.due_words(moment, RB, today=today(now))
        # The field app puts a comma after the weekday ("Thu, Dec 31"); the rest is the server's.
        assert said["due"] == server.replace(" ", ", ", 1), (moment, now)
        local = clocks.to_local(moment, RB)
        other = local.year != today(now).year
        assert said["time"].endswith(f"{local:%-I:%M %p %Z}")
        assert (f", {local.year}," in said["time"]) is other, (moment, now, said)
        assert str(local.year) not in said["clock"]
        day = local.date()
        words = f"{day:%a}, {day:%b} {day.day}" + (f", {day.year}" if other else "")
        assert said["day"] == words, (moment, now, said)


def test_an_order_posted_last_december_reads_with_its_year(js):
    said = js[(MOMENTS[0], NOWS[2])]
    assert said["time"] == "Thu, Dec 31, 2026, 9:30 AM CST"
    assert js[(MOMENTS[0], NOWS[0])]["time"] == "Thu, Dec 31, 9:30 AM CST"
    # 9 PM on Dec 31 in the Village is 2027 in UTC: still this year's on Dec 31.
    assert js[(MOMENTS[1], NOWS[1])]["time"] == "Thu, Dec 31, 9:00 PM CST"
