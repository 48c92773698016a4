"""A push seals its inspections from the values it has just written (docs/sealing.md, "Writers"),
not by reading them back: the hash must be the one verification computes from the rows, for every
kind of value a record holds (times with microseconds and offsets, days, booleans, floats, JSON,
text beyond ASCII, photos and answers in another order than the database reads them)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models.seals import Seal
from inspector.services import sealed_records, seals

from .helpers import checklist_codes, inspection_payload, mutation, seal, uid

CALCULATION = {
    "name": "diversion",
    "item": "DIVERT",
    "inputs": {"area_sq_ft": 12000.5, "slope": 0.25, "runs": [1, 2.5, -0.0, 1e-7, 20.0]},
    "result": {"velocity_ft_s": 0.7333333333333333, "ok": False, "note": "déjà vu ✓"},
    "saved_at": "2026-11-30T15:20:00Z",
}


def varied(site) -> dict:
    """A weekly inspection holding a bit of everything, answers listed in reverse code order."""
    codes = checklist_codes(site)
    payload = inspection_payload(site, fail=("INLET", "DIVERT"))
    payload["answers"].reverse()
    for a in payload["answers"]:
        if a["item_code"] == "INLET":
            a["measurements"] = {"sediment_depth_in": 2.5, "device_height_in": 6}
        if a["item_code"] == "DIVERT":
            a["calculator"] = CALCULATION
            a["note"] = "  Rills below the pad — 🌧 after Tuesday  "
    first, second = "ffffffff-0000-4000-8000-000000000001", "00000000-ffff-4000-8000-000000000002"
    payload["photos"] = [
        {
            "id": first,
            "item_code": "INLET",
            "sha256": "ab" * 32,
            "taken_at": "2026-11-30T09:12:33.123456-06:00",
            "taken_at_source": "exif",
            "latitude": 43.8312345,
            "longitude": -88.86,
            "marks": [
                {"kind": "arrow", "from": [0.1, 0.2], "to": [0.45, 0.5]},
                {"kind": "label", "at": [0.05, 0.9], "text": "Torn fence ✓"},
            ],
        },
        {"id": second, "item_code": None, "sha256": "cd" * 32},
    ]
    payload.update(
        started_at="2026-11-30T15:00:00.250+00:00",
        ended_at="2026-11-30T09:40:07.000001-06:00",
        notes="Gusty; east fence re-staked.\u2028Second line ",
        weather="  Overcast, 3 °C ",
    )
    assert "INLET" in codes and "DIVERT" in codes
    return seal(payload)


def plain_village(site) -> dict:
    """A partial Village inspection without times, disturbance stopped."""
    codes = checklist_codes(site)[:3]
    return inspection_payload(
        site,
        codes=codes,
        kind="village",
        active_disturbance=False,
        started_at=None,
        ended_at=None,
    )


def test_a_pushed_inspection_is_sealed_from_its_values_with_the_hash_verify_reads(
    client, db, people, site_with_permit, device_headers, monkeypatch
):
    site = site_with_permit
    ids = [uid(), uid()]
    body = {
        "device_id": uid(),
        "mutations": [
            mutation("inspection", ids[0], varied(site)),
            mutation("inspection", ids[1], plain_village(site)),
        ],
    }
    read_back = []
    load = sealed_records.load
    monkeypatch.setattr(
        sealed_records,
        "load",
        lambda s, kind, *a, **k: read_back.append(kind) or load(s, kind, *a, **k),
    )
    response = client.post(
        "/api/v1/sync/push", json=body, headers=device_headers(people["inspector"])
    )
    results = response.get_json()["results"]
    assert [r["status"] for r in results] == ["applied", "applied"], results
    assert "inspection" not in read_back  # sealed from the values written
    monkeypatch.undo()

    stored = {
        s.record_id: s.record_hash
        for s in db.exec(select(Seal).where(Seal.kind == "inspection", Seal.record_id.in_(ids)))
    }
    assert stored == sealed_records.hashes(db, "inspection", ids)  # as verification reads them
    record = sealed_records.load(db, "inspection", [ids[0]])[ids[0]]
    assert [a["item_code"] for a in record["answers"]] == sorted(checklist_codes(site))
    assert [p["photo_id"][:8] for p in record["photos"]] == ["00000000", "ffffffff"]
    assert record["photos"][1]["taken_at"] == "2026-11-30T15:12:33.123456"
    assert seals.verify(db).problems == []


@pytest.mark.parametrize(
    "value",
    [
        "2026-11-30T15:00:00+00:00",  # a time that kept its zone
        42,  # a number where text is stored
    ],
)
def test_a_value_not_known_to_read_back_equal_makes_the_record_read_back(value):
    from datetime import date, datetime

    row = {name: None for name in sealed_records.INSPECTION_2}
    row.update(id="x", inspected_on=date(2026, 11, 30), received_at=datetime(2026, 11, 30, 15))
    assert sealed_records.written_inspection(row, [], []) is not None
    if isinstance(value, str):
        row["received_at"] = datetime.fromisoformat(value)
    else:
        row["notes"] = value
    assert sealed_records.written_inspection(row, [], []) is None


@pytest.mark.parametrize(
    "change",
    [
        {"note": 42},  # a number where text is stored
        {"measurements": (1.0,)},  # a tuple is stored as a list: it reads back otherwise
        {"result": None, "calculator": "x"},  # text where JSON objects are stored
        "no note",  # a field missing
    ],
)
def test_an_answer_not_known_to_read_back_equal_makes_the_record_read_back(change):
    from datetime import date, datetime

    row = {name: None for name in sealed_records.INSPECTION_2}
    row.update(id="x", inspected_on=date(2026, 11, 30), received_at=datetime(2026, 11, 30, 15))
    fine = {
        "item_code": "SILT-1",
        "result": "pass",
        "note": "",
        "corrective_action": "",
        "measurements": {"depth_in": 2.5},
        "calculator": None,
    }
    extra = {**fine, "item_code": "SILT-2", "photo_ids": ["p"]}  # not a sealed field
    record = sealed_records.written_inspection(row, [extra, fine], [])
    assert record["answers"] == [fine, {**fine, "item_code": "SILT-2"}]
    odd = {k: v for k, v in fine.items() if k != "note"} if change == "no note" else fine | change
    assert sealed_records.written_inspection(row, [fine, odd], []) is None
