"""Marks drawn on an inspection's photos (docs/photo-marks.md): pushed with the record, checked
(shape, at most 20, coordinates 0..1, labels of at most 40 characters) with each problem's path,
stored beside the photo (its digest unchanged), sealed with the inspection, and drawn on the
report's printed copies. Records sealed before marks existed still verify."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from sqlalchemy import update
from sqlmodel import func, select

from inspector.documents.markup import draw_marks
from inspector.documents.photo_render import render_for_print
from inspector.models import Inspection, PhotoClaim
from inspector.services import sealed_records, seals

from .helpers import inspection_payload, jpeg, mutation, seal, sha, uid

MARKS = [
    {"kind": "arrow", "from": [0.1, 0.2], "to": [0.45, 0.5]},
    {"kind": "circle", "center": [0.7, 0.4], "r": 0.15},
    {"kind": "label", "at": [0.05, 0.9], "text": "Torn silt fence"},
]


def push(client, headers, payload, inspection_id=None):
    body = {
        "device_id": uid(),
        "mutations": [mutation("inspection", inspection_id or uid(), payload)],
    }
    response = client.post("/api/v1/sync/push", json=body, headers=headers)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["results"][0]


def with_marks(site, marks, data=None):
    data = data or jpeg()
    pid = uid()
    payload = inspection_payload(site, photos=[(pid, sha(data))])
    payload["photos"][0]["marks"] = marks
    return pid, seal(payload)


def test_marks_are_stored_beside_the_photo_and_sealed_with_the_inspection(
    client, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    data = jpeg()
    pid, payload = with_marks(site_with_permit, MARKS, data)
    inspection_id = uid()
    assert push(client, headers, payload, inspection_id)["status"] == "applied"
    claim = db.get(PhotoClaim, pid)
    assert claim.marks == MARKS and claim.sha256 == sha(data)  # the photo's digest as taken
    record = sealed_records.load(db, "inspection", [inspection_id])[inspection_id]
    assert record["photos"][0]["marks"] == MARKS
    assert seals.latest_seal(db, "inspection", inspection_id).format == sealed_records.MARKS_FORMAT
    assert seals.verify(db).problems == []
    # The device reads them back with the record.
    detail = client.get(f"/api/v1/inspections/{inspection_id}", headers=headers).get_json()
    assert detail["photos"][0]["marks"] == MARKS

    # A mark moved in the database afterwards is named by verify.
    moved = [{**MARKS[0], "to": [0.9, 0.9]}, *MARKS[1:]]
    db.exec(update(PhotoClaim).where(PhotoClaim.photo_id == pid).values(marks=moved))
    db.commit()
    problems = seals.verify(db).problems
    assert problems and inspection_id in str(problems[0])


@pytest.mark.parametrize(
    ("marks", "path", "words"),
    [
        ("arrow", "marks", "a list"),
        ([{"kind": "scribble", "at": [0.1, 0.1]}], "marks.0.kind", "arrow, circle or label"),
        ([{"kind": "arrow", "from": [0.1, 0.2], "to": [1.2, 0.5]}], "marks.0.to", "from 0 to 1"),
        ([{"kind": "arrow", "from": [0.1], "to": [0.2, 0.5]}], "marks.0.from", "[x, y]"),
        ([{"kind": "circle", "center": [0.5, 0.5], "r": 0}], "marks.0.r", "radius"),
        ([{"kind": "label", "at": [0.5, 0.5], "text": "x" * 41}], "marks.0.text", "At most 40"),
        ([{"kind": "label", "at": [0.5, 0.5], "text": "   "}], "marks.0.text", "its words"),
        (
            [{"kind": "arrow", "from": [0, 0], "to": [1, 1], "color": "red"}],
            "marks.0.color",
            "Not a",
        ),
        ([{"kind": "circle", "center": [0.5, 0.5], "r": 0.1}] * 21, "marks", "At most 20"),
    ],
)
def test_malformed_marks_are_refused_with_their_path_and_nothing_is_stored(
    client, db, people, site_with_permit, device_headers, marks, path, words
):
    headers = device_headers(people["inspector"])
    pid, payload = with_marks(site_with_permit, marks)
    result = push(client, headers, payload)
    assert result["status"] == "rejected" and result["code"] == 422, result
    key = f"photos.{pid}.{path}"
    assert key in result["errors"] and words in result["errors"][key], result["errors"]
    db.expire_all()
    assert db.exec(select(func.count()).select_from(Inspection)).one() == 0
    assert db.exec(select(func.count()).select_from(PhotoClaim)).one() == 0


def test_a_record_sealed_before_marks_existed_still_verifies(
    client, db, people, site_with_permit, device_headers, monkeypatch
):
    """Format 1 (no marks in the photo digests): sealed then, re-checked with format 1 now."""
    kind = sealed_records.KINDS["inspection"]
    monkeypatch.setitem(kind.formats, sealed_records.MARKS_FORMAT, None)
    monkeypatch.setattr(
        type(kind), "current", property(lambda self: max(f for f, v in self.formats.items() if v))
    )
    headers = device_headers(people["inspector"])
    data = jpeg()
    old_id = uid()
    assert (
        push(
            client,
            headers,
            inspection_payload(site_with_permit, photos=[(uid(), sha(data))]),
            old_id,
        )["status"]
        == "applied"
    )
    assert seals.latest_seal(db, "inspection", old_id).format == 1
    monkeypatch.undo()
    _pid, payload = with_marks(site_with_permit, MARKS)
    new_id = uid()
    assert push(client, headers, payload, new_id)["status"] == "applied"
    assert seals.latest_seal(db, "inspection", new_id).format == sealed_records.MARKS_FORMAT
    assert seals.verify(db).problems == []


def test_marks_are_refused_on_other_records_photos(
    client, db, people, site_with_permit, device_headers
):
    """A finding's correction photo carries no marks: its record does not seal them."""
    from inspector.services import inspections

    with pytest.raises(inspections.Invalid) as refused:
        inspections.claim_photos(
            db,
            [{"id": uid(), "sha256": "a" * 64, "marks": MARKS}],
            user=people["permittee"],
            finding_id=uid(),
        )
    assert any(k.endswith(".marks") for k in refused.value.errors)


def test_printed_copies_carry_the_marks_and_the_photo_stays_as_taken():
    data = jpeg(800, 600, color=(120, 90, 60))
    plain = Image.open(io.BytesIO(render_for_print(data)))
    marked = Image.open(io.BytesIO(render_for_print(data, marks=MARKS)))
    assert plain.size == marked.size == (800, 600)
    # The arrow's middle, the circle's rim and the label's area are drawn in the marks' yellow.
    for x, y in (
        (int(0.275 * 800), int(0.35 * 600)),
        (int(0.7 * 800 + 0.15 * 600), int(0.4 * 600)),
    ):
        r, g, b = marked.getpixel((x, y))
        assert r > 200 and g > 170 and b < 90, (x, y, (r, g, b))
        r, g, b = plain.getpixel((x, y))
        assert not (r > 200 and g > 170 and b < 90), (x, y)
    # Away from the marks the picture is unchanged.
    assert abs(marked.getpixel((780, 20))[0] - plain.getpixel((780, 20))[0]) < 12
    # Marks that cannot be drawn (a row written outside the app) are left out, never an error.
    same = draw_marks(plain, [{"kind": "arrow", "from": "x"}, "junk"])
    assert same is plain
