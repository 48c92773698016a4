"""The inspection report in print: WDNR form 3400-187's header, each practice with its
modifications, measurements in words with units, the calculation as a sentence, the follow-up
table, and the photos themselves embedded in the PDF with caption, practice, time and position."""

from __future__ import annotations

import re

import pytest

from inspector.documents import pdf as pdf_module
from inspector.rules import calculators
from inspector.rules.rulebook import default
from inspector.services import devices as device_auth
from tests.sync.helpers import inspection_payload, jpeg, mutation, seal, sha, uid

RAW_PATTERNS = (
    re.compile(r"\b[A-Z][A-Z_]{2,}\s*=\s*\S"),  # CODE=value
    re.compile(r"\b[a-z]+_[a-z_]+\s*=\s*\S"),  # key_name=value
    re.compile(r"\{'"),  # a dict dump
    re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?(Z|\+00:00)?"),  # ISO (UTC) times
)
DIVERSION = {
    "upslope_area_sq_ft": 5000,
    "flow_length_ft": 60,
    "slope_percent": 4,
    "runoff_coefficient": 0.4,
    "surface": "bare_soil",
    "diverted": False,
}


@pytest.fixture
def report(client, db, make, people):
    """A pushed inspection: PERIMETER failed with measurements, DIVERT passed with a saved
    diversion calculation, two photos (one of the fence, with its position) both uploaded."""
    site = make.site(people["supervisor"], name="Harbor Plat", latitude=43.1, longitude=-88.9)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _device, token = device_auth.enroll(db, people["inspector"], "tablet")
    db.commit()
    headers = {"Authorization": f"Bearer {token}"}
    files = [jpeg(1600, 1200), jpeg(800, 600, color=(10, 20, 200))]
    photos = [(uid(), sha(f)) for f in files]
    payload = inspection_payload(site, fail=("PERIMETER",), photos=photos)
    for a in payload["answers"]:
        if a["item_code"] == "PERIMETER":
            a["measurements"] = {"sediment_depth_in": 9, "fence_height_in": 12}
        if a["item_code"] == "DIVERT":
            result = calculators.run("diversion", DIVERSION, default())
            a["calculator"] = {
                "name": "diversion",
                "item": "DIVERT",
                "inputs": DIVERSION,
                "result": result,
                "saved_at": "2026-11-30T15:20:00Z",
            }
    first = payload["photos"][0]
    first.update(item_code="PERIMETER", latitude=43.10012, longitude=-88.90034)
    first["taken_at"] = "2026-11-30T15:12:00Z"
    payload = seal(payload)
    inspection_id = uid()
    result = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={"device_id": uid(), "mutations": [mutation("inspection", inspection_id, payload)]},
    ).get_json()["results"][0]
    assert result["status"] == "applied", result
    for (pid, digest), data in zip(photos, files, strict=True):
        put = client.put(
            f"/api/v1/photos/{pid}",
            data=data,
            headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": digest},
        )
        assert put.status_code == 201, put.get_json()
    return inspection_id


def image_sizes(body: bytes) -> list[tuple[int, int]]:
    """(width, height) of every image XObject in an uncompressed PDF."""
    sizes = []
    for d in re.findall(rb"obj\n<<\n(.*?)\n>>\nstream", body, flags=re.S):
        if b"/Subtype /Image" in d:
            w, h = re.search(rb"/Width (\d+)", d), re.search(rb"/Height (\d+)", d)
            sizes.append((int(w.group(1)), int(h.group(1))))
    return sorted(sizes)


def _visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_page_reads_like_the_form(client, auth, people, report):
    auth.login(people["permittee"].email)
    html = client.get(f"/inspections/{report}").text
    text = _visible_text(html)
    for words in (
        "Name of permittee Acme Earthworks",
        "Permit number ECP-",
        "Time in / time out 09:00 – 09:40 CST",
        "Rain since the last inspection",
        "Phase of construction Grading",
        "Perimeter controls (item PERIMETER)",
        "Modifications required: Re-trench and re-stake the fence",
        "Sediment depth behind the fence: 9 in of 12 in",
        "Sheetflow diversion (§ 256-7B(5)(a)): sheetflow from 5,000 sq ft",
        "no diversion is required: meets the ordinance.",
        "Practice Required action Due Status Date corrected",
        "Photo 1 of 2: Perimeter controls (modifications required)",
        "Taken: 2026-11-30 09:12 CST",
        "Position: 43.10012, -88.90034",
        "Photo 2 of 2: General site view",
    ):
        assert words in text, words
    for pattern in RAW_PATTERNS:
        assert not pattern.search(text), pattern.search(text).group(0)


def test_the_pdf_embeds_every_photo_with_its_caption(client, auth, people, report, monkeypatch):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    auth.login(people["inspector"].email)
    response = client.get(f"/inspections/{report}.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    body = response.data
    sizes = image_sizes(body)
    # Both photos, the 1600-px one downscaled to 1000 px; the QR code of the seal is the third.
    assert (1000, 750) in sizes and (800, 600) in sizes
    assert body.count(b"/Filter /DCTDecode") >= 2
    for text in (
        b"Name of permittee",
        b"Rain since last",
        b"Sediment depth behind the fence: 9 in of 12 in",
        b"Sheetflow diversion",
        b"Follow-up: modifications required",
        b"Date corrected",
        b"Photo 1 of 2: Perimeter controls (modifications required)",
        b"Position: 43.10012, -88.90034",
        b"Taken: 2026-11-30 09:12 CST",
    ):
        # Parentheses are escaped in a PDF's text strings.
        assert text.replace(b"(", b"\\(").replace(b")", b"\\)") in body, text
    assert b"fence_height_in" not in body and b"{'" not in body


def test_the_header_names_the_inspectors_qualification_and_an_expired_one(
    client, db, auth, people, report, monkeypatch
):
    from datetime import date

    inspector = people["inspector"]
    inspector.certification_type = "WisDOT Erosion Control Certification"
    inspector.certification_number = "ECC-18412"
    inspector.certification_expires_on = date(2026, 11, 1)  # before the inspection (11-30)
    db.add(inspector)
    db.commit()
    auth.login(people["supervisor"].email)
    text = _visible_text(client.get(f"/inspections/{report}").text)
    assert "Inspector's qualification" in text
    assert "WisDOT Erosion Control Certification no. ECC-18412, EXPIRED on 2026-11-01" in text
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    body = client.get(f"/inspections/{report}.pdf").data
    assert b"ECC-18412, EXPIRED on 2026-11-01" in body


@pytest.mark.parametrize(
    ("received", "words"),
    [
        # Sent the same evening: no "after".
        ("2026-11-30T04:00:00", "Received 2026-11-29 22:00 CST"),
        # Wed 19:30 CST is Thu 01:30 UTC: three of the Village's days, not four.
        ("2026-12-03T01:30:00", "Received 2026-12-02 19:30 CST, 3 days after the visit"),
    ],
)
def test_the_report_says_when_the_record_reached_the_village(
    app, client, db, people, make, auth, monkeypatch, received, words
):
    """A record sent days after the visit it reports says so, on the page and in the PDF, in the
    Village's days, so a visit filled in afterwards is not read as one sent from the site."""
    from datetime import datetime

    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    site = make.site(people["supervisor"], name="Late Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _device, token = device_auth.enroll(db, people["inspector"], "tablet")
    db.commit()
    app.config["CLOCK_NOW"] = datetime.fromisoformat(received)
    payload = inspection_payload(
        site,
        inspected_on="2026-11-29",
        started_at="2026-11-30T01:30:00Z",  # Sun 19:30 CST
        ended_at="2026-11-30T02:00:00Z",
    )
    iid = uid()
    result = client.post(
        "/api/v1/sync/push",
        headers={"Authorization": f"Bearer {token}"},
        json={"mutations": [mutation("inspection", iid, seal(payload))]},
    ).get_json()["results"][0]
    assert result["status"] == "applied", result
    auth.login(people["supervisor"].email)
    assert words in _visible_text(client.get(f"/inspections/{iid}").text)
    pdf = client.get(f"/inspections/{iid}.pdf").data
    assert words.removeprefix("Received ").encode() in pdf
    # The site page's timeline says it too, in the same days.
    timeline = _visible_text(client.get(f"/sites/{site.id}").text)
    later = words.partition(", ")[2]
    if later:
        assert f"Received {later}" in timeline
    else:
        assert "after the visit" not in timeline


def test_the_follow_up_table_says_how_its_due_times_were_read(
    client, auth, people, report, monkeypatch
):
    """The ordinance sets no repair deadline: where the report states one, on the page and in the
    PDF, it says which reading gave it, as the finding's own page does."""
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    auth.login(people["inspector"].email)
    html = client.get(f"/inspections/{report}").text
    follow_up = _visible_text(html.split('id="follow-h"')[1].split("</section>")[0])
    assert "make needed repairs&#34; without a deadline" in follow_up
    assert "The app uses 24 hours" in follow_up
    pdf = client.get(f"/inspections/{report}.pdf").data
    assert b"without a deadline" in pdf and b"The app uses 24 hours" in pdf
