"""The audit trail in plain words: labels instead of keys, people by name, times in the Village's
zone, no record ids, hashes or snake_case statuses; each filter's label sits with its own control."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from inspector.services import audit

ORDER_ID = "74afba42-1c2d-4e5f-8a9b-0c1d2e3f4a5b"


class Text(HTMLParser):
    """The page's visible text, and each filter field's (label for, control ids) wrapper."""

    def __init__(self):
        super().__init__()
        self.text, self.skip, self.fields, self.in_form, self.field = [], 0, [], False, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "style", "title"):
            self.skip += 1
        if tag == "form" and "filters-form" in (a.get("class") or ""):
            self.in_form = True
        elif self.in_form and tag == "div":
            self.field = {"label": None, "controls": []}
            self.fields.append(self.field)
        elif self.in_form and self.field is not None and tag == "label":
            self.field["label"] = a.get("for")
        elif (
            self.in_form
            and self.field is not None
            and tag in ("select", "input")
            and a.get("type") != "hidden"
        ):
            self.field["controls"].append(a.get("id"))

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self.skip -= 1
        if tag == "form":
            self.in_form = False

    def handle_data(self, data):
        if not self.skip:
            self.text.append(data)


def test_audit_values_are_words(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Harbor Plat")
    boss = people["supervisor"]
    audit.record(
        db,
        entity="stop_work_order",
        entity_id=ORDER_ID,
        action="issue",
        user_id=boss.id,
        site_id=site.id,
        before={"status": "proposed", "issued_by": None},
        after={
            "status": "under_review",
            "issued_by": boss.id,
            "compliance_due": "2026-12-12T19:20:41.708138",
            "sha256": "ab" * 32,
            "finding_id": ORDER_ID,
            "posted": True,
            "id": 7,
        },
    )
    db.commit()
    auth.login(boss.email)
    html = client.get("/audit/").text
    parser = Text()
    parser.feed(html)
    text = " ".join("".join(parser.text).split())
    assert "Compliance due: 2026-12-12 13:20 CST" in text  # 19:20 UTC is 1:20 pm in Fairwater
    assert f"Issued by: {boss.name}" in text
    assert "Status: proposed → under review" in text and "Posted: yes" in text
    assert "Stop-work order at Harbor Plat" in text and "issue" in text
    for raw in (
        "compliance_due",
        "issued_by",
        "under_review",
        "2026-12-12T19:20",
        "74afba42",
        "ab" * 8,
        "stop_work_order",
        "finding_id",
    ):
        assert raw not in text, raw
    assert not re.search(r"\b[0-9a-f]{8}-[0-9a-f]{4}\b", text) and "Id:" not in text


def test_audit_filter_labels_sit_with_their_controls(client, auth, people):
    auth.login(people["supervisor"].email)
    parser = Text()
    parser.feed(client.get("/audit/").text)
    labelled = [f for f in parser.fields if f["label"]]
    assert {f["label"] for f in labelled} == {"f-site", "f-entity"}
    for field in labelled:
        assert field["controls"] == [field["label"]]  # one wrapper: the label and its control


def test_a_correction_and_its_photos_are_named_not_numbered(client, auth, db, people, synced):
    """An inspection page shows no piece of an id: photos by their order, the corrected inspection
    and the device in words."""
    from inspector.services import devices as device_auth
    from tests.sync.helpers import mutation, seal, uid

    site, inspection_id, payload, photos = synced
    _device, token = device_auth.enroll(db, people["inspector"], "second tablet")
    db.commit()
    correction = seal({**payload, "replaces_id": inspection_id, "photos": [], "notes": "Corrected"})
    correction["answers"] = [{**a, "photo_ids": []} for a in correction["answers"]]
    correction = seal(correction)
    new_id = uid()
    result = client.post(
        "/api/v1/sync/push",
        headers={"Authorization": f"Bearer {token}"},
        json={"device_id": uid(), "mutations": [mutation("inspection", new_id, correction)]},
    ).get_json()
    assert result["results"][0]["status"] == "applied", result
    auth.login(people["supervisor"].email)
    for page_id in (inspection_id, new_id):
        parser = Text()
        parser.feed(client.get(f"/inspections/{page_id}").text)
        text = "".join(parser.text)
        for raw in (inspection_id[:8], new_id[:8], photos[0][0][:8], "from device"):
            assert raw not in text, (page_id, raw)
    parser = Text()
    parser.feed(client.get(f"/inspections/{new_id}").text)
    assert "corrects an earlier inspection of this visit" in " ".join("".join(parser.text).split())


def test_linked_records_are_named_not_numbered(app, client, auth, db, make, people):
    """A permit's, a gauge's and a site's packet entries read 'Company: 1', 'Permit: 2', 'Gauge: 2'
    and 'Rain events: 1; 2': database numbers no one in the office can look up."""
    from datetime import datetime

    from inspector.models import Company, RainEvent, RainGauge

    site = make.site(people["supervisor"], name="Harbor Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    gauge = RainGauge(
        name="Harbor gauge", kind="onsite", station_code="harbor-1", latitude=43.1, longitude=-88.9
    )
    db.add(gauge)
    db.flush()
    rain = RainEvent(
        gauge_id=gauge.id,
        start=datetime(2026, 12, 1, 13, 0),
        end=datetime(2026, 12, 2, 13, 0),
        total_in=0.83,
    )
    db.add(rain)
    db.flush()
    company = people["permittee"].company_id
    audit.record(
        db,
        entity="site",
        entity_id=site.id,
        action="packet",
        user_id=None,
        site_id=site.id,
        before={"gauge_id": None, "rain_events": []},
        after={
            "gauge_id": gauge.id,
            "rain_events": [rain.id],
            "permit_id": permit.id,
            "company_id": company,
        },
    )
    db.commit()
    auth.login(people["supervisor"].email)
    app.config["CLOCK_NOW"] = datetime(2026, 12, 5, 18, 0)
    parser = Text()
    parser.feed(client.get(f"/audit/?site_id={site.id}").text)
    text = " ".join("".join(parser.text).split())
    assert "Gauge: Harbor gauge" in text
    assert f"Permit: {permit.number}" in text
    assert f"Company: {db.get(Company, company).name}" in text
    assert "Rain events: — → 0.83 in, ended Dec 2, 7:00 AM CST" in text
    # Read the next year, the rain names its year.
    app.config["CLOCK_NOW"] = datetime(2027, 1, 5, 18, 0)
    parser = Text()
    parser.feed(client.get(f"/audit/?site_id={site.id}").text)
    text = " ".join("".join(parser.text).split())
    assert "Rain events: — → 0.83 in, ended Dec 2, 2026, 7:00 AM CST" in text
    # The permit's issue, in words too ('status:issued' before).
    assert "status changed to issued" in text and "status:" not in text
    for raw in (f"Gauge: {gauge.id}", f"Permit: {permit.id}", f"Company: {company}"):
        assert raw not in text, raw
