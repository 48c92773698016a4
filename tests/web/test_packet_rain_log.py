"""The packet's rain log is a spreadsheet a regulator opens: a gauge named like a formula is text
there, as in the other exports, and a reading's source is in words, as on the rain pages."""

from __future__ import annotations

import csv
import io

from sqlmodel import select

from inspector.models import RainGauge
from tests.web.test_packet import _open, _range, site_records  # noqa: F401 (a fixture)


def test_the_rain_log_quotes_a_formula_and_names_the_source(
    app,
    client,
    auth,
    people,
    db,
    site_records,  # noqa: F811
):
    site, _ = site_records
    gauge = db.exec(select(RainGauge).where(RainGauge.station_code == "creek")).one()
    gauge.name = '=HYPERLINK("http://evil.example","Creek gauge")'
    db.commit()
    auth.login(people["supervisor"].email)
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=_range(app))
    with response, _open(response) as z:
        [row] = csv.DictReader(io.StringIO(z.read("rain-log.csv").decode()))
    assert row["gauge"] == "'" + gauge.name
    assert row["source"] == "On-site gauge"
    assert row["rain_in"] == "0.62"
