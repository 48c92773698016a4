"""A post-rain inspection names the rain it answers: only a rain recorded at the gauge standing for
its site is taken. Another site's rain (another company's, above all) answers exactly like an id that
does not exist, and nothing is stored."""

from __future__ import annotations

from datetime import datetime

from inspector.models import Inspection, RainEvent, RainGauge, SiteGauge

from .helpers import inspection_payload, mutation, uid


def gauge_with_rain(db, site, code: str, total_in: float = 0.8) -> RainEvent:
    gauge = RainGauge(
        name=f"Gauge {code}", kind="onsite", station_code=code, latitude=1, longitude=1
    )
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    rain = RainEvent(
        gauge_id=gauge.id,
        start=datetime(2026, 5, 1, 12),
        end=datetime(2026, 5, 1, 20),
        total_in=total_in,
    )
    db.add(rain)
    db.commit()
    return rain


def push_post_rain(client, headers, site, rain_event_id):
    iid = uid()
    payload = inspection_payload(site, kind="post_rain", rain_event_id=rain_event_id)
    body = {"device_id": uid(), "mutations": [mutation("inspection", iid, payload)]}
    response = client.post("/api/v1/sync/push", json=body, headers=headers)
    assert response.status_code == 200
    (result,) = response.get_json()["results"]
    result.pop("mutation_id")
    return iid, result


def test_a_rain_of_another_site_is_refused_like_one_that_does_not_exist(
    client, db, make, people, site_with_permit, device_headers
):
    mine = gauge_with_rain(db, site_with_permit, "meadow")
    theirs_site = make.site(people["supervisor"], name="Rival Lot")
    make.permit(theirs_site, people["other"].company_id, people["supervisor"], issued=True)
    theirs = gauge_with_rain(db, theirs_site, "rival")
    headers = device_headers(people["permittee"])

    stored, applied = push_post_rain(client, headers, site_with_permit, mine.id)
    assert applied["status"] == "applied"
    assert db.get(Inspection, stored).rain_event_id == mine.id

    other_id, other = push_post_rain(client, headers, site_with_permit, theirs.id)
    absent_id, absent = push_post_rain(client, headers, site_with_permit, theirs.id + 1000)
    assert other["status"] == "rejected"
    assert "rain_event_id" in other["errors"]
    assert "rain gauge" in other["errors"]["rain_event_id"]
    assert other == absent, "another company's rain must read as one that does not exist"
    db.expire_all()
    assert db.get(Inspection, other_id) is None and db.get(Inspection, absent_id) is None


def test_a_site_with_no_gauge_takes_no_rain_id(
    client, db, make, people, site_with_permit, device_headers
):
    elsewhere = make.site(people["supervisor"], name="Gauge Lot")
    rain = gauge_with_rain(db, elsewhere, "gauge-lot")
    headers = device_headers(people["permittee"])
    _, refused = push_post_rain(client, headers, site_with_permit, rain.id)
    assert refused["status"] == "rejected" and "rain_event_id" in refused["errors"]
    _, taken = push_post_rain(client, headers, site_with_permit, None)
    assert taken["status"] == "applied"
