"""A post-rain inspection names the rain it answers: only a rain recorded at the gauge standing for
its site is taken. Another site's rain (another company's, above all) answers exactly like an id that
does not exist, and nothing is stored."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlmodel import select

from inspector.models import Inspection, RainEvent, RainGauge, RainReading, SiteGauge
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import rain, rain_gauges

from .helpers import inspection_payload, mutation, uid

RB = default()


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


def test_a_rain_a_later_reading_joined_to_another_is_still_taken(
    client, db, people, site_with_permit, device_headers
):
    """A tablet started a post-rain inspection offline from a rain's due item; before it synced, a
    reading at the office joined that rain to an earlier one (the later rain is deleted and the
    merge recorded). The inspection is the permittee's answer to that rain: taken, as signed."""
    gauge = RainGauge(name="Hourly", kind="onsite", station_code="hourly", latitude=1, longitude=1)
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site_with_permit.id, gauge_id=gauge.id))

    def reading(start_h, end_h, amount):
        db.add(
            RainReading(
                gauge_id=gauge.id,
                period_start=datetime(2026, 5, 1) + timedelta(hours=start_h),
                period_end=datetime(2026, 5, 1) + timedelta(hours=end_h),
                amount_in=amount,
                source="onsite",
                source_key=f"hourly:{start_h}",
            )
        )
        db.flush()
        rain.evaluate_gauge(db, gauge.id, RB)
        db.commit()

    reading(0, 1, 0.6)
    reading(30, 31, 0.6)  # more than a day later: a rain of its own
    first, later = db.exec(select(RainEvent).order_by(RainEvent.end)).all()
    later_id = later.id
    reading(8, 20, 0.1)  # falls within a day of both: they are one rain now
    assert [e.id for e in db.exec(select(RainEvent))] == [first.id]

    headers = device_headers(people["permittee"])
    stored, result = push_post_rain(client, headers, site_with_permit, later_id)
    assert result["status"] == "applied", result
    assert db.get(Inspection, stored).rain_event_id == later_id
    # A made-up id is still refused, however it was reached.
    _, refused = push_post_rain(client, headers, site_with_permit, later_id + 1000)
    assert refused["status"] == "rejected" and "rain_event_id" in refused["errors"]


def test_a_rain_at_the_gauge_the_site_had_is_taken_after_staff_link_another(
    client, db, people, site_with_permit, device_headers
):
    """A tablet began a post-rain inspection offline from a rain at the site's gauge; before it
    synced, staff linked the site to another gauge. The inspection answers a rain the site really
    had: taken, as signed, not refused as 'not a rain recorded at this site's rain gauge'. A rain at
    the old gauge after the site left it is not this site's, and is refused as before."""
    old = RainGauge(name="Old", kind="onsite", station_code="old", latitude=1, longitude=1)
    new = RainGauge(name="New", kind="onsite", station_code="new", latitude=1, longitude=1)
    db.add_all([old, new])
    db.flush()
    rain_gauges.choose_gauge(db, site_with_permit, old.id, user=people["supervisor"])
    before_switch = RainEvent(
        gauge_id=old.id,
        start=utcnow() - timedelta(days=2),
        end=utcnow() - timedelta(days=1),
        total_in=0.8,
    )
    db.add(before_switch)
    db.commit()
    rain_gauges.choose_gauge(db, site_with_permit, new.id, user=people["supervisor"])
    after_switch = RainEvent(
        gauge_id=old.id,
        start=utcnow() + timedelta(hours=1),
        end=utcnow() + timedelta(hours=2),
        total_in=0.9,
    )
    db.add(after_switch)
    db.commit()
    headers = device_headers(people["permittee"])

    stored, taken = push_post_rain(client, headers, site_with_permit, before_switch.id)
    assert taken["status"] == "applied", taken
    assert db.get(Inspection, stored).rain_event_id == before_switch.id

    _, refused = push_post_rain(client, headers, site_with_permit, after_switch.id)
    assert refused["status"] == "rejected" and "rain_event_id" in refused["errors"]
