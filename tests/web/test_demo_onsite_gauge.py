"""The demo's Badger Utility on-site gauge is Badger Utility's to read. Before, the demo linked a Prairie
Builders site and the site with no permit to it (their nearest gauge), so Badger's permittee found its
own gauge on /rain/, read by its company, and no form to record a reading there."""

from __future__ import annotations

import re

from sqlmodel import select

from inspector import demo
from inspector.db import get_session
from inspector.models import RainGauge, RainReading, User
from tests.web.test_rain import local_hour_ago
from tests.web.test_rain_read_by import reader_of

GAUGE = "Badger Utility on-site gauge"


def csrf_of(page: str) -> str:
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page)
    assert token, "no CSRF token on the page"
    return token.group(1)


def test_badgers_permittee_records_a_reading_at_its_on_site_gauge(demo_app_with_csrf):
    app = demo_app_with_csrf
    client = app.test_client()
    signed_in = client.post(
        "/login",
        data={
            "email": "permittee@badger-utility.example",
            "password": demo.PASSWORD,
            "csrf_token": csrf_of(client.get("/login").get_data(as_text=True)),
        },
    )
    assert signed_in.status_code == 302

    page = client.get("/rain/").get_data(as_text=True)
    assert "Record a gauge reading" in page, "no reading form for Badger Utility's permittee"
    offered = re.search(r'<select id="gauge_id"[^>]*>(.*?)</select>', page, re.S)
    assert offered and GAUGE in offered.group(1), "its on-site gauge is not offered"
    gauge_id = re.search(rf'value="(\d+)"[^>]*>{re.escape(GAUGE)}<', offered.group(1)).group(1)
    saved = client.post(
        "/rain/readings",
        data={
            "csrf_token": csrf_of(page),
            "gauge_id": gauge_id,
            "observed_at": local_hour_ago(),
            "amount_in": "0.35",
        },
        follow_redirects=True,
    )
    assert saved.status_code == 200
    assert "Reading of 0.35 in saved." in saved.get_data(as_text=True)
    with app.app_context():
        session = get_session()
        reading = session.exec(
            select(RainReading)
            .join(RainGauge, RainGauge.id == RainReading.gauge_id)
            .where(RainGauge.name == GAUGE, RainReading.amount_in == 0.35)
        ).one()
        assert session.get(User, reading.user_id).email == "permittee@badger-utility.example"
    assert reader_of(client.get("/rain/").get_data(as_text=True), GAUGE) == (
        "Badger Utility Contractors"
    )
