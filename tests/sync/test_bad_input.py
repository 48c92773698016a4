"""The bad-input matrix for push, pull and photo upload: each malformed request gets its 4xx with
the field's path and a reason, and the database is unchanged (every table's row count, and
SQLite's integrity check). Also: pages stay up for old rows whose nested fields have the wrong
shape."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from sqlalchemy import inspect, text
from sqlmodel import SQLModel, func, select

from inspector.models import Answer, RainGauge, SiteGauge
from sync import validate
from tests.support import database

from .helpers import inspection_payload, jpeg, mutation, png, seal, sha, uid
from .test_photos_api import huge_png


def snapshot(db) -> dict[str, int]:
    db.expire_all()
    tables = [
        t
        for t in SQLModel.metadata.sorted_tables
        if t.name in inspect(db.connection()).get_table_names()
    ]
    counts = {t.name: db.exec(select(func.count()).select_from(t)).one() for t in tables}
    if not database.on_postgresql():
        assert db.exec(text("PRAGMA integrity_check")).one()[0] == "ok"
    db.rollback()  # end the read transaction: the app writes next
    return counts


@pytest.fixture
def setup(client, db, people, site_with_permit, device_headers):
    gauge = RainGauge(
        name="Site gauge", kind="onsite", station_code="MR-1", latitude=43.1, longitude=-88.9
    )
    db.add(gauge)
    db.flush()
    db.add(SiteGauge(site_id=site_with_permit.id, gauge_id=gauge.id))
    db.commit()
    return {
        "site": site_with_permit,
        "gauge": gauge.id,
        "inspector": device_headers(people["inspector"]),
        "permittee": device_headers(people["permittee"]),
    }


def raw_push(client, headers, body: str | bytes, content_type="application/json"):
    return client.post(
        "/api/v1/sync/push", data=body, headers={**headers, "Content-Type": content_type}
    )


def one(entity, payload, entity_id=None, **envelope):
    return {
        "device_id": uid(),
        "mutations": [{**mutation(entity, entity_id or uid(), payload), **envelope}],
    }


def reading(gauge, **fields):
    return {
        "gauge_id": gauge,
        "observed_at": "2026-11-30T13:00:00Z",
        "amount_in": 0.7,
        "period_hours": 24,
        **fields,
    }


def answer_with(site, **fields):
    payload = inspection_payload(site)
    payload["answers"][0].update(fields)
    return seal(payload), payload["answers"][0]["item_code"]


# Whole-request refusals: (name, body builder, status, a key expected in `errors` or None).
def _envelopes(s):
    deep = "[" * 100_000 + "]" * 100_000
    nested_payload = json.dumps(one("inspection", {"notes": json.loads("[" * 40 + "]" * 40)}))
    return [
        ("entity as a list", json.dumps(one(["inspection"], {})), 400, "mutations.0.entity"),
        ("entity as an object", json.dumps(one({"a": 1}, {})), 400, "mutations.0.entity"),
        ("100,000-deep array", deep, 400, "body"),
        ("40-deep payload", nested_payload, 400, None),
        (
            "site_id 10^30",
            json.dumps(one("rain_reading", reading(s["gauge"], site_id=10**30))),
            400,
            "mutations.0.payload.site_id",
        ),
        (
            "NaN",
            json.dumps(one("rain_reading", reading(s["gauge"], amount_in=float("nan")))),
            400,
            "mutations.0.payload.amount_in",
        ),
        (
            "lone surrogate",
            '{"mutations": [{"mutation_id": "' + uid() + '", "entity": "finding", '
            '"entity_id": "x", "payload": {"note": "\\ud800"}}]}',
            400,
            "mutations.0.payload.note",
        ),
        (
            # UTF-8 bytes of a surrogate, which json.loads takes ("surrogatepass") as \ud800 does
            "lone surrogate as bytes",
            (
                '{"mutations": [{"mutation_id": "' + uid() + '", "entity": "finding", '
                '"entity_id": "x", "payload": {"note": "a'
            ).encode()
            + b"\xed\xa0\x80"
            + b'"}}]}',
            400,
            "mutations.0.payload.note",
        ),
        (
            "amount 1e400 (read as infinity)",
            json.dumps(one("rain_reading", reading(s["gauge"]))).replace("0.7", "1e400"),
            400,
            "mutations.0.payload.amount_in",
        ),
        (
            "base_version 10^30",
            json.dumps(one("site", {}, str(s["site"].id), base_version=10**30)),
            400,
            "mutations.0.base_version",
        ),
        (
            "mutation_id a number",
            json.dumps({"mutations": [{**mutation("finding", "x", {}), "mutation_id": 7}]}),
            400,
            "mutations.0.mutation_id",
        ),
        ("payload a list", json.dumps(one("inspection", [])), 400, "mutations.0.payload"),
        ("not JSON", "{not json", 400, "body"),
        (
            "duplicate mutation ids",
            json.dumps({"mutations": [dup := mutation("inspection", uid(), {}), dup]}),
            400,
            "mutations.1.mutation_id",
        ),
    ]


def test_malformed_pushes_are_refused_whole_with_the_path(client, db, setup):
    before = snapshot(db)
    for name, body, status, key in _envelopes(setup):
        res = raw_push(client, setup["inspector"], body)
        assert res.status_code == status, name
        answer = res.get_json()
        assert answer["reason"], name
        if key:
            assert key in answer.get("errors", {}), (name, answer)
    res = raw_push(
        client, setup["inspector"], json.dumps(one("finding", {})), content_type="text/plain"
    )
    assert res.status_code == 415 and "application/json" in res.get_json()["reason"]
    client.application.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    res = raw_push(
        client, setup["inspector"], json.dumps(one("inspection", {"notes": "x" * 100_000}))
    )
    assert res.status_code == 413 and res.get_json()["reason"]
    assert snapshot(db) == before


def _payload_cases(s):
    site, gauge = s["site"], s["gauge"]
    calc_text, code = answer_with(site, calculator="a string")
    calc_odd, _ = answer_with(site, calculator={"name": "dewatering", "result": "oops"})
    m_list, _ = answer_with(site, measurements=["x"])
    m_text, _ = answer_with(site, measurements={"depth_in": "deep"})
    ids_nested, _ = answer_with(site, photo_ids=[["a"]])
    return [
        (
            "rain site_id 'abc'",
            "inspector",
            "rain_reading",
            reading(gauge, site_id="abc"),
            "site_id",
        ),
        ("rain site_id []", "inspector", "rain_reading", reading(gauge, site_id=[]), "site_id"),
        ("rain gauge_id {}", "inspector", "rain_reading", reading({}), "gauge_id"),
        (
            "rain amount text",
            "inspector",
            "rain_reading",
            reading(gauge, amount_in="lots"),
            "amount_in",
        ),
        ("calculator a string", "inspector", "inspection", calc_text, f"answers.{code}.calculator"),
        (
            "calculator result a string",
            "inspector",
            "inspection",
            calc_odd,
            f"answers.{code}.calculator",
        ),
        ("measurements a list", "inspector", "inspection", m_list, f"answers.{code}.measurements"),
        (
            "measurement text",
            "inspector",
            "inspection",
            m_text,
            f"answers.{code}.measurements.depth_in",
        ),
        ("photo_ids nested", "inspector", "inspection", ids_nested, f"answers.{code}.photo_ids"),
        (
            "photos a number",
            "inspector",
            "inspection",
            seal({**inspection_payload(site), "photos": 5}),
            "photos",
        ),
        (
            "photo entry a list",
            "inspector",
            "inspection",
            seal({**inspection_payload(site), "photos": [[1]]}),
            "photos.0",
        ),
        (
            "answers an object",
            "inspector",
            "inspection",
            seal({**inspection_payload(site), "answers": {}}),
            "answers",
        ),
        (
            "site_id a list",
            "inspector",
            "inspection",
            seal({**inspection_payload(site), "site_id": [1]}),
            "site_id",
        ),
        ("finding status a list", "permittee", "finding", {"status": ["corrected"]}, "status"),
        (
            "order grounds objects",
            "inspector",
            "stop_work_order",
            {
                "site_id": site.id,
                "grounds": [{}],
                "posted_at": "2026-11-30T13:00:00Z",
                "notes": "x",
            },
            "grounds.0",
        ),
        (
            "order photos text",
            "inspector",
            "stop_work_order",
            {
                "site_id": site.id,
                "grounds": ["no_permit"],
                "posted_at": "2026-11-30T13:00:00Z",
                "notes": "x",
                "photos": "all",
            },
            "photos",
        ),
        ("site name a list", "inspector", "site", {"name": ["x"]}, "name"),
        ("site project_kind a list", "inspector", "site", {"project_kind": ["x"]}, "project_kind"),
        (
            "site id of 30 digits",
            "inspector",
            "site",
            {"address": "x", "entity_id": "9" * 30},
            "entity_id",
        ),
        (
            "site id in other digits",
            "inspector",
            "site",
            {"address": "x", "entity_id": "\u0661\u0662"},
            "entity_id",
        ),
    ]


def test_malformed_payload_fields_are_rejected_by_path_and_write_nothing(client, db, setup):
    before = snapshot(db)
    for name, who, entity, payload, key in _payload_cases(setup):
        entity_id = (
            (payload.pop("entity_id", None) or str(setup["site"].id)) if entity == "site" else uid()
        )
        body = one(
            entity, payload, entity_id, base_version=1 if entity in ("site", "finding") else None
        )
        res = client.post("/api/v1/sync/push", json=body, headers=setup[who])
        assert res.status_code == 200, name
        result = res.get_json()["results"][0]
        assert result["status"] == "rejected" and 400 <= result["code"] < 500, (name, result)
        assert key in result["errors"] and result["errors"][key], (name, result)
    assert snapshot(db) == before


def test_malformed_pull_parameters_are_400(client, db, setup):
    before = snapshot(db)
    for query in (
        "since=%C2%B2",
        "since=99999999999999999999999",
        "since=abc",
        "limit=%C2%B2",
        "limit=-3",
    ):
        res = client.get(f"/api/v1/sync/pull?{query}", headers=setup["inspector"])
        assert res.status_code == 400 and res.get_json()["reason"], query
    assert snapshot(db) == before


def put(client, headers, data, *, digest=None, content_type="image/jpeg", photo_id=None):
    return client.put(
        f"/api/v1/photos/{photo_id or uid()}",
        data=data,
        headers={**headers, "Content-Type": content_type, "X-Content-SHA256": digest or sha(data)},
    )


def test_bad_photo_uploads_are_refused_and_write_nothing(client, db, setup):
    headers = setup["permittee"]
    before = snapshot(db)
    photo = jpeg()
    cases = [
        ("truncated JPEG", put(client, headers, photo[: len(photo) // 2]), 422, "unreadable"),
        (
            "text named .jpg",
            put(client, headers, b"just some text, not a photo"),
            415,
            "unsupported_type",
        ),
        (
            "PNG sent as JPEG",
            put(client, headers, png(), content_type="image/jpeg"),
            415,
            "type_mismatch",
        ),
        ("hash mismatch", put(client, headers, photo, digest="0" * 64), 422, "hash_mismatch"),
        (
            "no hash",
            client.put(
                f"/api/v1/photos/{uid()}",
                data=photo,
                headers={**headers, "Content-Type": "image/jpeg"},
            ),
            422,
            "hash_missing",
        ),
        ("empty body", put(client, headers, b""), 422, "empty"),
        ("id not a UUID", put(client, headers, photo, photo_id="photo-1"), 422, "bad_id"),
        (
            "oversize body",
            put(client, headers, b"\xff\xd8\xff" + b"0" * (16 * 1024 * 1024)),
            413,
            None,
        ),
        (
            "40 megapixels",
            put(client, headers, huge_png(8000, 5000), content_type="image/png"),
            422,
            "too_many_pixels",
        ),
    ]
    for name, res, status, error in cases:
        assert res.status_code == status, (name, res.status_code, res.get_data()[:200])
        body = res.get_json()
        assert body["reason"], name
        if error:
            assert body["error"] == error, (name, body)
    assert snapshot(db) == before


def test_old_rows_with_odd_nested_fields_do_not_break_the_pages(client, db, auth, people, setup):
    """Rows stored before shapes were checked: a calculator that is text, or whose result is text,
    and measurements that are a list. The inspection's page and PDF still open."""
    payload = inspection_payload(setup["site"])
    iid = uid()
    res = client.post(
        "/api/v1/sync/push", json=one("inspection", payload, iid), headers=setup["inspector"]
    )
    assert res.get_json()["results"][0]["status"] == "applied"
    answers = db.exec(select(Answer).where(Answer.inspection_id == iid).order_by(Answer.id)).all()
    answers[0].calculator = "a string"
    answers[1].calculator = {"name": "dewatering", "result": "oops", "inputs": [1]}
    answers[2].calculator = {"name": ["x"], "result": {"storms": [{"a": 1}], "ok": True}}
    answers[2].measurements = ["x", 1]
    for a in answers[:3]:
        db.add(a)
    db.commit()
    auth.login(people["inspector"].email)
    page = client.get(f"/inspections/{iid}")
    assert page.status_code == 200
    # The report says, in words, that a calculation was saved whose figures cannot be read.
    assert (
        b"A dewatering device calculation was saved with this answer, but its figures cannot be read."
        in page.data
    )
    assert client.get(f"/inspections/{iid}.pdf").status_code == 200
    detail = client.get(f"/api/v1/inspections/{iid}", headers=setup["inspector"])
    assert detail.status_code == 200


def test_a_well_formed_calculator_passes_the_shape_check():
    calc = {
        "name": "dewatering",
        "item": "x",
        "inputs": {"flow_gpm": 120},
        "saved_at": "2026-11-30T13:00:00Z",
        "result": {"summary": "Bag is large enough", "storms": [{"year": 2, "ok": True}]},
    }
    validate.check_payload(
        "inspection", {"site_id": 1, "answers": [{"item_code": "X", "calculator": calc}]}
    )
    with pytest.raises(validate.ShapeError) as refused:
        validate.check_payload(
            "inspection", {"answers": [{"item_code": "X", "calculator": {**calc, "x": 1}}]}
        )
    assert "answers.X.calculator" in refused.value.errors


def test_an_image_is_measured_before_it_is_decoded(client, db, setup):
    """A photo far larger than the tablets' 2048 px is refused from its header, naming the limit."""
    res = put(client, setup["permittee"], huge_png(6000, 6000), content_type="image/png")
    assert res.status_code == 422
    body = res.get_json()
    assert body["error"] == "too_many_pixels" and "6000 × 6000" in body["reason"]
    assert "2048" in body["reason"] or "pixels" in body["reason"]
    big = io.BytesIO()
    Image.new("RGB", (2048, 1536), (1, 2, 3)).save(big, "JPEG", quality=70)
    assert put(client, setup["permittee"], big.getvalue()).status_code == 201
