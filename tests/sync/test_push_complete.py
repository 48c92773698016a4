"""Completeness on the server: a weekly or post-rain inspection answers every item of the site's checklist
(an empty one would reset the weekly clock); a Village inspection may be partial and its report says so. No
item passes under an attached calculation that fails (refused the way a failing measurement is)."""

from __future__ import annotations

from inspector.models import Answer, Inspection

from .helpers import checklist_codes, inspection_payload, mutation, uid
from .test_push import count, push


def test_weekly_inspection_with_no_answers_is_refused_at_each_item_and_writes_nothing(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    result = push(
        client,
        headers,
        mutation("inspection", uid(), inspection_payload(site_with_permit, codes=[])),
    )
    (answer,) = result.get_json()["results"]
    assert answer["status"] == "rejected"
    codes = checklist_codes(site_with_permit)
    assert set(answer["errors"]) == {f"answers.{code}.result" for code in codes}
    assert "every item of the site's checklist" in answer["errors"]["answers.INLET.result"]
    assert count(db, Inspection) == 0 and count(db, Answer) == 0


def test_post_rain_inspection_missing_one_item_names_it(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    codes = [c for c in checklist_codes(site_with_permit) if c != "PERIMETER"]
    payload = inspection_payload(site_with_permit, codes=codes, kind="post_rain")
    (answer,) = push(client, headers, mutation("inspection", uid(), payload)).get_json()["results"]
    assert answer["status"] == "rejected" and list(answer["errors"]) == ["answers.PERIMETER.result"]
    assert count(db, Inspection) == 0


def test_a_village_inspection_may_be_partial_and_its_report_says_so(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    iid = uid()
    payload = inspection_payload(site_with_permit, codes=["INLET", "PERIMETER"], kind="village")
    assert (
        push(client, headers, mutation("inspection", iid, payload)).get_json()["results"][0][
            "status"
        ]
        == "applied"
    )
    total = len(checklist_codes(site_with_permit))
    auth.login(people["inspector"].email)
    page = client.get(f"/inspections/{iid}").get_data(as_text=True)
    assert f"Partial inspection: 2 of {total} checklist items answered" in page
    assert "not answered" in page and "Tracking pad" in page


def calc_payload(site, diameter):
    payload = inspection_payload(site, kind="village")
    calculation = {
        "name": "stockpile",
        "inputs": {"volume_cu_yd": 40, "distance_ft": diameter},
        "result": {"passes": True, "summary": "forged"},
    }
    for a in payload["answers"]:
        if a["item_code"] == "STOCKPILE":
            a["calculator"] = calculation
    from .helpers import seal

    return seal(payload)


def test_an_item_cannot_pass_under_a_calculation_that_fails(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    # 40 cu yd 8 ft from the road fails § 256-7B(5)(d) whatever verdict the device sent.
    (answer,) = push(
        client, headers, mutation("inspection", uid(), calc_payload(site_with_permit, 8))
    ).get_json()["results"]
    assert answer["status"] == "rejected"
    assert "cannot pass" in answer["errors"]["answers.STOCKPILE.calculator"]
    assert count(db, Inspection) == 0
    ok = push(client, headers, mutation("inspection", uid(), calc_payload(site_with_permit, 30)))
    assert ok.get_json()["results"][0]["status"] == "applied"


def test_completeness_follows_the_catalog_version_the_inspection_was_made_with(
    client, db, people, site_with_permit, device_headers
):
    """A tablet that still had catalog 2026.12-1 did not ask the channel items added in 2026.12-2."""
    headers = device_headers(people["permittee"])
    old = [
        c
        for c in checklist_codes(site_with_permit)
        if c not in ("DIVERT-CHANNEL", "DISCHARGE-CHANNEL")
    ]
    made_before = inspection_payload(site_with_permit, codes=old, catalog_version="2026.12-1")
    assert (
        push(client, headers, mutation("inspection", uid(), made_before)).get_json()["results"][0][
            "status"
        ]
        == "applied"
    )
    made_now = inspection_payload(site_with_permit, codes=old, catalog_version="2026.12-2")
    (answer,) = push(client, headers, mutation("inspection", uid(), made_now)).get_json()["results"]
    assert answer["status"] == "rejected" and list(answer["errors"]) == [
        "answers.DIVERT-CHANNEL.result"
    ]
