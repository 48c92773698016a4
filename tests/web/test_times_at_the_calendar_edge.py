"""A time typed (or crafted) at the calendar's very edge on a form is refused at its field: the notice
of commencement at 23:59 on 9999-12-31 and a rain reading in year 1 answered 500 (turning the
Village's local time into UTC overflowed), with nothing said about which box was wrong."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models import RainReading
from inspector.rules.rulebook import default
from inspector.services import rain_gauges

WORDS = "between the years 1900 and 2999"


def test_a_notice_of_commencement_at_the_calendars_end_is_refused_at_its_field(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Edge Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    res = client.post(
        f"/permits/{permit.id}/commencement", data={"commenced_at": "9999-12-31T23:59"}
    )
    assert res.status_code == 400
    assert WORDS in res.get_data(as_text=True)
    db.expire_all()
    assert db.get(type(permit), permit.id).commenced_at is None


@pytest.mark.parametrize("moment", ["0001-01-01T00:00", "9999-12-31T23:59"])
def test_a_rain_reading_at_the_calendars_edge_is_refused_at_its_field(
    client, auth, db, make, people, moment
):
    site = make.site(people["supervisor"], name="Edge Lot", latitude=43.84, longitude=-88.86)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    gauge = rain_gauges.create_gauge(
        db,
        name="Edge gauge",
        kind="onsite",
        station_code="edge-1",
        latitude=43.84,
        longitude=-88.861,
        user_id=None,
        rb=default(),
    )
    db.commit()
    auth.login(people["permittee"].email)
    res = client.post(
        "/rain/readings", data={"gauge_id": gauge.id, "observed_at": moment, "amount_in": "0.7"}
    )
    assert res.status_code == 400
    assert WORDS in res.get_data(as_text=True)
    assert db.exec(select(RainReading)).all() == []
