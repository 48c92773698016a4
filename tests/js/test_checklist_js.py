"""The browser's checklist rules (static/js/checklist.js) and canonical hash (static/js/canonical.js)
give the same answers as the server's (inspector/rules/checklist.py; docs/decisions/calculator-twin.md) on shared cases."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from inspector.canonical import canonical_json
from inspector.rules import checklist
from inspector.rules.rulebook import default

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") or "/usr/bin/node"
RB = default()
ITEMS = RB["checklist.items"]

CASES = [
    # § 256-7B(5)(d): "over 10 cubic yards" and "within 15 feet": both must hold.
    ("STOCKPILE", {"volume_cu_yd": "12", "distance_ft": "14.9"}),
    ("STOCKPILE", {"volume_cu_yd": "10", "distance_ft": "3"}),  # exactly 10 is not over 10
    ("STOCKPILE", {"volume_cu_yd": "10.01", "distance_ft": "15"}),  # 15 ft is not less than 15
    ("STOCKPILE", {"volume_cu_yd": "400", "distance_ft": "0"}),
    ("STOCKPILE", {"volume_cu_yd": "400"}),  # missing value: no verdict
    ("STOCKPILE", {"volume_cu_yd": "", "distance_ft": ""}),
    ("STOCKPILE", {"volume_cu_yd": "-1", "distance_ft": "4"}),  # below the catalog's min
    ("STOCKPILE", {"volume_cu_yd": "12 yd", "distance_ft": "4"}),  # text in a number
    ("STOCKPILE", {"volume_cu_yd": "100001", "distance_ft": "4"}),  # above max
    ("STOCKPILE", {"volume_cu_yd": "nan", "distance_ft": "4"}),
    ("STOCKPILE", {"volume_cu_yd": "inf", "distance_ft": "4"}),
    ("STOCKPILE", {"height_ft": "4"}),  # not a measurement of this item
    ("STOCKPILE", {"volume_cu_yd": 11.5, "distance_ft": 2}),  # numbers, not text
    ("STOCKPILE", {"volume_cu_yd": " 12 ", "distance_ft": "1e1"}),
    # § 256-7B(4): sediment at a third of the device's depth (factor × other field).
    ("INLET", {"sediment_depth_in": "4", "device_height_in": "12"}),
    ("INLET", {"sediment_depth_in": "3.9", "device_height_in": "12"}),
    ("INLET", {"sediment_depth_in": "3.9996", "device_height_in": "12"}),
    ("INLET", {"sediment_depth_in": "5", "device_height_in": "0"}),  # device depth min is 1
    ("INLET", {"sediment_depth_in": "5"}),
    # § 256-7B(5)(c)[1]: half the fence height.
    ("PERIMETER", {"sediment_depth_in": "12", "fence_height_in": "24"}),
    ("PERIMETER", {"sediment_depth_in": "11.99", "fence_height_in": "24"}),
    # § 256-7B(5)(c)[2]: less than three feet of depth.
    ("BASIN", {"depth_ft": "2.99"}),
    ("BASIN", {"depth_ft": "3"}),
    ("PLAN", {}),  # no measurements at all
]

RECORDS = [
    {
        "site_id": 7,
        "kind": "weekly",
        "sha256": "ignored",
        "answers": [{"item_code": "INLET", "measurements": {"b": 2.5, "a": 1}}],
    },
    {
        "z": None,
        "a": True,
        "m": [3, 0.1, -2, 1e21, 123456789012],
        "nested": {"y": {"b": [], "a": {}}},
    },
    {
        "notes": "Silt fence 'B' — undercut near the café; 50 % full ✓",
        "tab\tnewline\n": 'quote " backslash \\',
    },
    {"control": "\u0001\u001f", "emoji": "🌧️ rain"},
    {"\ufb33": 1, "\U0001f600": 2, "v": [1e-7, 2**53 - 1, 0.30000000000000004]},
]

SITES = [
    {"tags": ["always", "regime:perimeter", "stockpiles"]},
    {"tags": ["always", "regime:basin", "dewatering", "street_or_pipe"]},
    {"checklist_codes": ["PLAN", "INLET"], "tags": ["always"]},
]


def python_outcome(code: str, raw: dict) -> dict:
    item = next(i for i in ITEMS if i["code"] == code)
    try:
        values = checklist.parse_measurements(item, raw)
    except checklist.MeasurementError as error:
        return {"error": {"key": error.key, "message": error.message}}
    return {"values": values, "fails": checklist.measurement_fails(item, values)}


@pytest.fixture(scope="module")
def browser_side(tmp_path_factory):
    path = tmp_path_factory.mktemp("cases") / "cases.json"
    # Records go through JSON, as a pushed payload does: the server hashes what JSON gave it.
    path.write_text(
        json.dumps(
            {
                "items": ITEMS,
                "cases": [{"code": c, "raw": r} for c, r in CASES],
                "records": RECORDS,
                "sites": SITES,
            }
        ),
        encoding="utf-8",
    )
    out = subprocess.run(
        [NODE, str(ROOT / "tests/js/checklist_cases.mjs"), str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{c}-{i}" for i, (c, _r) in enumerate(CASES)]
)
def test_measurements_agree(browser_side, index):
    code, raw = CASES[index]
    py = python_outcome(code, raw)
    js = browser_side["measured"][index]
    assert js == json.loads(json.dumps(py)), (code, raw)


def test_the_cases_cover_failures_passes_missing_values_and_errors(browser_side):
    kinds = {("error" if "error" in r else str(r["fails"])) for r in browser_side["measured"]}
    assert kinds == {"error", "True", "False", "None"}


def test_a_stockpile_over_10_cubic_yards_within_15_feet_fails_in_the_browser(browser_side):
    assert browser_side["measured"][0]["fails"] is True
    assert browser_side["measured"][1]["fails"] is False  # "over 10": exactly 10 passes
    assert browser_side["measured"][2]["fails"] is False


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_canonical_json_and_hash_agree(browser_side, index):
    record = json.loads(json.dumps(RECORDS[index]))
    text = canonical_json(record)
    assert browser_side["hashed"][index]["json"] == text
    assert (
        browser_side["hashed"][index]["sha256"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
    )


def test_items_chosen_for_a_site_agree(browser_side):
    for site, chosen in zip(SITES, browser_side["chosen"], strict=True):
        if "checklist_codes" in site:
            assert chosen == site["checklist_codes"]
        else:
            assert chosen == [i["code"] for i in checklist.items_for(set(site["tags"]), RB)]
