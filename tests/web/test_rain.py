"""Rain pages, the import page and CLI, the site panel, and rain readings pushed from a tablet."""

from __future__ import annotations

import io
import uuid
from datetime import date, timedelta

import pytest
from sqlmodel import select

from inspector.models import RainEvent, RainReading, SiteGauge
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import rain_gauges
from inspector.services.inspections import canonical_hash

RB = default()


def coco_file(days_amounts, station="WI-FD-99"):
    lines = [
        "ObservationDate,ObservationTime,EntryDateTime,StationNumber,StationName,Latitude,Longitude,TotalPrecipAmt"
    ]
    for day, amount in days_amounts:
        lines.append(f"{day},07:00 AM,{day} 07:20 AM,{station},Fairwater 2 N,43.84,-88.86,{amount}")
    return ("\n".join(lines) + "\n").encode()


@pytest.fixture
def linked_site(make, people, db):
    site = make.site(people["supervisor"], name="Mill Pond Lots", latitude=43.84, longitude=-88.86)
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=20),
    )
    gauge = rain_gauges.create_gauge(
        db,
        name="Mill Pond gauge",
        kind="onsite",
        station_code="mill-1",
        latitude=43.84,
        longitude=-88.861,
        user_id=None,
        rb=RB,
    )
    db.commit()
    return site, gauge


def test_import_page_is_for_supervisors_and_reports_rows(client, auth, people, linked_site, db):
    auth.login(people["inspector"].email)
    assert client.get("/rain/import").status_code == 403
    auth.logout()
    auth.login(people["supervisor"].email)
    today = date.today()
    data = coco_file(
        [
            ((today - timedelta(days=1)).isoformat(), "0.62"),
            ((today - timedelta(days=2)).isoformat(), "-3"),
            ((today - timedelta(days=3)).isoformat(), "T"),
        ]
    )
    page = client.post(
        "/rain/import",
        data={"format": "cocorahs", "file": (io.BytesIO(data), "rain.csv")},
        content_type="multipart/form-data",
    )
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert (
        "2 stored" in html and "1 bad row(s)" in html and "negative" in html and "New gauge" in html
    )
    assert "Qualifying rains found" in html
    again = client.post(
        "/rain/import",
        data={"format": "cocorahs", "file": (io.BytesIO(data), "rain.csv")},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    assert "0 stored" in again and "2 already imported" in again
    wrong = client.post(
        "/rain/import",
        data={"format": "ghcn", "file": (io.BytesIO(data), "rain.csv")},
        content_type="multipart/form-data",
    )
    assert wrong.status_code == 400
    assert "CoCoRaHS export, not a NOAA file" in wrong.get_data(as_text=True)
    assert len(db.exec(select(RainReading)).all()) == 2


def test_cli_import_rain(app, tmp_path, linked_site, db):
    path = tmp_path / "ghcn.csv"
    path.write_text(
        '"STATION","NAME","LATITUDE","LONGITUDE","ELEVATION","DATE","PRCP","PRCP_ATTRIBUTES"\n'
        f'"USC00479999","FAIRWATER, WI US","43.83","-88.87","250","{date.today() - timedelta(days=1)}","0.55",",,7,0700"\n'
    )
    runner = app.test_cli_runner()
    result = runner.invoke(
        args=["import-rain", str(path), "--format", "ghcn", "--units", "standard"]
    )
    assert result.exit_code == 0, result.output
    assert "1 reading(s) stored" in result.output and "qualifying rain: 0.55 in" in result.output
    result = runner.invoke(
        args=["import-rain", str(path), "--format", "ghcn", "--units", "standard"]
    )
    assert "0 reading(s) stored, 1 already imported" in result.output
    bad = runner.invoke(args=["import-rain", str(path), "--format", "cocorahs"])
    assert bad.exit_code != 0 and "missing column" in bad.output


def test_manual_reading_form_and_errors_at_the_field(client, auth, people, linked_site, db):
    site, gauge = linked_site
    auth.login(people["permittee"].email)
    page = client.get("/rain/")
    assert page.status_code == 200 and "Mill Pond gauge" in page.get_data(as_text=True)
    at = local_hour_ago()
    bad = client.post(
        "/rain/readings", data={"gauge_id": gauge.id, "observed_at": at, "amount_in": "40"}
    )
    assert bad.status_code == 400 and "15 inches" in bad.get_data(as_text=True)
    ok = client.post(
        "/rain/readings", data={"gauge_id": gauge.id, "observed_at": at, "amount_in": "0.75"}
    )
    assert ok.status_code == 302
    assert db.exec(select(RainEvent)).one().total_in == 0.75
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Post-rain inspection: 0.75 in" in page and "<svg" in page and "NR 216.46(9)" in page


def test_other_company_cannot_see_the_gauge_or_record_at_it(client, auth, people, linked_site):
    site, gauge = linked_site
    auth.login(people["other"].email)
    assert client.get(f"/rain/gauges/{gauge.id}").status_code == 404
    at = local_hour_ago()
    assert (
        client.post(
            "/rain/readings", data={"gauge_id": gauge.id, "observed_at": at, "amount_in": "0.7"}
        ).status_code
        == 400
    )


def airport_gauge(db):
    """A second gauge, 9 miles from the linked site."""
    gauge = rain_gauges.create_gauge(
        db,
        name="Airport",
        kind="ghcn",
        station_code="USW1",
        latitude=43.9,
        longitude=-88.7,
        user_id=None,
        rb=RB,
    )
    db.commit()
    return gauge


def test_staff_choose_a_sites_gauge_permittee_cannot(client, auth, people, linked_site, db):
    site, gauge = linked_site
    other = airport_gauge(db)
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}")
    assert page.status_code == 200 and "Use this gauge" not in page.get_data(as_text=True)
    assert (
        client.post(f"/rain/sites/{site.id}/gauge", data={"gauge_id": other.id}).status_code == 403
    )
    auth.logout()
    auth.login(people["inspector"].email)
    assert (
        client.post(f"/rain/sites/{site.id}/gauge", data={"gauge_id": other.id}).status_code == 302
    )
    db.expire_all()
    link = db.get(SiteGauge, site.id)
    assert link.gauge_id == other.id and link.chosen_by == people["inspector"].id


def test_site_page_says_how_far_the_gauge_is_and_who_chose_it(
    client, auth, people, linked_site, db
):
    """The site's gauge as the page words it: the app's nearest (with its distance), then one
    Village staff chose; every gauge of the Village is offered to choose from."""
    site, gauge = linked_site
    other = airport_gauge(db)
    auth.login(people["inspector"].email)
    html = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Rain gauge: <a" in html and "(mill-1, 0.1 mi away;" in html
    assert "the nearest gauge)" in html and "chosen by Village staff" not in html
    assert f'<option value="{other.id}">Airport (USW1)</option>' in html
    assert f'<option selected value="{gauge.id}">Mill Pond gauge (mill-1)</option>' in html

    assert (
        client.post(f"/rain/sites/{site.id}/gauge", data={"gauge_id": other.id}).status_code == 302
    )
    html = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert ">Airport</a>" in html and "(USW1, 9.0 mi away;" in html
    assert "chosen by Village staff)" in html
    assert "A nearer gauge exists: Mill Pond gauge (0.0 mi)" in html
    assert f'<option selected value="{other.id}">Airport (USW1)</option>' in html
    assert f'<option value="{gauge.id}">Mill Pond gauge (mill-1)</option>' in html


def test_gauge_creation_validates(client, auth, people):
    auth.login(people["inspector"].email)
    bad = client.post(
        "/rain/gauges",
        data={
            "name": "X",
            "kind": "onsite",
            "station_code": "x1",
            "latitude": "91",
            "longitude": "-88",
        },
    )
    assert bad.status_code == 400 and "Between -90 and 90" in bad.get_data(as_text=True)


def local_hour_ago() -> str:
    """The form takes the Village's local time."""
    return (clocks.to_local(utcnow(), RB) - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")


def push(client, mutations):
    return client.post(
        "/api/v1/sync/push", json={"device_id": str(uuid.uuid4()), "mutations": mutations}
    )


def test_rain_reading_pushed_from_a_tablet_is_stored_once(client, auth, people, linked_site, db):
    site, gauge = linked_site
    auth.login(people["permittee"].email)
    reading_id = str(uuid.uuid4())
    observed = (utcnow() - timedelta(minutes=30)).replace(microsecond=0).isoformat() + "Z"
    payload = {
        "gauge_id": gauge.id,
        "site_id": site.id,
        "observed_at": observed,
        "amount_in": 0.9,
        "period_hours": 24,
    }
    mutation = {
        "mutation_id": str(uuid.uuid4()),
        "entity": "rain_reading",
        "entity_id": reading_id,
        "op": "upsert",
        "base_version": None,
        "payload": payload,
    }
    result = push(client, [mutation]).get_json()["results"][0]
    assert result["status"] == "applied", result
    assert result["data"]["id"] == reading_id and result["data"]["amount_in"] == 0.9
    again = push(client, [{**mutation, "mutation_id": str(uuid.uuid4())}]).get_json()["results"][0]
    assert again["status"] == "applied" and len(db.exec(select(RainReading)).all()) == 1
    changed = push(
        client,
        [{**mutation, "mutation_id": str(uuid.uuid4()), "payload": {**payload, "amount_in": 2}}],
    )
    assert changed.get_json()["results"][0]["status"] == "conflict"
    bad = push(
        client,
        [
            {
                **mutation,
                "mutation_id": str(uuid.uuid4()),
                "entity_id": str(uuid.uuid4()),
                "payload": {**payload, "amount_in": -1},
            }
        ],
    ).get_json()["results"][0]
    assert bad["status"] == "rejected" and "amount_in" in bad["errors"]
    # A device that seals its reading has the seal checked: an altered amount is refused.
    sealed_id = str(uuid.uuid4())
    sealed = {**payload, "sha256": canonical_hash(payload)}
    altered = push(
        client,
        [
            {
                **mutation,
                "mutation_id": str(uuid.uuid4()),
                "entity_id": sealed_id,
                "payload": {**sealed, "amount_in": 9.9},
            }
        ],
    ).get_json()["results"][0]
    assert altered["status"] == "rejected" and "altered on the way" in altered["errors"]["sha256"]
    kept = push(
        client,
        [{**mutation, "mutation_id": str(uuid.uuid4()), "entity_id": sealed_id, "payload": sealed}],
    ).get_json()["results"][0]
    assert kept["status"] == "applied" and kept["data"]["id"] == sealed_id
    assert len(db.exec(select(RainReading)).all()) == 2
    pulled = client.get("/api/v1/sync/pull").get_json()
    entities = {(c["entity"], c["id"]) for c in pulled["changes"]}
    assert ("rain_reading", reading_id) in entities and ("rain_gauge", str(gauge.id)) in entities
    entry = next(c for c in pulled["changes"] if c["entity"] == "site" and c["id"] == str(site.id))
    post = [d for d in entry["data"]["due"] if d["kind"] == "post_rain"]
    assert len(post) == 1 and post[0]["state"] == "due" and "<svg" in entry["data"]["timeline_svg"]


def test_site_page_names_the_gauge_and_points_out_a_nearer_one(
    client, auth, people, linked_site, db, make
):
    site, gauge = linked_site
    rain_gauges.create_gauge(
        db,
        name="Closer gauge",
        kind="onsite",
        station_code="closer",
        latitude=43.84,
        longitude=-88.86,
        user_id=None,
        rb=RB,
    )
    late = make.site(
        people["supervisor"], name="Late Site", latitude=43.8401, longitude=-88.8601
    )  # not linked
    db.commit()
    auth.login(people["inspector"].email)
    html = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Mill Pond gauge" in html and "A nearer gauge exists: Closer gauge" in html
    html = client.get(f"/sites/{late.id}").get_data(as_text=True)
    assert "Closer gauge" in html and "the nearest gauge" in html


def test_overlapping_readings_are_one_rain_and_flagged_on_the_gauge_page(
    client, auth, people, linked_site, db
):
    """The office types 0.60 in at 13:22 and a tablet sends 0.60 in at 13:26: one rain of 0.60 in."""
    site, gauge = linked_site
    auth.login(people["inspector"].email)
    ended = clocks.to_local(utcnow(), RB).replace(second=0, microsecond=0) - timedelta(hours=2)
    for minutes in (0, 4):
        at = (ended + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M")
        assert (
            client.post(
                "/rain/readings",
                data={"gauge_id": gauge.id, "observed_at": at, "amount_in": "0.60"},
            ).status_code
            == 302
        )
    db.expire_all()
    assert [e.total_in for e in db.exec(select(RainEvent)).all()] == [0.6]
    page = client.get(f"/rain/gauges/{gauge.id}").get_data(as_text=True)
    assert page.count("overlap-flag") == 2 and "counted once" in page
    assert "1.20 in" not in page


def test_a_permittee_sees_the_shared_gauge_whose_rain_is_due_at_its_site(
    client, auth, db, make, people, linked_site
):
    # The gauge also stands for another company's site: the permittee may not record there, but
    # its rain starts the permittee's post-rain deadline, and the site page links to it.
    site, gauge = linked_site
    rival = make.site(people["supervisor"], name="Rival Yard")
    make.permit(rival, people["other"].company_id, people["supervisor"], issued=True)
    db.add(SiteGauge(site_id=rival.id, gauge_id=gauge.id))
    db.commit()
    auth.login(people["inspector"].email)
    at = local_hour_ago()
    assert (
        client.post(
            "/rain/readings", data={"gauge_id": gauge.id, "observed_at": at, "amount_in": "0.8"}
        ).status_code
        == 302
    )
    auth.logout()
    auth.login(people["other"].email)
    site_page = client.get(f"/sites/{rival.id}").get_data(as_text=True)
    assert "Post-rain inspection: 0.80 in" in site_page
    assert f"/rain/gauges/{gauge.id}" in site_page
    gauge_page = client.get(f"/rain/gauges/{gauge.id}")
    assert gauge_page.status_code == 200 and "0.80 in" in gauge_page.get_data(as_text=True)
    text = client.get("/rain/").get_data(as_text=True)
    assert "No gauges linked to your sites" not in text
    assert "Mill Pond gauge" in text and "0.80 in" in text and "Read by the Village" in text
    assert "Record a gauge reading" not in text  # it still records no reading there
    assert "Rival Yard" in text and site.name not in text  # only its own site beside the gauge
