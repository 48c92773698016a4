"""A time at the calendar's very edge (year 1, as a crafted push or a tablet's zeroed clock writes it)
is refused at its field, like any time that is not one: it answered 500 for the whole push (an
OverflowError turning it into the Village's day), so the other records sent with it were lost too
and the tablet sent them all again at every sync."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models import Inspection, RainReading, StopWorkOrder
from inspector.rules.rulebook import default
from inspector.services import rain_gauges
from tests.sync.helpers import inspection_payload, mutation, seal, uid
from tests.sync.test_finding_corrected_offline import open_finding

EDGES = ["0001-01-01T00:00:00Z", "0001-01-01T00:00:00+05:00", "9999-12-31T23:30:00-05:00"]


def push(client, headers, *mutations):
    res = client.post("/api/v1/sync/push", headers=headers, json={"mutations": list(mutations)})
    assert res.status_code == 200, res.get_data(as_text=True)[:300]
    return res.get_json()["results"]


def refused_at(result, field):
    assert result["status"] == "rejected", result
    assert field in result["errors"], result


@pytest.mark.parametrize("moment", EDGES)
def test_an_order_posted_at_the_calendars_edge_is_refused_and_the_rest_goes_through(
    client, db, people, site_with_permit, device_headers, moment
):
    order = seal(
        {
            "site_id": site_with_permit.id,
            "grounds": ["plan_not_implemented"],
            "posted_at": moment,
            "notes": "Silt fence down along the creek",
            "photos": [],
        }
    )
    good = inspection_payload(site_with_permit)
    bad, fine = push(
        client,
        device_headers(people["inspector"]),
        mutation("stop_work_order", uid(), order),
        mutation("inspection", uid(), good),
    )
    refused_at(bad, "posted_at")
    assert fine["status"] == "applied", fine
    assert db.exec(select(StopWorkOrder)).all() == []
    assert len(db.exec(select(Inspection)).all()) == 1


@pytest.mark.parametrize("moment", EDGES)
def test_an_inspection_started_at_the_calendars_edge_is_refused(
    client, db, people, site_with_permit, device_headers, moment
):
    [result] = push(
        client,
        device_headers(people["inspector"]),
        mutation("inspection", uid(), inspection_payload(site_with_permit, started_at=moment)),
    )
    refused_at(result, "started_at")
    assert db.exec(select(Inspection)).all() == []


@pytest.mark.parametrize("moment", EDGES)
def test_a_rain_reading_at_the_calendars_edge_is_refused(
    client, db, people, site_with_permit, device_headers, moment
):
    gauge = rain_gauges.create_gauge(
        db,
        name="Meadow gauge",
        kind="onsite",
        station_code="MR-1",
        latitude=43.2,
        longitude=-88.2,
        user_id=people["inspector"].id,
        rb=default(),
    )
    db.commit()
    reading = {"gauge_id": gauge.id, "observed_at": moment, "amount_in": 0.6, "period_hours": 24}
    [result] = push(
        client, device_headers(people["inspector"]), mutation("rain_reading", uid(), reading)
    )
    refused_at(result, "observed_at")
    assert db.exec(select(RainReading)).all() == []


@pytest.mark.parametrize("moment", EDGES)
def test_a_correction_dated_at_the_calendars_edge_is_refused(
    client, db, people, site_with_permit, device_headers, moment
):
    finding = open_finding(client, db, people, site_with_permit, device_headers)
    change = {"status": "corrected", "corrected_note": "Fence re-staked", "corrected_at": moment}
    [result] = push(
        client,
        device_headers(people["permittee"]),
        mutation("finding", finding.id, change, base_version=finding.version),
    )
    refused_at(result, "corrected_at")
    db.expire_all()
    assert db.get(type(finding), finding.id).status == "open"
