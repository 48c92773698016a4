"""A permittee's rain reading counts only for that permittee's own sites: at a gauge that also
stands for another company's site (or a site nobody holds yet) the reading is refused, plainly,
on the tablet and on the web, so it cannot start another company's post-rain deadline (§
256-8D(3)(g)) or stop-work grounds. The Village's readings and the weather stations' count for
every site using the gauge."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlmodel import func, select

from inspector.models import RainEvent, SiteGauge
from inspector.rules.rulebook import default
from inspector.services import rain_gauges

from .helpers import mutation, uid

RB = default()


@pytest.fixture
def gauges(db, make, people):
    def site(name, company, lat, lon):
        s = make.site(people["supervisor"], name=name, latitude=lat, longitude=lon)
        make.permit(
            s,
            company,
            people["supervisor"],
            issued=True,
            received_on=date.today() - timedelta(days=20),
        )
        return s

    acme_shared = site("Acme North", people["permittee"].company_id, 43.84, -88.86)
    rival = site("Rival South", people["other"].company_id, 43.8405, -88.8605)
    acme_alone = site("Acme Far", people["permittee"].company_id, 44.50, -89.50)
    shared = rain_gauges.create_gauge(
        db,
        name="Creek gauge",
        kind="onsite",
        station_code="creek-1",
        latitude=43.84,
        longitude=-88.86,
        user_id=None,
        rb=RB,
    )
    own = rain_gauges.create_gauge(
        db,
        name="Far gauge",
        kind="onsite",
        station_code="far-1",
        latitude=44.50,
        longitude=-89.50,
        user_id=None,
        rb=RB,
    )
    for s, g in ((acme_shared, shared), (rival, shared), (acme_alone, own)):
        rain_gauges.choose_gauge(db, s, g.id, user=people["supervisor"])
    db.commit()
    assert db.get(SiteGauge, rival.id).gauge_id == shared.id
    return {"shared": shared.id, "own": own.id, "rival": rival, "acme": acme_alone}


def events(db, gauge_id) -> int:
    db.expire_all()
    n = db.exec(
        select(func.count()).select_from(RainEvent).where(RainEvent.gauge_id == gauge_id)
    ).one()
    db.rollback()
    return n


def push_reading(
    client, headers, gauge_id, amount=1.4, observed_at="2026-11-30T13:00:00Z", hours=24
):
    return client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={
            "mutations": [
                mutation(
                    "rain_reading",
                    uid(),
                    {
                        "gauge_id": gauge_id,
                        "observed_at": observed_at,
                        "amount_in": amount,
                        "period_hours": hours,
                    },
                )
            ]
        },
    ).get_json()["results"][0]


def test_a_permittees_reading_at_a_shared_gauge_moves_no_other_companys_clock(
    client, db, people, gauges, device_headers
):
    acme = device_headers(people["permittee"])
    refused = push_reading(client, acme, gauges["shared"])
    assert refused["status"] == "rejected"
    assert (
        "other compan" in refused["errors"]["gauge_id"]
        and "Village" in refused["errors"]["gauge_id"]
    )
    assert events(db, gauges["shared"]) == 0
    # At a gauge that stands only for its own sites, the same reading counts.
    assert push_reading(client, acme, gauges["own"])["status"] == "applied"
    assert events(db, gauges["own"]) == 1
    # The Village's reading at the shared gauge counts for both companies' sites.
    assert (
        push_reading(client, device_headers(people["inspector"]), gauges["shared"])["status"]
        == "applied"
    )
    assert events(db, gauges["shared"]) == 1


def test_the_rain_pages_say_whose_reading_counts(client, db, auth, people, gauges):
    auth.login(people["permittee"].email)
    page = client.get("/rain/")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "counts only for your own sites" in text
    assert "Far gauge" in text
    refused = client.post(
        "/rain/readings",
        data={"gauge_id": gauges["shared"], "observed_at": "2026-11-30T07:00", "amount_in": "1.4"},
    )
    assert refused.status_code == 400
    assert events(db, gauges["shared"]) == 0
    app_page = client.get("/app/rain")
    assert "counts only for that permittee's own sites" in app_page.get_data(as_text=True)


def test_a_hand_reading_synced_late_over_a_longer_reading_still_makes_its_rain(
    client, db, people, gauges, device_headers
):
    """The Village read 0.25 in from 06:00 to 12:00 UTC, then 0.40 in for the 24 hours to the next
    noon: no window of 24 hours holds 0.5 in. The permittee's hand reading of 0.30 in at 13:00 comes
    from a tablet that was offline; its period starts where the 06:00-12:00 reading ended, so it
    overlaps the 24-hour one. The 24-hour reading shows more (0.65 in with the first, against 0.55),
    but the hand reading and the first one hold 0.55 in within 24 hours: a rain, which the
    gauge-wide choice of the larger total lost."""
    village = device_headers(people["inspector"])
    for observed_at, amount, hours in (
        ("2026-11-30T12:00:00Z", 0.25, 6),
        ("2026-12-01T12:00:00Z", 0.40, 24),
    ):
        applied = push_reading(client, village, gauges["own"], amount, observed_at, hours)
        assert applied["status"] == "applied", applied
    assert events(db, gauges["own"]) == 0
    acme = device_headers(people["permittee"])
    late = push_reading(client, acme, gauges["own"], 0.30, "2026-11-30T13:00:00Z")
    assert late["status"] == "applied", late
    assert late["data"]["period_start"] == "2026-11-30T12:00:00Z"
    db.expire_all()
    [event] = db.exec(select(RainEvent).where(RainEvent.gauge_id == gauges["own"])).all()
    assert event.total_in == 0.55
