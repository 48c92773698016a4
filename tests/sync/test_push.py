"""Push: idempotent, per-mutation results, one transaction per batch, clear refusals that write nothing."""

from __future__ import annotations

import gc

from sqlmodel import func, select

from inspector.models import Answer, AuditEvent, Finding, Inspection, SyncConflict, SyncMutation
from tests.web.test_demo_onsite_gauge import csrf_of

from .helpers import inspection_payload, mutation, seal, uid


def push(client, headers, *mutations, device_id=None):
    return client.post(
        "/api/v1/sync/push",
        json={"device_id": device_id or uid(), "mutations": list(mutations)},
        headers=headers,
    )


def count(db, model) -> int:
    db.expire_all()
    return db.exec(select(func.count()).select_from(model)).one()


def test_inspection_is_stored_with_answers_and_who_sent_it(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid = uid()
    m = mutation("inspection", iid, inspection_payload(site_with_permit))
    res = push(client, headers, m)
    assert res.status_code == 200
    (result,) = res.get_json()["results"]
    assert result["status"] == "applied" and result["mutation_id"] == m["mutation_id"]
    assert result["photos_expected"] == 0 and result["photos_received"] == 0
    inspection = db.get(Inspection, iid)
    assert inspection.user_id == people["permittee"].id and inspection.device_id is not None
    assert inspection.by_village is False
    assert count(db, Answer) == len(m["payload"]["answers"])
    log = db.get(SyncMutation, m["mutation_id"])
    assert log.user_id == people["permittee"].id and log.device_id == inspection.device_id


def test_same_push_three_times_is_applied_once(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    m = mutation("inspection", uid(), inspection_payload(site_with_permit, kind="village"))
    statuses = [push(client, headers, m).get_json()["results"][0]["status"] for _ in range(3)]
    assert statuses == ["applied", "duplicate", "duplicate"]
    assert count(db, Inspection) == 1
    assert count(db, Answer) == len(m["payload"]["answers"])


def test_same_inspection_under_a_new_mutation_id_is_a_duplicate(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid, payload = uid(), inspection_payload(site_with_permit)
    assert (
        push(client, headers, mutation("inspection", iid, payload)).get_json()["results"][0][
            "status"
        ]
        == "applied"
    )
    again = push(client, headers, mutation("inspection", iid, payload)).get_json()["results"][0]
    assert again["status"] == "duplicate"
    assert count(db, Inspection) == 1


def test_changed_content_under_a_submitted_id_is_a_kept_conflict(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    iid = uid()
    push(client, headers, mutation("inspection", iid, inspection_payload(site_with_permit)))
    changed = inspection_payload(site_with_permit, notes="edited after sending")
    result = push(client, headers, mutation("inspection", iid, changed)).get_json()["results"][0]
    assert result["status"] == "conflict"
    assert (
        result["server_copy"]["id"] == iid and result["server_copy"]["sha256"] != changed["sha256"]
    )
    assert db.get(Inspection, iid).notes == ""  # nothing overwritten
    conflict = db.exec(select(SyncConflict)).one()
    assert conflict.entity == "inspection" and conflict.theirs["notes"] == "edited after sending"
    assert conflict.resolved_at is None


def test_a_correction_is_a_new_inspection_naming_the_one_it_replaces(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    first = uid()
    push(client, headers, mutation("inspection", first, inspection_payload(site_with_permit)))
    second = uid()
    result = push(
        client,
        headers,
        mutation(
            "inspection",
            second,
            inspection_payload(site_with_permit, replaces_id=first, notes="Corrected the date"),
        ),
    ).get_json()["results"][0]
    assert result["status"] == "applied"
    assert db.get(Inspection, second).replaces_id == first


def test_failed_item_without_corrective_action_is_rejected_naming_the_field(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    payload = inspection_payload(site_with_permit, fail=("PERIMETER",))
    for answer in payload["answers"]:
        if answer["item_code"] == "PERIMETER":
            answer["corrective_action"] = ""
    payload = seal(payload)
    result = push(client, headers, mutation("inspection", uid(), payload)).get_json()["results"][0]
    assert result["status"] == "rejected"
    assert "answers.PERIMETER.corrective_action" in result["errors"]
    assert count(db, Inspection) == 0 and count(db, Answer) == 0


def test_a_pass_contradicting_the_measurement_is_rejected(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    payload = inspection_payload(site_with_permit)
    for answer in payload["answers"]:
        if (
            answer["item_code"] == "INLET"
        ):  # a third of the device's depth or more is a failure (§ 256-7B(4))
            answer["measurements"] = {"sediment_depth_in": 4, "device_height_in": 12}
    result = push(client, headers, mutation("inspection", uid(), seal(payload))).get_json()[
        "results"
    ][0]
    assert result["status"] == "rejected"
    assert "answers.INLET.result" in result["errors"]


def test_failed_answer_raises_a_finding_in_the_same_transaction(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    iid = uid()
    result = push(
        client,
        headers,
        mutation(
            "inspection",
            iid,
            inspection_payload(site_with_permit, kind="village", fail=("PERIMETER",)),
        ),
    ).get_json()["results"][0]
    assert result["status"] == "applied"
    findings = db.exec(select(Finding).where(Finding.inspection_id == iid)).all()
    assert [f.item_code for f in findings] == ["PERIMETER"]
    packet = db.exec(
        select(AuditEvent).where(AuditEvent.entity == "site", AuditEvent.action == "packet")
    ).all()
    assert packet, "devices must re-pull the site's packet entry"


def test_a_site_the_permittee_may_not_see_is_refused_and_nothing_written(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["other"])  # Rival Grading: no permit on this site
    before = count(db, AuditEvent)
    good_for_nobody = mutation("inspection", uid(), inspection_payload(site_with_permit))
    result = push(client, headers, good_for_nobody).get_json()["results"][0]
    assert result["status"] == "rejected" and result["code"] == 404
    assert count(db, Inspection) == 0 and count(db, AuditEvent) == before
    assert count(db, SyncMutation) == 0


def test_one_bad_mutation_does_not_hold_back_the_others(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    bad = inspection_payload(site_with_permit)
    bad["inspector_name"] = ""
    good_id = uid()
    results = push(
        client,
        headers,
        mutation("inspection", uid(), seal(bad)),
        mutation("inspection", good_id, inspection_payload(site_with_permit)),
    ).get_json()["results"]
    assert [r["status"] for r in results] == ["rejected", "applied"]
    assert "inspector_name" in results[0]["errors"]
    assert count(db, Inspection) == 1 and db.get(Inspection, good_id) is not None


def test_a_tampered_record_fails_its_hash(client, db, people, site_with_permit, device_headers):
    headers = device_headers(people["permittee"])
    payload = inspection_payload(site_with_permit)
    payload["notes"] = "changed without re-hashing"
    result = push(client, headers, mutation("inspection", uid(), payload)).get_json()["results"][0]
    assert result["status"] == "rejected" and "sha256" in result["errors"]


def test_permittee_cannot_file_a_village_inspection(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    result = push(
        client,
        headers,
        mutation("inspection", uid(), inspection_payload(site_with_permit, kind="village")),
    ).get_json()["results"][0]
    assert result["status"] == "rejected" and "kind" in result["errors"]


def test_envelope_errors_are_4xx_and_write_nothing(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    before = count(db, AuditEvent)
    res = client.post(
        "/api/v1/sync/push",
        data="{not json",
        headers={**headers, "Content-Type": "application/json"},
    )
    assert res.status_code == 400 and res.get_json()["error"] == "malformed"
    unknown = mutation("spaceship", "1", {})
    res = push(
        client,
        headers,
        unknown,
        mutation("inspection", uid(), inspection_payload(site_with_permit)),
    )
    assert res.status_code == 400 and "mutations.0.entity" in res.get_json()["errors"]
    wrong_types = mutation(
        "inspection", uid(), inspection_payload(site_with_permit), base_version="seven"
    )
    res = push(client, headers, wrong_types)
    assert res.status_code == 400 and "mutations.0.base_version" in res.get_json()["errors"]
    res = client.post("/api/v1/sync/push", json={"mutations": "all of them"}, headers=headers)
    assert res.status_code == 400
    oversize = [mutation("inspection", uid(), {}) for _ in range(51)]
    res = push(client, headers, *oversize)
    assert res.status_code == 413 and res.get_json()["error"] == "batch_too_large"
    assert count(db, Inspection) == 0 and count(db, AuditEvent) == before


def test_wrong_types_inside_a_payload_are_named(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["permittee"])
    payload = inspection_payload(site_with_permit)
    payload["started_at"] = 12
    payload["active_disturbance"] = "yes"
    payload["answers"][0]["result"] = "maybe"
    result = push(client, headers, mutation("inspection", uid(), seal(payload))).get_json()[
        "results"
    ][0]
    assert result["status"] == "rejected"
    code = payload["answers"][0]["item_code"]
    assert {"started_at", "active_disturbance", f"answers.{code}.result"} <= set(result["errors"])
    res = push(
        client, headers, mutation("inspection", uid(), seal({**payload, "site_id": "seven"}))
    )
    assert res.get_json()["results"][0]["errors"]["site_id"]


def test_no_credentials_is_401_json(client):
    res = client.post("/api/v1/sync/push", json={"mutations": []})
    assert res.status_code == 401
    assert (
        res.get_json()["error"] == "unauthorized" and "sign in" in res.get_json()["reason"].lower()
    )
    assert client.get("/api/v1/sync/pull").status_code == 401
    bad = client.get("/api/v1/sync/pull", headers={"Authorization": "Bearer fwd_nonsense"})
    assert bad.status_code == 401


def test_session_push_needs_a_fresh_csrf_token(app, db, people, site_with_permit):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    from tests.conftest import PASSWORD

    # The sign-in form's token (/api/v1/csrf makes none for nobody).
    token = csrf_of(client.get("/login").get_data(as_text=True))
    client.post(
        "/login",
        data={"email": people["permittee"].email, "password": PASSWORD, "csrf_token": token},
    )
    from flask import g

    g.pop(
        "csrf_token", None
    )  # the fixtures' app context outlives requests; a browser would not share it
    m = mutation("inspection", uid(), inspection_payload(site_with_permit))
    res = client.post("/api/v1/sync/push", json={"mutations": [m]})
    assert res.status_code == 400 and res.get_json()["error"] == "csrf"
    fresh = client.get("/api/v1/csrf").get_json()["csrf_token"]
    res = client.post("/api/v1/sync/push", json={"mutations": [m]}, headers={"X-CSRFToken": fresh})
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["results"][0]["status"] == "applied"


def test_tokens_fetched_side_by_side_after_sign_in_all_work(app, db, people, site_with_permit):
    """The field app's first requests after sign-in fetch /api/v1/csrf side by side; whichever
    cookie the browser keeps, a token another of them fetched must still be accepted."""
    from flask import g

    from tests.conftest import PASSWORD

    app.config["WTF_CSRF_ENABLED"] = True
    signer = app.test_client()
    token = csrf_of(signer.get("/login").get_data(as_text=True))
    g.pop("csrf_token", None)
    signer.post(
        "/login",
        data={"email": people["permittee"].email, "password": PASSWORD, "csrf_token": token},
    )
    cookie = signer.get_cookie("session").value
    first, second = app.test_client(), app.test_client()
    tokens = []
    for tab in (first, second):  # both start from the cookie the sign-in answer set
        tab.set_cookie("session", cookie)
        g.pop("csrf_token", None)
        tokens.append(tab.get("/api/v1/csrf").get_json()["csrf_token"])
    g.pop("csrf_token", None)
    m = mutation("inspection", uid(), inspection_payload(site_with_permit))
    res = second.post(
        "/api/v1/sync/push", json={"mutations": [m]}, headers={"X-CSRFToken": tokens[0]}
    )
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["results"][0]["status"] == "applied"


def test_pushed_disturbance_without_permit_proposes_one_order_per_site(
    client, db, make, people, device_headers
):
    from inspector.models import StopWorkOrder

    site = make.site(people["supervisor"], name="Unpermitted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=False)
    headers = device_headers(people["inspector"])
    batch = [
        mutation("inspection", uid(), inspection_payload(site, kind="village", notes=f"visit {i}"))
        for i in range(3)
    ]
    assert {r["status"] for r in push(client, headers, *batch).get_json()["results"]} == {"applied"}
    orders = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    assert len(orders) == 1 and orders[0].status == "proposed"


def test_a_push_leaves_the_garbage_collector_as_it_found_it(
    client, people, site_with_permit, device_headers
):
    # The push turns the cyclic collector off while it works (sync/api.py): whatever the answer, it is
    # on again afterwards, and a collector that was off stays off.
    headers = device_headers(people["inspector"])
    good = mutation("inspection", uid(), inspection_payload(site_with_permit, kind="village"))
    assert push(client, headers, good).status_code == 200 and gc.isenabled()
    bad = client.post(
        "/api/v1/sync/push", data="{not json", headers=headers, content_type="application/json"
    )
    assert bad.status_code == 400 and gc.isenabled()
    gc.disable()
    try:
        assert push(client, headers, good).status_code == 200
        assert not gc.isenabled()
    finally:
        gc.enable()
