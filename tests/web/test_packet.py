"""The regulator packet: one ZIP of a site's records for a range of the Village's days,
with a manifest whose hashes match the files and which lists the seals; only for those who may see
the site; a range it cannot cover is refused at the field, with nothing downloaded."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from datetime import datetime, timedelta

import pytest

from inspector.models import RainGauge, RainReading, SiteGauge
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import seals
from tests.support.enforcement import record_inspection


@pytest.fixture
def site_records(app, db, make, people):
    """A permitted site: an inspection 40 days ago (outside a 30-day range), two in the last days
    with PERIMETER failed (findings), an issued stop-work order, a rain reading; all sealed."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Creek Side Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    old, _, _ = record_inspection(
        db, site, rb, at=now - timedelta(days=40), passed=("PLAN",), user=people["inspector"]
    )
    first, made, _ = record_inspection(
        db, site, rb, at=now - timedelta(days=3), failed=("PERIMETER",), user=people["inspector"]
    )
    second, _, _ = record_inspection(
        db, site, rb, at=now - timedelta(hours=2), failed=("PERIMETER",), user=people["inspector"]
    )
    from sqlmodel import select

    from inspector.models import StopWorkOrder

    order = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).first()
    if order is None:  # the rules may not propose one from these two failures
        order = StopWorkOrder(id="0b9c2f0e-4a1d-4c53-9d8e-5e6f7a8b9c0d", site_id=site.id)
    # Issued as a supervisor's decision leaves it (the decision itself is tested with orders).
    order.status, order.issued_at = "issued", now - timedelta(hours=1)
    order.grounds = [
        {"ground": "plan_not_implemented", "citation": "§ 256-10A(1)", "words": "Not implemented"}
    ]
    db.add(order)
    gauge = RainGauge(
        name="Creek gauge", kind="onsite", station_code="creek", latitude=43.1, longitude=-88.9
    )
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site.id, gauge_id=gauge.id))
    db.add(
        RainReading(
            gauge_id=gauge.id,
            period_start=now - timedelta(days=2, hours=24),
            period_end=now - timedelta(days=2),
            amount_in=0.62,
            source="onsite",
            source_key="test:creek:1",
        )
    )
    seals.seal(db, "inspection", old, first, second)
    seals.seal(db, "finding", *made)
    seals.seal(db, "stop_work_order", order)
    db.commit()
    return site, {"old": old, "first": first, "second": second, "findings": made, "order": order}


def _range(app, days=30):
    today = clocks.local_date(utcnow(), app.extensions["rulebook"])
    return {"start": (today - timedelta(days=days)).isoformat(), "end": today.isoformat()}


def _open(response) -> zipfile.ZipFile:
    assert response.status_code == 200, response.text[:500]
    assert response.mimetype == "application/zip"
    return zipfile.ZipFile(io.BytesIO(response.data))


def test_the_packet_holds_every_record_of_the_range_and_a_manifest_that_matches(
    app, db, client, auth, people, site_records
):
    site, rec = site_records
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}")
    assert f"/sites/{site.id}/packet" in page.text
    form = client.get(f"/sites/{site.id}/packet")
    assert form.status_code == 200 and 'aria-live="polite"' in form.text
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=_range(app))
    assert "attachment" in response.headers["Content-Disposition"]
    with _open(response) as z:
        names = z.namelist()
        inspections = [n for n in names if n.startswith("inspections/")]
        assert len(inspections) == 2  # the one 40 days ago is outside the range
        assert all(n.endswith(".pdf") and "weekly" in n for n in inspections)
        assert [n for n in names if n.startswith("findings/")] and all(
            z.read(n).startswith(b"%PDF") for n in names if n.endswith(".pdf")
        )
        assert [n for n in names if n.startswith("orders/") and "stop-work-notice" in n]
        assert [n for n in names if n.startswith("permit/ECP-")]
        for name in ("exports/inspections.csv", "exports/findings.csv", "exports/site.geojson"):
            assert name in names
        rain = z.read("rain-log.csv").decode()
        assert "Creek gauge" in rain and "0.62" in rain and ("CST" in rain or "CDT" in rain)
        exported = z.read("exports/inspections.csv").decode()
        assert rec["second"].id in exported and rec["old"].id not in exported
        manifest = json.loads(z.read("manifest.json"))
        listed = {f["path"]: f for f in manifest["files"]}
        assert set(listed) == set(names) - {"manifest.json"}
        for path, entry in listed.items():
            data = z.read(path)
            assert entry["sha256"] == hashlib.sha256(data).hexdigest() and entry["bytes"] == len(
                data
            )
        sealed = {s["seal"] for s in manifest["seals"]}
        for inspection in (rec["first"], rec["second"]):
            entry = next(
                e for e in manifest["files"] if e.get("record", {}).get("id") == inspection.id
            )
            assert entry["seal"] == seals.latest_seal(db, "inspection", inspection.id).seal
            assert entry["seal"] in sealed
        assert manifest["first_day"] == _range(app)["start"]
        assert all(s["verify_url"].endswith(s["seal"]) for s in manifest["seals"])


def test_another_company_gets_404(app, client, auth, people, site_records):
    site, _ = site_records
    auth.login(people["other"].email)
    assert client.get(f"/sites/{site.id}/packet").status_code == 404
    assert client.get(f"/sites/{site.id}/packet.zip", query_string=_range(app)).status_code == 404


@pytest.mark.parametrize(
    ("first", "last", "message"),
    [
        (-30, 1, "have no records yet"),  # tomorrow
        (-10, -20, "The first day comes after the last day."),
        (-4 * 366, 0, "At most 3 years at a time"),
    ],
)
def test_a_range_the_packet_cannot_cover_is_refused_at_the_field(
    app, client, auth, people, site_records, first, last, message
):
    site, _ = site_records
    today = clocks.local_date(utcnow(), app.extensions["rulebook"])
    days = {
        "start": (today + timedelta(days=first)).isoformat(),
        "end": (today + timedelta(days=last)).isoformat(),
    }
    auth.login(people["inspector"].email)
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=days)
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert message in response.text and 'class="error"' in response.text


def test_a_date_that_is_not_a_date_is_refused(app, client, auth, people, site_records):
    site, _ = site_records
    auth.login(people["supervisor"].email)
    response = client.get(f"/sites/{site.id}/packet.zip", query_string={"start": "soon"})
    assert response.status_code == 400
    assert "Enter a date such as 2026-05-04." in response.text


def test_the_packet_made_at_1930_local_gives_the_village_s_day_in_its_findings_export(
    app, client, auth, db, make, people
):
    """19:30 CST is 01:30 UTC the next day: the export's due time keeps the Village's day."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Elm Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    at = clocks.from_local(datetime(2026, 12, 2, 19, 30), rb)
    record_inspection(db, site, rb, at=at, failed=("INLET",), user=people["inspector"])
    app.config["CLOCK_NOW"] = clocks.from_local(datetime(2026, 12, 4, 19, 30), rb)
    auth.login(people["supervisor"].email)
    days = {"start": "2026-11-20", "end": "2026-12-04"}
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=days)
    with response, _open(response) as z:
        [row] = csv.DictReader(io.StringIO(z.read("exports/findings.csv").decode()))
        rain = z.read("rain-log.csv").decode().splitlines()[0]
    assert row["due_local"] == "2026-12-03 19:30 CST" and row["item_code"] == "INLET"
    assert rain.startswith("gauge,period_start_local,period_end_local")
