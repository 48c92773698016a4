"""Design calculators: the ordinance's examples, hand-computed values, boundaries, bad
input, properties, and the browser's JavaScript twin giving the same answers as the server."""

from __future__ import annotations

import ast
import copy
import json
import math
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from inspector.rules import calculators as calc
from inspector.rules.calculators import CalculatorInputError
from inspector.rules.rulebook import Rulebook, default

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "tests/vectors/calculators.json").read_text(encoding="utf-8"))[
    "vectors"
]
RUNNER = ROOT / "tests/js/calculators_vectors.mjs"
NODE = shutil.which("node") or "/usr/bin/node"
RB = default()
SEC = RB["calculators"]


def revive(value):
    """JSON has no NaN: vectors write {"$float": "nan"}; the node runner does the same."""
    if isinstance(value, dict):
        if "$float" in value:
            return float(value["$float"])
        return {k: revive(v) for k, v in value.items()}
    return value


def outcome(vector: dict, rb=RB) -> dict:
    try:
        return {
            "id": vector["id"],
            "result": calc.run(vector["calculator"], revive(vector["inputs"]), rb),
        }
    except CalculatorInputError as error:
        return {"id": vector["id"], "error": error.to_dict()}


def with_rules(change) -> Rulebook:
    """A rulebook copy with one edit, to show the numbers come from the rulebook, not the code."""
    data = copy.deepcopy(RB.data)
    change(data["calculators"])
    return Rulebook(data=data, path="edited-in-test")


def near(actual, spec: dict) -> bool:
    if "abs" in spec:
        return abs(actual - spec["approx"]) <= spec["abs"]
    return math.isclose(actual, spec["approx"], rel_tol=spec["rel"])


# ---------------------------------------------------------------- shared vectors, Python side
@pytest.mark.parametrize("vector", [v for v in VECTORS if "expect" in v], ids=lambda v: v["id"])
def test_vector_result(vector):
    result = outcome(vector)["result"]
    expect = vector["expect"]
    if "passes" in expect:
        assert result["passes"] is expect["passes"], result["summary"]
    if "checks" in expect:
        assert [c["passes"] for c in result["checks"]] == expect["checks"]
    if "diversion_required" in expect:
        assert result["diversion_required"] is expect["diversion_required"]
    if "citation" in expect:
        assert result["citation"] == expect["citation"]
    for key, value in expect.get("inputs", {}).items():
        assert result["inputs"][key] == value
    for key, spec in expect.get("figures", {}).items():
        assert near(result["figures"][key]["value"], spec), (key, result["figures"][key])
    for index, row in expect.get("storms", {}).items():
        for key, spec in row.items():
            actual = result["storms"][int(index)][key]
            assert actual is spec if isinstance(spec, bool) else near(actual, spec), (
                index,
                key,
                actual,
            )
    for text in expect.get("summary_contains", []):
        assert text in result["summary"]
    for text in expect.get("notes_contain", []):
        assert any(text in note for note in result["notes"]), (text, result["notes"])


@pytest.mark.parametrize("vector", [v for v in VECTORS if "error" in v], ids=lambda v: v["id"])
def test_bad_input_names_the_field_and_unit(vector):
    with pytest.raises(CalculatorInputError) as info:
        calc.run(vector["calculator"], revive(vector["inputs"]), RB)
    assert isinstance(info.value, ValueError)
    assert info.value.field == vector["error"]["field"]
    assert vector["error"]["message_contains"] in str(info.value)


@pytest.mark.parametrize("raw", [math.inf, -math.inf, 10**400, [5], {"gpm": 5}])
def test_python_only_bad_numbers_are_refused(raw):
    # Values JSON cannot carry to the browser, but a Python caller could pass.
    with pytest.raises(CalculatorInputError) as info:
        calc.dewatering({"pumping_rate_gpm": raw, "device": "vertical_tank", "diameter": 4}, RB)
    assert info.value.field == "pumping_rate_gpm"


def test_every_result_is_plain_json_and_cites_its_section():
    for vector in VECTORS:
        got = outcome(vector)
        if "result" not in got:
            continue
        result = got["result"]
        json.dumps(result, allow_nan=False)
        assert result["citation"].startswith("§ 256-7B")
        assert result["words"] and result["method"] and result["assumptions"]
        assert all(c["citation"].startswith("§ 256-7B") for c in result["checks"])
        assert all("unit" in f and "label" in f for f in result["figures"].values())


# ---------------------------------------------------------------- the ordinance's own examples
def test_ordinance_examples_pass_at_the_examples_temperature_and_show_their_margin():
    pipe, tank, basin = calc.ordinance_examples(RB)
    assert [pipe["passes"], tank["passes"], basin["passes"]] == [True, True, True]
    # By hand at 10 °C (0.098722 sq ft per gpm): 8-in pipe pi (8/12)² / 4 = 0.34907 sq ft for 1 gpm
    # = 3.536x; 4.5-ft tank 15.904 sq ft for 100 gpm = 1.611x; 35-ft basin 962.11 for 10,000 = 0.9746.
    assert pipe["percent_of_minimum_at_default"] == pytest.approx(353.6, rel=1e-3)
    assert tank["percent_of_minimum_at_default"] == pytest.approx(161.1, rel=1e-3)
    assert basin["percent_of_minimum_at_default"] == pytest.approx(97.46, rel=1e-3)
    assert basin["passes_at_default"] is False
    assert pipe["passes_at_default"] and tank["passes_at_default"]
    # At 11 °C the basin needs 10,000 x 0.095992 = 959.9 sq ft: 962.11 / 959.9 = 100.2%.
    assert basin["percent_of_minimum"] == pytest.approx(100.23, rel=1e-3)
    assert "97%" in basin["note"]


def test_examples_temperature_is_the_coldest_whole_degree_at_which_all_three_hold():
    rows = calc.ordinance_examples(RB)
    coldest = max(row["coldest_water_c"] for row in rows)
    assert 10 < coldest < 11  # the domain notes: "exactly the requirement for water at about 11 °C"
    assert SEC["dewatering"]["examples_water_temp_c"] == math.ceil(coldest)
    assert SEC["default_water_temp_c"] < SEC["dewatering"]["examples_water_temp_c"]


def test_ordinance_examples_meet_the_standard_with_no_temperature_entered():
    """§ 256-7B(1)(a) calls its three devices adequate: at its design basis the calculator agrees, and shows
    Stokes' law in 10 °C water only as information. The same basin 2.5 ft deep fails on depth."""
    for example in SEC["dewatering"]["examples"]:
        inputs = {
            "pumping_rate_gpm": example["gpm"],
            "device": example["device"],
            "diameter": example["diameter_ft"],
        }
        if "depth_ft" in example:
            inputs["depth_ft"] = example["depth_ft"]
        result = calc.dewatering(inputs, RB)
        assert result["passes"] is True, result["summary"]
        assert result["inputs"]["water_temp_c"] == SEC["dewatering"]["examples_water_temp_c"]
        assert any(SEC["dewatering"]["basis_note"] in note for note in result["notes"])
    basin = calc.dewatering(
        {"pumping_rate_gpm": 10000, "device": "basin", "diameter": 35, "depth_ft": 3}, RB
    )
    assert basin["figures"]["percent_of_minimum_cold"]["value"] == pytest.approx(97.46, rel=1e-3)
    assert any(
        "For information (Stokes' law): in 10 °C water" in n and "97%" in n for n in basin["notes"]
    )
    shallow = calc.dewatering(
        {"pumping_rate_gpm": 10000, "device": "basin", "diameter": 35, "depth_ft": 2.5}, RB
    )
    assert shallow["passes"] is False and [c["passes"] for c in shallow["checks"]] == [True, False]
    assert "less than 3 feet" in shallow["summary"]


def test_35_ft_basin_in_measured_10_degree_water_tells_the_user_why_it_fails():
    result = calc.dewatering(
        {
            "pumping_rate_gpm": 10000,
            "device": "basin",
            "diameter": 35,
            "depth_ft": 3,
            "water_temp_c": 10,
        },
        RB,
    )
    assert result["passes"] is False
    assert any("10.9 °C or warmer" in note for note in result["notes"])


# ---------------------------------------------------------------- properties
RATES = st.floats(min_value=0.01, max_value=20000, allow_nan=False)
TEMPS = st.floats(min_value=0, max_value=40, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(gpm=RATES, factor=st.floats(min_value=1.001, max_value=50), temp=TEMPS)
def test_required_area_grows_with_pumping_rate(gpm, factor, temp):
    more = min(gpm * factor, 20000.0)
    if more <= gpm:
        return
    area = [
        calc.dewatering(
            {
                "pumping_rate_gpm": q,
                "device": "vertical_tank",
                "diameter": 10,
                "water_temp_c": temp,
            },
            RB,
        )["figures"]["required_area_sq_ft"]["value"]
        for q in (gpm, more)
    ]
    assert area[1] > area[0]


@settings(max_examples=60, deadline=None)
@given(
    gpm=RATES,
    small=st.floats(min_value=1, max_value=500),
    grow=st.floats(min_value=1.001, max_value=10),
    temp=TEMPS,
)
def test_required_area_shrinks_as_particle_size_grows(gpm, small, grow, temp):
    assert calc.required_area_sq_ft(gpm, small * grow, temp, SEC) < calc.required_area_sq_ft(
        gpm, small, temp, SEC
    )


@settings(max_examples=40, deadline=None)
@given(gpm=RATES, cold=TEMPS, warmer=st.floats(min_value=0.01, max_value=40))
def test_warmer_water_never_needs_more_area(gpm, cold, warmer):
    warm = min(cold + warmer, 40.0)
    assert calc.required_area_sq_ft(gpm, 100, warm, SEC) <= calc.required_area_sq_ft(
        gpm, 100, cold, SEC
    )


@settings(max_examples=40, deadline=None)
@given(gpm=RATES, temp=TEMPS)
def test_a_tank_of_the_minimum_diameter_just_passes_and_a_smaller_one_fails(gpm, temp):
    first = calc.dewatering(
        {"pumping_rate_gpm": gpm, "device": "vertical_tank", "diameter": 1, "water_temp_c": temp},
        RB,
    )
    minimum = first["figures"]["min_diameter_ft"]["value"]
    at_min = calc.dewatering(
        {
            "pumping_rate_gpm": gpm,
            "device": "vertical_tank",
            "diameter": minimum * 1.000001,
            "water_temp_c": temp,
        },
        RB,
    )
    below = calc.dewatering(
        {
            "pumping_rate_gpm": gpm,
            "device": "vertical_tank",
            "diameter": minimum * 0.999,
            "water_temp_c": temp,
        },
        RB,
    )
    assert at_min["passes"] and not below["passes"]
    # Sized exactly for 100 µm, it captures particles of 100 µm and no smaller.
    assert at_min["figures"]["smallest_particle_um"]["value"] == pytest.approx(100, rel=1e-5)


@settings(max_examples=30, deadline=None)
@given(gpm=st.floats(min_value=1, max_value=20000), share=st.floats(min_value=0.75, max_value=1.3))
def test_the_coldest_water_reported_is_where_the_device_is_exactly_at_the_line(gpm, share):
    need = calc.required_area_sq_ft(gpm, 100, 10, SEC)
    diameter = math.sqrt(4 * need * share / math.pi)
    result = calc.dewatering(
        {"pumping_rate_gpm": gpm, "device": "vertical_tank", "diameter": diameter}, RB
    )
    coldest = result["figures"]["coldest_water_c"]["value"]
    if coldest is None or coldest == 0:
        return
    at = calc.dewatering(
        {
            "pumping_rate_gpm": gpm,
            "device": "vertical_tank",
            "diameter": diameter,
            "water_temp_c": coldest,
        },
        RB,
    )
    assert at["figures"]["percent_of_minimum"]["value"] == pytest.approx(100, rel=1e-9)
    basis = SEC["dewatering"][
        "examples_water_temp_c"
    ]  # the temperature judged when none is entered
    if abs(coldest - basis) > 1e-6:  # right at the line the verdict rests on rounding
        assert result["passes"] is (coldest < basis)


@settings(max_examples=80, deadline=None)
@given(
    volume=st.floats(min_value=0.01, max_value=1000), distance=st.floats(min_value=0, max_value=100)
)
def test_stockpile_fails_only_when_over_10_cubic_yards_and_under_15_feet(volume, distance):
    result = calc.stockpile({"volume_cu_yd": volume, "distance_ft": distance}, RB)
    assert result["passes"] is not (volume > 10 and distance < 15)


@settings(max_examples=40, deadline=None)
@given(
    slope=st.floats(min_value=0.1, max_value=50),
    steeper=st.floats(min_value=1.01, max_value=2),
    c=st.floats(min_value=0.05, max_value=1),
)
def test_sheetflow_runs_faster_on_steeper_slopes_and_slower_on_rougher_surfaces(slope, steeper, c):
    def fastest(surface, s):
        return calc.diversion(
            {
                "upslope_area_sq_ft": 20000,
                "flow_length_ft": 80,
                "slope_percent": s,
                "surface": surface,
                "runoff_coefficient": c,
            },
            RB,
        )["figures"]["max_velocity_ft_s"]["value"]

    assert fastest("bare_soil", min(slope * steeper, 100)) > fastest("bare_soil", slope)
    assert (
        fastest("dense_grass", slope) < fastest("short_grass", slope) < fastest("bare_soil", slope)
    )


@settings(max_examples=40, deadline=None)
@given(
    acres=st.floats(min_value=0.5, max_value=200),
    share=st.floats(min_value=0.002, max_value=0.2),
    c=st.floats(min_value=0.05, max_value=1),
    bigger=st.floats(min_value=1.01, max_value=5),
)
def test_a_bigger_basin_never_turns_a_pass_into_a_failure(acres, share, c, bigger):
    def passes(area):
        return calc.basin(
            {
                "drainage_area_acres": acres,
                "basin_area_sq_ft": area,
                "basin_depth_ft": 3,
                "runoff_coefficient": c,
            },
            RB,
        )["passes"]

    area = acres * 43560 * share
    largest = next(
        f["max"] for f in calc.describe(RB)["basin"]["fields"] if f["name"] == "basin_area_sq_ft"
    )
    assume(
        area * bigger <= largest
    )  # beyond it the calculator refuses the input (tested elsewhere)
    assert not (passes(area) and not passes(area * bigger))


# ---------------------------------------------------------------- the rulebook, not the code, holds the law
def test_thresholds_come_from_the_rulebook():
    pile = {"volume_cu_yd": 12, "distance_ft": 16}
    assert calc.stockpile(pile, RB)["passes"]
    assert not calc.stockpile(pile, with_rules(lambda s: s["stockpile"].update(setback_ft=20)))[
        "passes"
    ]
    sheet = {
        "upslope_area_sq_ft": 12000,
        "flow_length_ft": 100,
        "slope_percent": 5,
        "surface": "bare_soil",
        "runoff_coefficient": 0.3,
    }
    assert calc.diversion(sheet, RB)["diversion_required"]
    assert not calc.diversion(sheet, with_rules(lambda s: s["diversion"].update(area_sq_ft=20000)))[
        "diversion_required"
    ]
    tank = {"pumping_rate_gpm": 100, "device": "vertical_tank", "diameter": 4.5}
    coarser = calc.dewatering(tank, with_rules(lambda s: s["dewatering"].update(particle_um=200)))
    assert coarser["figures"]["required_area_sq_ft"]["value"] == pytest.approx(
        calc.dewatering(tank, RB)["figures"]["required_area_sq_ft"]["value"] / 4, rel=1e-12
    )


def test_describe_gives_every_form_field_a_label_unit_and_limits():
    described = calc.describe(RB)
    assert set(described) == set(calc.CALCULATORS)
    for spec in described.values():
        assert spec["citation"].startswith("§ 256-7B") and spec["words"]
        for field in spec["fields"]:
            assert field["label"] and "unit" in field
            if field["kind"] == "number":
                assert field["min"] < field["max"]
    dewatering = {f["name"]: f for f in described["dewatering"]["fields"]}
    assert dewatering["pumping_rate_gpm"]["unit"] == "gpm"
    assert dewatering["pumping_rate_gpm"]["max"] == SEC["dewatering"]["max_gpm"]
    assert dewatering["water_temp_c"]["default"] == SEC["dewatering"]["examples_water_temp_c"]
    surfaces = {f["name"]: f for f in described["diversion"]["fields"]}["surface"]["choices"]
    assert [c["value"] for c in surfaces] == [s["key"] for s in SEC["diversion"]["surfaces"]]


def test_calculators_module_imports_only_the_standard_library_and_rules():
    # The rules layer stays pure (no Flask, no database), so it runs anywhere, like its JS twin.
    tree = ast.parse(Path(calc.__file__).read_text(encoding="utf-8"))
    modules = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    modules |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert modules, "the check must see the module's imports"
    for module in modules:
        top = module.split(".")[0]
        assert top in sys.stdlib_module_names or module.startswith("inspector.rules"), module


# ---------------------------------------------------------------- the JavaScript twin
def run_node(tmp_path: Path, vectors: list[dict]) -> dict:
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps(calc.browser_rules(RB)), encoding="utf-8")
    vectors_path = tmp_path / "vectors.json"
    vectors_path.write_text(json.dumps({"vectors": vectors}), encoding="utf-8")
    out = subprocess.run(
        [
            NODE,
            "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
            str(RUNNER),
            str(rules),
            str(vectors_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def assert_same(py, js, path="$"):
    """Same shape, same key order, same words; numbers within 1e-9 relative."""
    if isinstance(py, dict):
        assert isinstance(js, dict), path
        assert list(py) == list(js), f"{path}: keys {list(py)} != {list(js)}"
        for key in py:
            assert_same(py[key], js[key], f"{path}.{key}")
    elif isinstance(py, list):
        assert isinstance(js, list) and len(py) == len(js), path
        for i, (a, b) in enumerate(zip(py, js, strict=True)):
            assert_same(a, b, f"{path}[{i}]")
    elif isinstance(py, (int, float)) and not isinstance(py, bool):
        assert isinstance(js, (int, float)) and not isinstance(js, bool), (
            f"{path}: {py!r} != {js!r}"
        )
        assert math.isclose(py, js, rel_tol=1e-9, abs_tol=1e-300), f"{path}: {py!r} != {js!r}"
    else:
        assert py == js, f"{path}: {py!r} != {js!r}"


def random_vectors(count: int, seed: int) -> list[dict]:
    """Valid and broken inputs across every calculator, to compare the twins beyond the hand vectors."""
    r = random.Random(seed)

    def number(low, high):
        value = round(r.uniform(low, high), r.choice([0, 1, 2, 3, 6]))
        return str(value) if r.random() < 0.3 else value

    vectors = []
    for i in range(count):
        name = r.choice(list(calc.CALCULATORS))
        if name == "dewatering":
            device = r.choice(["vertical_tank", "inclined_pipe", "basin"])
            inputs = {
                "pumping_rate_gpm": number(0.1, 20000),
                "device": device,
                "diameter": number(0.2, 80),
                "diameter_unit": r.choice(["ft", "in"]),
                "water_temp_c": number(0, 40),
            }
            if device == "inclined_pipe" and r.random() < 0.7:
                inputs.update(pipe_length_ft=number(0.5, 100), angle_deg=number(0, 90))
            if device == "basin":
                inputs["depth_ft"] = number(1, 8)
                if r.random() < 0.4:
                    del inputs["diameter"]
                    inputs.update(basin_length_ft=number(2, 200), basin_width_ft=number(2, 200))
        elif name == "basin":
            inputs = {
                "drainage_area_acres": number(0.5, 300),
                "basin_area_sq_ft": number(100, 200000),
                "basin_depth_ft": number(1, 10),
                "runoff_coefficient": number(0.05, 1),
                "water_temp_c": number(0, 40),
                "credit_pool_storage": r.choice([True, False, "on", ""]),
            }
        elif name == "diversion":
            inputs = {
                "upslope_area_sq_ft": number(1000, 200000),
                "flow_length_ft": number(5, 600),
                "slope_percent": number(0.1, 40),
                "runoff_coefficient": number(0.05, 1),
                "surface": r.choice([s["key"] for s in SEC["diversion"]["surfaces"]]),
                "diverted": r.choice([True, False]),
            }
        else:
            inputs = {
                "volume_cu_yd": number(0.5, 60),
                "distance_ft": number(0, 40),
                "in_street": r.choice([True, False, "on", "off"]),
                "barrier": r.choice([True, False]),
            }
        if r.random() < 0.2:
            inputs[r.choice(list(inputs))] = r.choice([-1, 0, "x", "", 1e12, True, None, " 7 "])
        vectors.append({"id": f"random-{i}", "calculator": name, "inputs": inputs})
    return vectors


def test_javascript_twin_matches_python_on_every_vector(tmp_path):
    vectors = VECTORS + random_vectors(400, seed=7)
    node = run_node(tmp_path, vectors)
    assert len(node["results"]) == len(vectors)
    for vector, js in zip(vectors, node["results"], strict=True):
        assert_same(outcome(vector), js, vector["id"])
    assert_same(calc.ordinance_examples(RB), node["examples"], "examples")


def test_javascript_twin_catches_a_changed_figure(tmp_path):
    # Guard for the comparison itself: a rulebook edit seen only by Python must show up as a mismatch.
    vector = next(v for v in VECTORS if v["id"] == "dewatering-tank-100gpm-default-10C")
    js = run_node(tmp_path, [vector])["results"][0]
    edited = with_rules(lambda s: s.update(particle_specific_gravity=2.7))
    with pytest.raises(AssertionError):
        assert_same(outcome(vector, edited), js)


def number_texts(count: int, seed: int) -> list[str]:
    """Short texts of the characters a number is written with, and a few others, in any order."""
    draw = random.Random(seed)
    return [
        "".join(draw.choice("0129.+-eE x") for _ in range(draw.randint(0, 9))) for _ in range(count)
    ]


def test_a_number_typed_as_text_is_read_as_before_and_alike_on_both_sides(tmp_path):
    """The one pattern that reads a typed number (NUMBER_TEXT) takes the same texts as the one it
    replaced, which split a run of digits every way before refusing it, and the browser's twin
    takes and refuses the same texts as the server."""
    before = re.compile(r"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$")
    texts = number_texts(3000, seed=256) + [
        "1.",
        ".5",
        "1.e5",
        "-.5e-3",
        "1..2",
        ".",
        "e5",
        "1" * 5000,
    ]
    for text in texts:
        assert bool(calc.NUMBER_TEXT.match(text)) == bool(before.match(text)), text
    vectors = [
        {
            "id": f"text-{i}",
            "calculator": "stockpile",
            "inputs": {"volume_cu_yd": text, "distance_ft": 20},
        }
        for i, text in enumerate(texts[:400] + ["1" * 300 + "x"])
    ]
    node = run_node(tmp_path, vectors)
    for vector, js in zip(vectors, node["results"], strict=True):
        assert_same(outcome(vector), js, vector["id"])
