"""Canonical JSON of a pushed inspection (25 answers, a signature, photo marks), without and with
a calculator's figures (whole numbers as floats, 20.0, which the C encoder writes its own way):
inspector.canonical (the C json encoder when its text is RFC 8785's, else `rfc8785`) against
`rfc8785` alone, same run, interleaved. A push hashes each record twice (the device's hash and its
seal). Last line: one JSON object."""

from __future__ import annotations

import json
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector.canonical import canonical_json, jcs  # noqa: E402
from inspector.rules import calculators  # noqa: E402
from tests.sync.helpers import inspection_payload  # noqa: E402

ROUNDS, CALLS = 7, 200


def payload(calculator: bool) -> dict:
    site = types.SimpleNamespace(id=1)
    photos = [(f"photo-{i}", "ab" * 32) for i in range(3)]
    p = inspection_payload(site, codes=[f"ITEM-{i}" for i in range(25)], photos=photos)
    p["notes"] = "Silt fence ½ down at the café — “east” edge"
    p["photos"][0]["marks"] = [
        {"kind": "arrow", "from": [0.1, 0.2], "to": [0.45, 0.5]},
        {"kind": "label", "at": [0.05, 0.9], "text": "Torn silt fence"},
    ]
    if calculator:
        inputs = {"volume_cu_yd": 12.5, "distance_ft": 20, "in_street": False, "barrier": True}
        p["answers"][3]["calculator"] = {
            "name": "stockpile",
            "inputs": inputs,
            "result": calculators.run("stockpile", inputs),
        }
    return json.loads(json.dumps(p))  # as the server parses it


def per_call_us(fn, record) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        fn(record)
    return (time.perf_counter() - start) / CALLS * 1e6


def main() -> None:
    figures, ratios = {}, {}
    for name, record in (("plain", payload(False)), ("calculator", payload(True))):
        rest = {k: v for k, v in record.items() if k != "sha256"}
        assert canonical_json(record) == jcs(rest)
        ours, alone = [], []
        for _ in range(ROUNDS):
            ours.append(per_call_us(canonical_json, record))
            alone.append(per_call_us(jcs, rest))
        figures[f"{name}_record_chars"] = len(canonical_json(record))
        figures[f"{name}_canonical_us"] = min(ours)
        figures[f"{name}_rfc8785_alone_us"] = min(alone)
        ratios[f"{name}_rfc8785_alone_over_canonical"] = min(alone) / min(ours)
    print(json.dumps({"bench": "canonical", "figures": figures, "ratios": ratios, "targets": {}}))


if __name__ == "__main__":
    main()
