"""The office exports, also in the regulator packet: the findings export gives every time as the
Village's local time with its zone, as the finding's page does (a UTC time read in the evening is
the next day); the sites export gives a permit's status on the Village's day, as its page does."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from datetime import date, datetime, timedelta

import pytest

from inspector.models import Finding
from inspector.rules import clocks
from inspector.rules.rulebook import default
from tests.support.enforcement import record_inspection

RB = default()


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


def exported(client) -> list[dict]:
    response = client.get("/exports/findings.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.text)))


@pytest.mark.parametrize(
    ("inspected", "due"),
    [
        ((2026, 12, 2, 19, 30), "2026-12-03 19:30 CST"),  # 01:30 UTC on the 4th
        ((2026, 12, 2, 23, 59), "2026-12-03 23:59 CST"),
        ((2026, 10, 31, 19, 30), "2026-11-01 18:30 CST"),  # 24 hours across the autumn change
        ((2026, 3, 7, 19, 30), "2026-03-08 20:30 CDT"),  # and across the spring change
    ],
)
def test_the_findings_export_gives_the_due_time_of_the_finding_page(
    app, client, auth, db, make, people, inspected, due
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [finding], _ = record_inspection(
        db, site, RB, at=local(*inspected), failed=("INLET",), evaluate=False
    )
    app.config["CLOCK_NOW"] = local(*inspected) + timedelta(days=2)
    auth.login(people["supervisor"].email)
    [row] = exported(client)
    assert row["due_local"] == due
    assert f"<strong>{due}</strong>" in client.get(f"/findings/{finding.id}").text
    assert not any(k.endswith("_utc") for k in row)
    assert row["corrected_local"] == row["verified_local"] == ""


def test_correction_and_verification_late_in_the_evening_keep_their_day(
    app, client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [made], _ = record_inspection(
        db, site, RB, at=local(2026, 12, 2, 9, 0), failed=("INLET",), evaluate=False
    )
    finding = db.get(Finding, made.id)
    finding.corrected_at, finding.corrected_note = local(2026, 12, 2, 19, 30), "Inlet cleaned"
    finding.verified_at, finding.status = local(2026, 12, 2, 23, 59), "closed"
    db.add(finding)
    db.commit()
    app.config["CLOCK_NOW"] = local(2026, 12, 3, 8, 0)
    auth.login(people["permittee"].email)
    [row] = exported(client)
    assert (row["corrected_local"], row["verified_local"]) == (
        "2026-12-02 19:30 CST",
        "2026-12-02 23:59 CST",
    )
    assert row["due_local"] == "2026-12-03 09:00 CST" and row["status"] == "closed"


@pytest.mark.parametrize(
    ("made_at", "status"),
    [((2026, 12, 3, 23, 59), "issued"), ((2026, 12, 4, 19, 30), "expired")],
)
def test_the_sites_export_gives_the_permit_status_of_the_village_s_day(
    app, client, auth, make, people, made_at, status
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 6, 6),
    )
    assert (permit.expires_on, permit.status) == (date(2026, 12, 3), "issued")  # not ticked
    app.config["CLOCK_NOW"] = local(*made_at)
    auth.login(people["supervisor"].email)
    [feature] = json.loads(client.get("/exports/sites.geojson").data)["features"]
    assert feature["properties"]["permit_status"] == status
    days = {"start": "2026-11-20", "end": date(*made_at[:3]).isoformat()}
    response = client.get(f"/sites/{site.id}/packet.zip", query_string=days)
    with response, zipfile.ZipFile(io.BytesIO(response.data)) as z:
        [feature] = json.loads(z.read("exports/site.geojson"))["features"]
    assert feature["properties"]["permit_status"] == status
