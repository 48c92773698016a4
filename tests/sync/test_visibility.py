"""A record you may not see answers exactly like one that does not exist, through every sync
handler, the conflict log, pull, the detail routes and photos by id: never `conflict`, never a
server copy."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import func, select

from inspector.models import Finding, RainGauge, SiteGauge, StopWorkOrder, SyncConflict
from inspector.models.base import utcnow
from inspector.rules.clocks import wire_time

from .helpers import checklist_codes, inspection_payload, jpeg, mutation, sha, uid

SECRET = "Silt fence buried behind the Rival trailer"


@pytest.fixture
def world(client, db, make, people, site_with_permit, device_headers):
    """Acme (people['permittee']) holds site_with_permit; Rival (people['other']) its own site."""
    rival_site = make.site(people["supervisor"], name="Rival Yard")
    make.permit(rival_site, people["other"].company_id, people["supervisor"], issued=True)
    inspector = device_headers(people["inspector"])
    posted_id = uid()
    res = client.post(
        "/api/v1/sync/push",
        headers=inspector,
        json={
            "mutations": [
                mutation(
                    "stop_work_order",
                    posted_id,
                    {
                        "site_id": site_with_permit.id,
                        "grounds": ["plan_not_implemented"],
                        # While the permit (issued three days ago) is in force.
                        "posted_at": wire_time(utcnow() - timedelta(hours=1)),
                        "notes": SECRET,
                    },
                )
            ]
        },
    )
    assert res.get_json()["results"][0]["status"] == "applied"
    proposed = StopWorkOrder(
        id=uid(),
        site_id=rival_site.id,
        status="proposed",
        source="rules",
        grounds=[{"ground": "no_permit", "citation": "§ 256-10A"}],
        notes=SECRET,
        updated_at=utcnow(),
    )
    db.add(proposed)
    gauge = RainGauge(
        name="Acme gauge", kind="onsite", station_code="AC-1", latitude=43.1, longitude=-88.9
    )
    rival_gauge = RainGauge(
        name="Rival gauge", kind="onsite", station_code="RV-1", latitude=43.2, longitude=-88.8
    )
    db.add(gauge)
    db.add(rival_gauge)
    db.flush()
    db.add(SiteGauge(site_id=site_with_permit.id, gauge_id=gauge.id))
    db.add(SiteGauge(site_id=rival_site.id, gauge_id=rival_gauge.id))
    db.commit()
    acme = device_headers(people["permittee"])
    reading_id = uid()
    res = client.post(
        "/api/v1/sync/push",
        headers=acme,
        json={
            "mutations": [
                mutation(
                    "rain_reading",
                    reading_id,
                    {
                        "gauge_id": gauge.id,
                        "site_id": site_with_permit.id,
                        "observed_at": "2026-11-30T13:00:00Z",
                        "amount_in": 0.37,
                    },
                )
            ]
        },
    )
    assert res.get_json()["results"][0]["status"] == "applied", res.get_json()
    inspection_id = uid()
    res = client.post(
        "/api/v1/sync/push",
        headers=acme,
        json={
            "mutations": [
                mutation(
                    "inspection", inspection_id, inspection_payload(site_with_permit, notes=SECRET)
                )
            ]
        },
    )
    assert res.get_json()["results"][0]["status"] == "applied", res.get_json()
    return {
        "acme_site": site_with_permit,
        "rival_site": rival_site,
        "posted": posted_id,
        "proposed": proposed.id,
        "gauge": gauge.id,
        "rival_gauge": rival_gauge.id,
        "reading": reading_id,
        "inspection": inspection_id,
        "acme": acme,
        "rival": device_headers(people["other"]),
        "inspector": inspector,
    }


def push_one(client, headers, entity, entity_id, payload, base_version=None):
    m = mutation(entity, entity_id, payload, base_version=base_version)
    result = client.post("/api/v1/sync/push", headers=headers, json={"mutations": [m]}).get_json()[
        "results"
    ][0]
    result.pop("mutation_id")
    return result


def conflicts(db) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(SyncConflict)).one()


def assert_learns_nothing(result):
    assert result["status"] == "rejected", result
    assert "server_copy" not in result and SECRET not in str(result) and "0.37" not in str(result)


def test_an_order_id_from_a_posted_notice_tells_a_permittee_nothing(client, db, world):
    order = {
        "site_id": world["rival_site"].id,
        "grounds": ["no_permit"],
        "posted_at": "2026-11-30T15:00:00Z",
        "notes": "mine",
    }
    for known in (world["posted"], world["proposed"]):
        result = push_one(client, world["rival"], "stop_work_order", known, order)
        assert_learns_nothing(result)
        assert result == push_one(client, world["rival"], "stop_work_order", uid(), order)
    assert conflicts(db) == 0


def test_another_users_rain_reading_id_gives_no_copy_and_no_conflict(client, db, world):
    payload = {
        "gauge_id": world["rival_gauge"],
        "site_id": world["rival_site"].id,
        "observed_at": "2026-11-30T14:00:00Z",
        "amount_in": 1.2,
    }
    result = push_one(client, world["rival"], "rain_reading", world["reading"], payload)
    assert_learns_nothing(result)
    assert conflicts(db) == 0


def test_another_companys_inspection_id_gives_no_copy_and_no_conflict(client, db, world):
    theirs = inspection_payload(world["rival_site"])
    result = push_one(client, world["rival"], "inspection", world["inspection"], theirs)
    assert_learns_nothing(result)
    on_acme_site = push_one(
        client,
        world["rival"],
        "inspection",
        world["inspection"],
        inspection_payload(world["acme_site"]),
    )
    assert on_acme_site == push_one(
        client, world["rival"], "inspection", uid(), inspection_payload(world["acme_site"])
    )
    assert conflicts(db) == 0


def test_another_companys_finding_answers_like_a_missing_one(client, db, world, people):
    code = checklist_codes(world["acme_site"])[0]
    failed = push_one(
        client,
        world["acme"],
        "inspection",
        uid(),
        inspection_payload(world["acme_site"], fail=(code,)),
    )
    assert failed["status"] == "applied"
    finding = db.exec(select(Finding)).first()
    change = {"status": "corrected", "corrected_note": "fixed"}
    result = push_one(
        client, world["rival"], "finding", finding.id, change, base_version=finding.version + 5
    )
    assert_learns_nothing(result)
    assert result == push_one(
        client, world["rival"], "finding", uid(), change, base_version=finding.version + 5
    )
    assert conflicts(db) == 0


def test_sites_and_gauges_are_refused_to_a_permittee_before_anything_is_read(client, db, world):
    acme_site = push_one(
        client, world["rival"], "site", str(world["acme_site"].id), {"address": "x"}, 1
    )
    missing = push_one(client, world["rival"], "site", "987654", {"address": "x"}, 1)
    assert_learns_nothing(acme_site)
    assert acme_site == missing
    assert push_one(client, world["rival"], "rain_gauge", str(world["gauge"]), {}) == push_one(
        client, world["rival"], "rain_gauge", "987654", {}
    )


def test_detail_routes_and_photos_answer_like_missing_records(client, db, world):
    detail = client.get(f"/api/v1/inspections/{world['inspection']}", headers=world["rival"])
    missing = client.get(f"/api/v1/inspections/{uid()}", headers=world["rival"])
    assert (
        detail.status_code == missing.status_code == 404 and detail.get_json() == missing.get_json()
    )
    data = jpeg()
    photo_id = uid()
    put = client.put(
        f"/api/v1/photos/{photo_id}",
        data=data,
        headers={**world["acme"], "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )
    assert put.status_code == 201
    head = client.head(f"/api/v1/photos/{photo_id}", headers=world["rival"])
    assert (
        head.status_code
        == client.head(f"/api/v1/photos/{uid()}", headers=world["rival"]).status_code
        == 404
    )
    # A photo id named by another company's record, whose bytes have not arrived, and one stored:
    # the same refusal, in the same words.
    claimed = uid()
    push_one(
        client,
        world["acme"],
        "inspection",
        uid(),
        inspection_payload(world["acme_site"], photos=[(claimed, sha(data))]),
    )
    other = jpeg(color=(9, 9, 9))
    answers = [
        client.put(
            f"/api/v1/photos/{pid}",
            data=other,
            headers={
                **world["rival"],
                "Content-Type": "image/jpeg",
                "X-Content-SHA256": sha(other),
            },
        )
        for pid in (photo_id, claimed)
    ]
    assert [a.status_code for a in answers] == [409, 409]
    assert answers[0].get_json() == answers[1].get_json()


def test_pull_never_carries_another_companys_records(client, db, world):
    body = client.get("/api/v1/sync/pull", headers=world["rival"]).get_json()
    text = str(body)
    assert SECRET not in text and world["posted"] not in text and world["proposed"] not in text
    assert world["reading"] not in text and world["inspection"] not in text


def test_an_old_conflict_holding_another_companys_record_is_not_shown(
    client, db, world, people, auth
):
    """Conflicts kept before visibility came first: the page shows only what the user may see."""
    db.add(
        SyncConflict(
            mutation_id=uid(),
            entity="stop_work_order",
            entity_id=world["proposed"],
            site_id=world["rival_site"].id,
            user_id=people["permittee"].id,
            device_id=None,
            base_version=None,
            server_version=1,
            theirs={"notes": "mine"},
            server_copy={"notes": SECRET, "site_id": world["rival_site"].id},
            fields=["entity_id"],
        )
    )
    db.commit()
    auth.login(people["permittee"].email)
    page = client.get("/conflicts/")
    assert page.status_code == 200
    assert SECRET.encode() not in page.data and world["proposed"].encode() not in page.data


@pytest.mark.parametrize(
    "body,content_type,declared",
    [
        (b"not a photo at all", "image/jpeg", None),  # text named a JPEG, no hash
        (jpeg()[:200], "image/jpeg", "0" * 64),  # truncated, hash of something else
        (jpeg(), "text/plain", None),  # wrong type
    ],
)
def test_another_users_photo_id_answers_the_same_whatever_the_body(
    client, world, body, content_type, declared
):
    """Stored or only named by a record: 409 id_taken before the body is looked at, so a bad body
    cannot tell the two apart (nor tell whether the record's photo has arrived)."""
    data = jpeg()
    stored, claimed = uid(), uid()
    put = client.put(
        f"/api/v1/photos/{stored}",
        data=data,
        headers={**world["acme"], "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
    )
    assert put.status_code == 201
    push_one(
        client,
        world["acme"],
        "inspection",
        uid(),
        inspection_payload(world["acme_site"], photos=[(claimed, sha(data))]),
    )
    headers = {**world["rival"], "Content-Type": content_type}
    if declared:
        headers["X-Content-SHA256"] = declared
    answers = [
        client.put(f"/api/v1/photos/{pid}", data=body, headers=headers) for pid in (stored, claimed)
    ]
    assert [a.status_code for a in answers] == [409, 409]
    assert answers[0].get_json() == answers[1].get_json()
