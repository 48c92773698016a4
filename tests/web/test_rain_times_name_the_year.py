"""The rain pages write a reading or a rain of another year than the Village's current one with
its year ("Dec 31, 2026, 7:00 AM CST"): a gauge's readings run across the new year and over
seasons, and "Dec 31" read in January was taken for this December."""

from __future__ import annotations

import io
from datetime import datetime

from sqlmodel import select

from inspector.models import RainGauge

from .test_rain import coco_file


def test_a_reading_of_last_year_names_its_year(app, client, auth, people, db):
    app.config["CLOCK_NOW"] = datetime(2027, 1, 2, 18, 0)  # Sat Jan 2, 2027, noon CST
    auth.login(people["supervisor"].email)
    data = coco_file([("2026-12-31", "0.62"), ("2027-01-02", "0.55")])
    report = client.post(
        "/rain/import",
        data={"format": "cocorahs", "file": (io.BytesIO(data), "rain.csv")},
        content_type="multipart/form-data",
    ).text
    gauge = db.exec(select(RainGauge).where(RainGauge.kind == "cocorahs")).one()
    page = client.get(f"/rain/gauges/{gauge.id}").text
    # The day before the morning read of Dec 31 runs from Dec 30, 7:00 AM to Dec 31, 7:00 AM.
    assert "Dec 30, 2026, 7:00 AM CST – Dec 31, 2026, 7:00 AM CST" in page
    # This year's: as before, no year.
    assert "Jan 1, 7:00 AM CST – Jan 2, 7:00 AM CST" in page
    assert "Dec 31, 2026, 7:00 AM CST" in report + client.get("/rain/").text
