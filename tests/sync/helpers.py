"""Builders for sync tests: device tokens, inspection payloads with their canonical hash, test photos."""

from __future__ import annotations

import hashlib
import io
import json
import uuid

from PIL import Image

from inspector.rules.rulebook import default
from inspector.services import sites
from inspector.services.inspections import canonical_hash


def uid() -> str:
    return str(uuid.uuid4())


def jpeg(width=640, height=480, color=(120, 90, 60), exif=None, quality=85) -> bytes:
    im = Image.new("RGB", (width, height), color)
    for x in range(0, width, 40):  # some detail so the JPEG is not trivial
        im.paste((color[0] // 2, 200, color[2]), (x, 0, min(x + 10, width), height))
    out = io.BytesIO()
    kwargs = {"exif": exif} if exif is not None else {}
    im.save(out, "JPEG", quality=quality, **kwargs)
    return out.getvalue()


def png(width=64, height=48) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (10, 200, 30)).save(out, "PNG")
    return out.getvalue()


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def checklist_codes(site, rb=None) -> list[str]:
    return [item["code"] for item in sites.ordinance_view(site, rb or default())["checklist"]]


def signature(seed: int = 0) -> dict:
    """A drawn signature as the device sends it: two strokes of whole-number points [x, y, ms]."""
    first = [[20 + 12 * i, 80 - (i * 7 + seed) % 40, 16 * i] for i in range(30)]
    second = [[60 + 10 * i, 120 + (i % 5) * 3, 16 * i] for i in range(12)]
    return {"width": 600, "height": 200, "strokes": [first, second]}


def signature_field() -> str:
    """The issue form's hidden `signature` field as the order page's pad fills it."""
    return json.dumps(signature())


def signed(name: str = "Pat Field", at: str = "2026-11-30T15:41:00Z") -> dict:
    """The signature fields of a payload (statement of the rulebook's current version)."""
    return {
        "signature": signature(),
        "signature_statement_version": default()["certification.current"],
        "signed_by_name": name,
        "signed_at": at,
    }


def inspection_payload(site, *, codes=None, fail=(), photos=(), kind="weekly", **overrides) -> dict:
    """A valid, signed inspection for `site`: every listed item passes unless named in `fail`."""
    rb = default()
    codes = codes if codes is not None else checklist_codes(site, rb)
    answers = []
    for code in codes:
        failed = code in fail
        answers.append(
            {
                "item_code": code,
                "result": "fail" if failed else "pass",
                "note": "Silt fence down at the east edge" if failed else "",
                "corrective_action": "Re-trench and re-stake the fence" if failed else "",
                "measurements": {},
                "calculator": None,
                "photo_ids": [],
            }
        )
    payload = {
        "site_id": site.id,
        "kind": kind,
        "inspector_name": "Pat Field",
        "inspected_on": "2026-11-30",
        "started_at": "2026-11-30T15:00:00Z",
        "ended_at": "2026-11-30T15:40:00Z",
        "weather": "Overcast",
        "phase": "Grading",
        "notes": "",
        "active_disturbance": True,
        "rain_event_id": None,
        "finding_id": None,
        "catalog_version": rb["checklist.version"],
        "replaces_id": None,
        "answers": answers,
        "photos": [
            {
                "id": pid,
                "item_code": None,
                "sha256": digest,
                "taken_at": None,
                "latitude": None,
                "longitude": None,
            }
            for pid, digest in photos
        ],
        **signed(),
    }
    payload.update(overrides)
    if payload["signature"] is not None and "signed_at" not in overrides:
        # Signed at the end of the visit, whatever times the test gave it.
        payload["signed_at"] = payload["ended_at"] or payload["started_at"] or payload["signed_at"]
    return seal(payload)


def seal(payload: dict) -> dict:
    payload = {k: v for k, v in payload.items() if k != "sha256"}
    payload["sha256"] = canonical_hash(payload)
    return payload


def mutation(entity: str, entity_id: str, payload: dict, base_version=None, op="upsert") -> dict:
    return {
        "mutation_id": uid(),
        "entity": entity,
        "entity_id": entity_id,
        "op": op,
        "base_version": base_version,
        "payload": payload,
    }
