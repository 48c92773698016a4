"""The printed report's words: measurements with labels and units, and each kind of
saved calculation as one sentence with its numbers, threshold, verdict and citation."""

from __future__ import annotations

import re

import pytest

from inspector.rules import calculator_sentences as cs
from inspector.rules import calculators as calc
from inspector.rules import checklist
from inspector.rules.rulebook import default

RB = default()
RAW = re.compile(r"[a-z]+_[a-z_]+|\{'|=")


def saved(name: str, inputs: dict) -> dict:
    return {"name": name, "item": "X", "inputs": inputs, "result": calc.run(name, inputs, RB)}


def test_a_measurement_compared_with_another_reads_as_x_of_y():
    item = RB.checklist_item("INLET")
    lines = checklist.measurement_lines(item, {"sediment_depth_in": 9.0, "device_height_in": 12})
    assert lines == ["Sediment depth in the device: 9 in of 12 in"]


def test_measurements_alone_keep_label_and_unit_and_unknown_keys_are_left_out():
    item = RB.checklist_item("STOCKPILE")
    lines = checklist.measurement_lines(item, {"volume_cu_yd": 40, "distance_ft": 10, "x_y": 3})
    assert lines == [
        "Pile volume: 40 cu yd",
        "Down-slope drainage length to road or channel: 10 ft",
    ]
    inlet = RB.checklist_item("INLET")
    assert checklist.measurement_lines(inlet, {"device_height_in": 12}) == ["Device depth: 12 in"]


def test_dewatering_sentence_gives_rate_areas_share_and_citation():
    text = cs.sentence(
        saved(
            "dewatering",
            {"pumping_rate_gpm": 100, "device": "vertical_tank", "diameter": 4.5},
        ),
        RB,
    )
    assert text.startswith("Dewatering device (§ 256-7B(1)): ")
    assert "100 gpm" in text and "9.60 sq ft" in text and "15.9 sq ft" in text
    assert "166% of the minimum" in text and text.endswith("meets the ordinance.")


def test_basin_sentence_names_share_depth_and_particle_size():
    text = cs.sentence(
        saved(
            "basin",
            {
                "drainage_area_acres": 5,
                "basin_area_sq_ft": 3000,
                "basin_depth_ft": 2,
                "runoff_coefficient": 0.5,
            },
        ),
        RB,
    )
    assert "§ 256-7B(5)(c)[2]" in text and "1.38% of the 5 acres" in text
    assert "2 ft deep (at least 3 ft)" in text and "15 µm required" in text
    assert text.endswith("does not meet the ordinance.")


def test_diversion_sentence_gives_area_velocity_and_limit():
    text = cs.sentence(
        saved(
            "diversion",
            {
                "upslope_area_sq_ft": 20000,
                "flow_length_ft": 80,
                "slope_percent": 6,
                "runoff_coefficient": 0.5,
                "surface": "bare_soil",
                "diverted": True,
            },
        ),
        RB,
    )
    assert "§ 256-7B(5)(a)" in text and "20,000 sq ft" in text and "more than 10,000 sq ft" in text
    assert re.search(r"reaches [0-9.]+ ft/s", text) and "less than 0.5 ft/s" in text
    assert "a diversion is required and is in place: meets the ordinance." in text


@pytest.mark.parametrize(
    ("inputs", "words"),
    [
        ({"volume_cu_yd": 40, "distance_ft": 10}, "drainage length of 10 ft"),
        ({"volume_cu_yd": 4, "in_street": True, "barrier": True}, "is protected by a barrier"),
    ],
)
def test_stockpile_sentence(inputs, words):
    text = cs.sentence(saved("stockpile", inputs), RB)
    assert words in text and "cu yd" in text and "§ 256-7B(5)" in text


def test_a_result_of_another_shape_is_worked_out_again_from_its_inputs():
    inputs = {"volume_cu_yd": 40, "distance_ft": 10}
    good = cs.sentence(saved("stockpile", inputs), RB)
    assert cs.sentence({"name": "stockpile", "inputs": inputs, "result": {"passes": 1}}, RB) == good


def test_an_unreadable_calculation_says_so_without_raw_data():
    text = cs.sentence({"name": "basin", "inputs": {"bogus": 1}, "result": {"a_b": 2}}, RB)
    assert text == (
        "A sedimentation basin calculation was saved with this answer, but its figures cannot be read."
    )
    assert "know" in cs.sentence({"name": "made_up"}, RB)
    for name, inputs in [("stockpile", {"volume_cu_yd": 40, "distance_ft": 10})]:
        assert not RAW.search(cs.sentence(saved(name, inputs), RB))
