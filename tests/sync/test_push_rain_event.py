"""The rain a post-rain inspection answers (rain_event_id) must be a rain at the gauge that stands
for the inspected site, as the schedule offers it: an id of no rain, or of another gauge's, is
refused at the field like finding_id and replaces_id, and nothing is stored. Checking it costs a
push the same few queries whatever the number of inspections in the batch."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import event
from sqlmodel import select

from inspector.models import Inspection, RainEvent, RainGauge, SiteGauge
from inspector.services import inspections
from tests.services.test_inspections import ctx_for
from tests.sync.helpers import inspection_payload, mutation, uid

RAIN_END = datetime(2026, 11, 29, 23, 0)


def gauge_with_rain(db, name, *, site=None, latitude=43.8, longitude=-88.9) -> RainEvent:
    """A gauge (linked to `site` when given) with one qualifying rain; returns the rain."""
    gauge = RainGauge(
        name=name, kind="onsite", station_code=name, latitude=latitude, longitude=longitude
    )
    db.add(gauge)
    db.flush()
    if site is not None:
        db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    rain = RainEvent(
        gauge_id=gauge.id, start=RAIN_END - timedelta(hours=6), end=RAIN_END, total_in=0.8
    )
    db.add(rain)
    db.commit()
    return rain


def push(client, headers, payloads) -> list[dict]:
    body = {"mutations": [mutation("inspection", uid(), p) for p in payloads]}
    res = client.post("/api/v1/sync/push", headers=headers, json=body)
    assert res.status_code == 200
    return res.get_json()["results"]


def post_rain(site, rain_event_id) -> dict:
    return inspection_payload(site, kind="post_rain", rain_event_id=rain_event_id)


def stored_rains(db) -> list:
    return db.exec(select(Inspection.rain_event_id)).all()


def test_a_rain_that_does_not_exist_is_refused(
    client, db, people, site_with_permit, device_headers
):
    gauge_with_rain(db, "Meadow gauge", site=site_with_permit)
    acme = device_headers(people["permittee"])
    (result,) = push(client, acme, [post_rain(site_with_permit, 987654)])
    assert result["status"] == "rejected" and result["code"] == 422
    assert result["errors"] == {"rain_event_id": "No such rain at this site's rain gauge."}
    assert stored_rains(db) == []


def test_another_gauges_rain_is_refused(client, db, make, people, site_with_permit, device_headers):
    gauge_with_rain(db, "Meadow gauge", site=site_with_permit)
    elsewhere = make.site(people["supervisor"], name="Far Field")
    theirs = gauge_with_rain(db, "Far gauge", site=elsewhere)
    for user in (people["permittee"], people["inspector"]):
        (result,) = push(client, device_headers(user), [post_rain(site_with_permit, theirs.id)])
        assert result["status"] == "rejected", user.role
        assert list(result["errors"]) == ["rain_event_id"]
    assert stored_rains(db) == []


def test_a_site_without_a_gauge_answers_no_rain(
    client, db, people, site_with_permit, device_headers
):
    somewhere = gauge_with_rain(db, "Unlinked gauge")  # the site has no place: no nearest gauge
    (result,) = push(
        client, device_headers(people["permittee"]), [post_rain(site_with_permit, somewhere.id)]
    )
    assert result["status"] == "rejected" and "rain_event_id" in result["errors"]


def test_a_rain_at_the_sites_gauge_is_stored(client, db, people, site_with_permit, device_headers):
    rain = gauge_with_rain(db, "Meadow gauge", site=site_with_permit)
    acme = device_headers(people["permittee"])
    results = push(client, acme, [post_rain(site_with_permit, rain.id)])
    assert [r["status"] for r in results] == ["applied"]
    # A weekly inspection names no rain, as before.
    assert push(client, acme, [inspection_payload(site_with_permit)])[0]["status"] == "applied"
    assert sorted(stored_rains(db), key=str) == sorted([rain.id, None], key=str)


def test_the_nearest_gauge_stands_for_a_site_not_linked(db, make, people):
    """As the schedule reads it: a site with no stored link uses its nearest gauge within the
    radius (here through the service, as the web form's submission goes)."""
    site = make.site(people["supervisor"], name="Placed", latitude=43.8, longitude=-88.9)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    near = gauge_with_rain(db, "Near gauge", latitude=43.801, longitude=-88.9)
    far = gauge_with_rain(db, "Far gauge", latitude=44.9, longitude=-88.9)
    ctx = ctx_for(people["permittee"])
    stored, status = inspections.apply_submission(db, post_rain(site, near.id), uid(), ctx)
    assert status == "applied" and stored.rain_event_id == near.id
    refused = None
    try:
        inspections.apply_submission(db, post_rain(site, far.id), uid(), ctx)
    except inspections.Invalid as exc:
        refused = exc.errors
    assert refused == {"rain_event_id": "No such rain at this site's rain gauge."}


def test_checking_the_rains_costs_the_same_queries_for_any_batch(
    app, client, db, make, people, device_headers
):
    """Post-rain inspections of several sites with their rains: a batch of 12 takes as many
    statements as a batch of 3, and naming a rain adds the same few statements to either."""
    sites, rains = [], []
    for n in range(4):
        site = make.site(people["supervisor"], name=f"Site {n}", has_stockpiles=True)
        make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
        sites.append(site)
        rains.append(gauge_with_rain(db, f"Gauge {n}", site=site))
    acme = device_headers(people["permittee"])
    push(client, acme, [inspection_payload(sites[0])])  # warm up

    def statements(payloads) -> int:
        count = []
        engine = app.extensions["engine"]
        listener = lambda *a, **k: count.append(1)  # noqa: E731
        event.listen(engine, "before_cursor_execute", listener)
        try:
            results = push(client, acme, payloads)
        finally:
            event.remove(engine, "before_cursor_execute", listener)
        assert {r["status"] for r in results} == {"applied"}, results
        return len(count)

    def batch(n, named) -> list:
        return [post_rain(sites[i % 4], rains[i % 4].id if named else None) for i in range(n)]

    few, many = statements(batch(3, True)), statements(batch(12, True))
    few_unnamed, many_unnamed = statements(batch(3, False)), statements(batch(12, False))
    assert few - few_unnamed == many - many_unnamed <= 3
    assert many - few == many_unnamed - few_unnamed
