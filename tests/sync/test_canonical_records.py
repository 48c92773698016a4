"""A record hashed by the browser (static/js/canonical.js, npm's `canonicalize`) is accepted by the
server (inspector/canonical.py) and sealed as RFC 8785 writes it: the values a tablet sends that
canonical JSON can get wrong (fractions, numbers near the limits of a double, text beyond ASCII,
emoji keys, photo marks, a calculator's figures, a signature) in one record."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from inspector.canonical import jcs
from inspector.rules import calculators
from inspector.services import sealed_records, seals

from .helpers import inspection_payload, jpeg, mutation, sha, uid

ROOT = Path(__file__).resolve().parents[2]


def browser_hash(payload: dict, tmp_path: Path) -> str:
    node = shutil.which("node")
    assert node, "node is part of the toolchain"
    data = tmp_path / "payload.json"
    data.write_text(json.dumps(payload), encoding="utf-8")
    script = (
        "import('" + (ROOT / "static/js/canonical.js").as_uri() + "').then(async (m) => {"
        "const p = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'));"
        "process.stdout.write((await m.withHash(p)).sha256);});"
    )
    out = subprocess.run(
        [node, "-e", script, str(data)], capture_output=True, text=True, check=True, timeout=60
    )
    return out.stdout


def test_a_record_hashed_by_the_browser_is_applied_and_sealed_as_rfc_8785_writes_it(
    client, db, people, site_with_permit, device_headers, tmp_path
):
    photo = jpeg()
    pid = uid()
    payload = inspection_payload(
        site_with_permit,
        photos=[(pid, sha(photo))],
        notes="Silt fence ½ down at the café — “east” edge 🌧️ \t tab",
        weather="Rain 0.3 in",
    )
    payload["photos"][0].update(
        latitude=43.59813, longitude=-88.78412, taken_at="2026-11-30T15:10:00Z"
    )
    payload["photos"][0]["marks"] = [
        {"kind": "arrow", "from": [0.1, 0.2], "to": [0.30000000000000004, 1e-7]},
        {"kind": "circle", "center": [0.5, 0.5], "r": 0.125},
        {"kind": "label", "at": [0.05, 0.9], "text": "Torn fence ✓ \ufb33 \U0001f600"},
    ]
    inputs = {"volume_cu_yd": 12.5, "distance_ft": 20, "in_street": False, "barrier": True}
    answer = payload["answers"][0]
    answer["calculator"] = {
        "name": "stockpile",
        "inputs": inputs,
        "result": calculators.run("stockpile", inputs),
    }
    answer["measurements"] = {}
    payload.pop("sha256")
    payload["sha256"] = browser_hash(payload, tmp_path)

    inspection_id = uid()
    body = {"device_id": uid(), "mutations": [mutation("inspection", inspection_id, payload)]}
    response = client.post(
        "/api/v1/sync/push", json=body, headers=device_headers(people["inspector"])
    )
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["results"][0]["status"] == "applied", response.get_json()

    latest = seals.latest_seal(db, "inspection", inspection_id)
    record = sealed_records.load(db, "inspection", [inspection_id], latest.format)[inspection_id]
    assert record["photos"][0]["marks"][2]["text"].endswith("\U0001f600")
    whole = {"kind": "inspection", "format": latest.format, "record": record}
    assert latest.record_hash == hashlib.sha256(jcs(whole).encode("utf-8")).hexdigest()
    assert seals.verify(db).problems == []
