"""Documents: the inspection page and its DNR-style PDF with tamper evidence, CSV and GeoJSON exports that
show only what the user may see, and the audit trail page."""

import csv
import io
import json

from inspector.documents import pdf as pdf_module
from tests.sync.helpers import jpeg


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def test_inspection_page_shows_report_and_tamper_evidence(client, auth, people, synced):
    site, inspection_id, payload, photos = synced
    login(auth, people["other"])
    assert client.get(f"/inspections/{inspection_id}").status_code == 404
    assert client.get(f"/inspections/{inspection_id}.pdf").status_code == 404
    login(auth, people["permittee"])
    page = client.get(f"/inspections/{inspection_id}").text
    assert payload["sha256"] in page and photos[0][1] in page
    assert "1 of 2 photos received" in page
    assert "Modifications required?" in page and "Follow-up: modifications required" in page
    assert "Re-trench and re-stake the fence" in page and "Acme Earthworks" in page
    photo = client.get(f"/inspections/{inspection_id}/photos/{photos[0][0]}/thumb")
    assert photo.status_code == 200 and photo.data.startswith(b"\xff\xd8")


def test_inspection_pdf_reads_like_the_dnr_form(client, auth, people, synced, monkeypatch):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    _site, inspection_id, payload, _photos = synced
    login(auth, people["inspector"])
    response = client.get(f"/inspections/{inspection_id}.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    body = response.data
    assert body.startswith(b"%PDF")
    for text in (
        b"Construction Site Erosion Control Inspection Report",
        b"Modifications required",
        b"Precipitation event",
        b"Follow-up: modifications required",
        payload["sha256"].encode(),
        b"1 of 2 photos received",
    ):
        assert text in body, text


def test_exports_respect_visibility(client, auth, people, synced, make):
    make.site(people["supervisor"], name="Somebody Else's Lot")
    login(auth, people["permittee"])
    rows = list(csv.DictReader(io.StringIO(client.get("/exports/inspections.csv").text)))
    assert [r["site"] for r in rows] == ["Harbor Plat"] and rows[0]["modifications_required"] == "1"
    findings = list(csv.DictReader(io.StringIO(client.get("/exports/findings.csv").text)))
    assert [f["item_code"] for f in findings] == ["PERIMETER"] and findings[0][
        "citation"
    ].startswith("§ 256-7B")
    geo = json.loads(client.get("/exports/sites.geojson").data)
    assert [f["properties"]["name"] for f in geo["features"]] == ["Harbor Plat"]
    assert geo["features"][0]["geometry"] == {"type": "Point", "coordinates": [-88.9, 43.1]}
    login(auth, people["supervisor"])
    geo = json.loads(client.get("/exports/sites.geojson").data)
    assert len(geo["features"]) == 2


def test_csv_cells_cannot_run_as_formulas(client, auth, db, people, make):
    make.site(people["supervisor"], name='=HYPERLINK("http://evil")')
    login(auth, people["supervisor"])
    geo_names = [
        f["properties"]["name"]
        for f in json.loads(client.get("/exports/sites.geojson").data)["features"]
    ]
    assert geo_names == ['=HYPERLINK("http://evil")']  # JSON is data, left as is
    from inspector.documents.tables import csv_text

    assert csv_text(["a"], [["=1+1"]]).splitlines()[1] == "'=1+1"


def test_audit_trail_page(client, auth, people, synced):
    site, inspection_id, _payload, _photos = synced
    login(auth, people["permittee"])
    assert client.get("/audit/").status_code == 403
    login(auth, people["supervisor"])
    page = client.get(f"/audit/?entity=inspection&entity_id={inspection_id}").text
    assert "submit" in page and inspection_id[:12] in page
    by_site = client.get(f"/audit/?site_id={site.id}&entity=finding").text
    assert "create" in by_site and "PERIMETER" in by_site


def test_finding_page_correction_and_verification(client, auth, db, people, synced):
    from sqlmodel import select

    from inspector.models import Finding

    site, inspection_id, _payload, photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    login(auth, people["other"])
    assert client.get(f"/findings/{finding.id}").status_code == 404
    login(auth, people["permittee"])
    page = client.get(f"/findings/{finding.id}").text
    assert "Report the correction" in page and "Re-trench and re-stake the fence" in page
    assert (
        client.get(f"/findings/{finding.id}/photos/{photos[0][0]}/thumb").status_code == 200
    )  # "before"
    refused = client.post(f"/findings/{finding.id}/corrected", data={"corrected_note": ""})
    assert refused.status_code == 400 and "Say what was done" in refused.text
    bad_photo = client.post(
        f"/findings/{finding.id}/corrected",
        data={
            "corrected_note": "Fence re-trenched",
            "photo": (io.BytesIO(b"not an image"), "after.jpg"),
        },
        content_type="multipart/form-data",
    )
    assert bad_photo.status_code in (400, 413, 415, 422)
    db.expire_all()
    assert db.get(Finding, finding.id).status == "open"  # nothing half-written
    done = client.post(
        f"/findings/{finding.id}/corrected",
        data={"corrected_note": "Fence re-trenched", "photo": (io.BytesIO(jpeg()), "after.jpg")},
        content_type="multipart/form-data",
    )
    assert done.status_code == 303
    page = client.get(f"/findings/{finding.id}").text
    assert "Corrected — awaiting verification" in page and "After:" in page
    assert client.post(f"/findings/{finding.id}/close").status_code == 403
    login(auth, people["inspector"])
    assert (
        client.post(f"/findings/{finding.id}/close", data={"note": "Checked on site"}).status_code
        == 303
    )
    assert "Closed" in client.get(f"/findings/{finding.id}").text
    assert "No findings here." in client.get("/findings/?status=overdue").text
    assert "PERIMETER" in client.get("/findings/?status=closed").text
