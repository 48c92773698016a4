"""The rain pages write times as the rest of the app does ("Dec 2, 7:00 AM CST": the Village's clock,
with its zone) and a reading's source in words ("CoCoRaHS"). Before, they wrote "Wed Dec 02 07:00"
(no zone) and the stored key "cocorahs"."""

from __future__ import annotations

import io
import re
from datetime import UTC, date, datetime, timedelta

from sqlmodel import select

from inspector.models import RainEvent, RainGauge, RainReading
from inspector.rules import clocks
from inspector.rules.rulebook import default

from .test_rain import coco_file

RB = default()


def words(moment) -> str:
    """As the pages write it: with the year when not the Village's current one (January 1st)."""
    local = clocks.to_local(moment, RB)
    if local.year == clocks.local_date(datetime.now(UTC).replace(tzinfo=None), RB).year:
        return local.strftime(clocks.TIME_WORDS)
    return f"{local:%b} {local.day}, {local.year}, {local:%-I:%M %p %Z}"


def test_rain_pages_write_times_with_the_zone_and_sources_in_words(client, auth, people, db):
    auth.login(people["supervisor"].email)
    today = date.today()
    data = coco_file([((today - timedelta(days=1)).isoformat(), "0.62")])
    report = client.post(
        "/rain/import",
        data={"format": "cocorahs", "file": (io.BytesIO(data), "rain.csv")},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    event = db.exec(select(RainEvent)).one()
    reading = db.exec(select(RainReading)).one()
    gauge = db.exec(select(RainGauge).where(RainGauge.kind == "cocorahs")).one()
    ended = words(event.end)
    assert re.search(r"\d:\d\d [AP]M C[SD]T$", ended)  # "Dec 2, 7:00 AM CST"

    index = client.get("/rain/").get_data(as_text=True)
    page = client.get(f"/rain/gauges/{gauge.id}").get_data(as_text=True)
    for html in (report, index, page):
        assert ended in html
    start, end = words(reading.period_start), words(reading.period_end)
    assert f"{start} – {end}" in page
    assert "<td>CoCoRaHS</td>" in page and "cocorahs" not in page
