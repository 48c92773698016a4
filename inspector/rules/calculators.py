"""Design calculators for Chapter 256's numbers.

Pure functions: an inputs dict and the rulebook in, a JSON-able result dict out; no Flask, no
database. Every ordinance number comes from the rulebook's [calculators] section.
static/js/calculators.js is a line-by-line twin for the browser (offline use);
tests/rules/test_calculators.py runs both on the same vectors and compares every figure and word,
so change the two together.

Result shape (every calculator):
    {"calculator", "title", "passes", "summary", "citation", "words", "inputs",
     "figures": {key: {"label", "value", "unit"}}, "checks": [{"name", "passes", "citation", "detail"}],
     "method", "assumptions": [...], "notes": [...]}
basin and diversion add "storms": one row per one-year design storm.
"""

from __future__ import annotations

import math
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

# Unit definitions (exact), not ordinance numbers.
FT_PER_M = 0.3048
SQ_FT_PER_ACRE = 43560.0
IN_PER_FT = 12.0
S_PER_H = 3600.0
KELVIN = 273.15
UM_PER_M = 1e6

# Sanity limits of the inputs ("a 10-mile pipe"): what a construction site can have, not law.
# The ordinance's own limits (max_gpm, water temperatures) come from the rulebook in _fields().
LIMITS = {
    "diameter_ft": 500.0,
    "pipe_length_ft": 100.0,
    "basin_side_ft": 1000.0,
    "depth_ft": 50.0,
    "drainage_area_acres": 5000.0,
    "basin_area_sq_ft": 5000000.0,
    "upslope_area_sq_ft": 50000000.0,
    "flow_length_ft": 2000.0,
    "slope_percent": 100.0,
    "volume_cu_yd": 1000000.0,
    "distance_ft": 5280.0,
}

SLACK = 1e-9
# Digits, then a decimal part, then an exponent, each run of digits taken whole (possessive: nothing
# after it is a digit, so giving digits back never helps). "[0-9]+\.?[0-9]*", which reads the same
# texts, split a long run of digits every way before refusing it: seconds for a few thousand digits,
# and a pushed calculator input may hold 20,000 (bench/bench_number_text.py). The browser's twin reads
# the same texts with plain quantifiers: JavaScript has no possessive ones, and there only its own
# person's typing is read.
NUMBER_TEXT = re.compile(r"^[+-]?(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)(?:[eE][+-]?[0-9]++)?$")
TRUE_TEXT = {"true", "on", "yes", "1"}
FALSE_TEXT = {"false", "off", "no", "0", ""}
# Literal powers of ten: computing them (10 ** -4) differs between Python and JavaScript.
POW10 = [
    1e-12,
    1e-11,
    1e-10,
    1e-9,
    1e-8,
    1e-7,
    1e-6,
    1e-5,
    1e-4,
    1e-3,
    1e-2,
    1e-1,
    1.0,
    1e1,
    1e2,
    1e3,
    1e4,
    1e5,
    1e6,
    1e7,
    1e8,
    1e9,
    1e10,
    1e11,
    1e12,
]


class CalculatorInputError(ValueError):
    """An input the calculator cannot use; `field` names the form field, the message its unit."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def to_dict(self) -> dict:
        return {"field": self.field, "message": self.message}


# ---------------------------------------------------------------- number words
def fixed(x: float, digits: int) -> str:
    """x with `digits` decimals and thousands commas, rounded half away from zero like JS toFixed."""
    if abs(x) >= 1e15:
        return f"{x:.{max(digits, 2)}e}"
    text = f"{Decimal(x).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP):f}"
    sign = "-" if text.startswith("-") else ""
    whole, _, frac = text.lstrip("-").partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    groups.insert(0, whole)
    return sign + ",".join(groups) + ("." + frac if frac else "")


def sig(x: float, figures: int = 3) -> str:
    """x to about `figures` significant figures (whole numbers keep all their digits)."""
    if x == 0:
        return "0"
    magnitude = 0
    a = abs(x)
    while magnitude < 12 and a >= POW10[12 + magnitude + 1]:
        magnitude += 1
    while magnitude > -12 and a < POW10[12 + magnitude]:
        magnitude -= 1
    return fixed(x, max(0, figures - 1 - magnitude))


def num(x: float) -> str:
    """An entered number as the user would write it: up to 4 decimals, no trailing zeros."""
    text = fixed(x, 4)
    if "." in text and "e" not in text:
        text = text.rstrip("0").rstrip(".")
    return text


def percent(ratio: float) -> str:
    """A ratio as a percentage; never shows "100%" for a value that is not exactly at the line."""
    text = fixed(ratio * 100, 0)
    if text == "100" and ratio != 1:
        text = fixed(ratio * 100, 1)
    return text + "%"


def hours_words(h: float) -> str:
    return f"{num(h)}-hour"


def comparison_words(comparison: str) -> str:
    return {"over": "more than", "under": "less than", "at_least": "at least"}[comparison]


def compare(value: float, threshold: float, comparison: str) -> bool:
    """The ordinance's words as operators: over '>', under '<', at_least '>='.

    Computed thresholds (1% of an area) carry binary rounding, so a value typed exactly at the line
    could land a hair on the wrong side; a relative slack of 1e-9 keeps it where the words put it.
    """
    slack = abs(threshold) * SLACK
    if comparison == "over":
        return value > threshold + slack
    if comparison == "under":
        return value < threshold - slack
    if comparison == "at_least":
        return value >= threshold - slack
    raise ValueError(f"unknown comparison {comparison!r}")


# ---------------------------------------------------------------- water and settling
def water_density_kg_m3(temp_c: float, sec: dict) -> float:
    w = sec["water"]
    t = temp_c
    return w["tanaka_a5_kg_m3"] * (
        1
        - (t + w["tanaka_a1_c"])
        * (t + w["tanaka_a1_c"])
        * (t + w["tanaka_a2_c"])
        / (w["tanaka_a3_c2"] * (t + w["tanaka_a4_c"]))
    )


def dynamic_viscosity_pa_s(temp_c: float, sec: dict) -> float:
    w = sec["water"]
    return w["vogel_a_pa_s"] * math.exp(w["vogel_b_k"] / (temp_c + KELVIN - w["vogel_c_k"]))


def kinematic_viscosity_m2_s(temp_c: float, sec: dict) -> float:
    return dynamic_viscosity_pa_s(temp_c, sec) / water_density_kg_m3(temp_c, sec)


def settling_velocity_ft_s(particle_um: float, temp_c: float, sec: dict) -> float:
    """Stokes' law for a quartz sphere: v = g (SG - 1) d^2 / (18 nu)."""
    d = particle_um / UM_PER_M
    v = (
        sec["gravity_m_s2"]
        * (sec["particle_specific_gravity"] - 1)
        * d
        * d
        / (18 * kinematic_viscosity_m2_s(temp_c, sec))
    )
    return v / FT_PER_M


def required_area_sq_ft(gpm: float, particle_um: float, temp_c: float, sec: dict) -> float:
    """Settling area whose overflow (rise) rate Q / A equals the particle's settling velocity."""
    return gpm * sec["gpm_to_cfs"] / settling_velocity_ft_s(particle_um, temp_c, sec)


def coldest_water_c(gpm: float, area_sq_ft: float, particle_um: float, sec: dict) -> float | None:
    """Coldest water (°C) in which the area still settles the particle; None if not even the warmest.

    Viscosity falls as water warms, so the required area does too: bisect on temperature.
    """
    low, high = sec["water"]["min_temp_c"], sec["water"]["max_temp_c"]
    if required_area_sq_ft(gpm, particle_um, low, sec) <= area_sq_ft:
        return low
    if required_area_sq_ft(gpm, particle_um, high, sec) > area_sq_ft:
        return None
    for _ in range(60):
        mid = (low + high) / 2
        if required_area_sq_ft(gpm, particle_um, mid, sec) <= area_sq_ft:
            high = mid
        else:
            low = mid
    return high


def smallest_particle_um(overflow_ft_s: float, particle_um: float, particle_v_ft_s: float) -> float:
    # Stokes velocity grows with d squared: the particle that settles exactly at the overflow rate.
    return particle_um * math.sqrt(overflow_ft_s / particle_v_ft_s)


# ---------------------------------------------------------------- inputs
def _fields(sec: dict) -> dict[str, list[dict]]:
    """Form fields per calculator: name, label, unit, kind, limits, default, which devices use it."""
    water = sec["water"]
    temp = _number_field(
        "water_temp_c",
        "Water temperature",
        "°C",
        water["min_temp_c"],
        water["max_temp_c"],
        min_exclusive=False,
        required=False,
        default=sec["default_water_temp_c"],
        hint="Colder water settles particles more slowly. " + sec["default_water_temp_note"],
    )
    # Dewatering is judged at the temperature the ordinance's own examples imply (rulebook basis_note).
    dw_temp = {
        **temp,
        "default": sec["dewatering"]["examples_water_temp_c"],
        "hint": "Colder water settles particles more slowly. " + sec["dewatering"]["basis_note"],
    }
    devices = [
        {"value": "vertical_tank", "label": "Vertical pipe or tank"},
        {"value": "inclined_pipe", "label": "Inclined pipe"},
        {"value": "basin", "label": "Sedimentation basin"},
    ]
    dewatering = [
        _number_field(
            "pumping_rate_gpm", "Highest pumping rate", "gpm", 0, sec["dewatering"]["max_gpm"]
        ),
        {
            "name": "device",
            "label": "Device type",
            "unit": "",
            "kind": "choice",
            "required": True,
            "default": None,
            "choices": devices,
            "applies_to": None,
            "hint": None,
        },
        _number_field(
            "diameter",
            "Diameter",
            "ft",
            0,
            LIMITS["diameter_ft"],
            required=False,
            hint="In feet or inches (choose the unit). A basin takes a diameter, or a length and width.",
        ),
        {
            "name": "diameter_unit",
            "label": "Diameter unit",
            "unit": "",
            "kind": "choice",
            "required": False,
            "default": "ft",
            "choices": [{"value": "ft", "label": "ft"}, {"value": "in", "label": "in"}],
            "applies_to": None,
            "hint": None,
        },
        _number_field(
            "pipe_length_ft",
            "Pipe length",
            "ft",
            0,
            LIMITS["pipe_length_ft"],
            required=False,
            applies_to=["inclined_pipe"],
            hint="Leave blank to credit only the pipe's cross-section.",
        ),
        _number_field(
            "angle_deg",
            "Pipe angle from horizontal",
            "°",
            0,
            90,
            min_exclusive=False,
            required=False,
            applies_to=["inclined_pipe"],
        ),
        _number_field(
            "basin_length_ft",
            "Basin length",
            "ft",
            0,
            LIMITS["basin_side_ft"],
            required=False,
            applies_to=["basin"],
            hint="For a rectangular basin, instead of a diameter.",
        ),
        _number_field(
            "basin_width_ft",
            "Basin width",
            "ft",
            0,
            LIMITS["basin_side_ft"],
            required=False,
            applies_to=["basin"],
        ),
        _number_field(
            "depth_ft",
            "Basin depth",
            "ft",
            0,
            LIMITS["depth_ft"],
            required=False,
            applies_to=["basin"],
        ),
        dw_temp,
    ]
    basin = [
        _number_field(
            "drainage_area_acres",
            "Area draining to the basin",
            "acres",
            0,
            LIMITS["drainage_area_acres"],
        ),
        _number_field(
            "basin_area_sq_ft", "Basin surface area", "sq ft", 0, LIMITS["basin_area_sq_ft"]
        ),
        _number_field("basin_depth_ft", "Basin depth", "ft", 0, LIMITS["depth_ft"]),
        _number_field(
            "runoff_coefficient",
            "Runoff coefficient C",
            "",
            0,
            1,
            hint=sec["basin"]["runoff_coefficient_hint"],
        ),
        temp,
        _boolean_field(
            "credit_pool_storage", "Credit the pool's storage (pool empty when the storm starts)"
        ),
    ]
    surfaces = [
        {"value": s["key"], "label": f"{s['label']} (n = {num(s['manning_n'])})"}
        for s in sec["diversion"]["surfaces"]
    ]
    diversion = [
        _number_field(
            "upslope_area_sq_ft",
            "Upslope area sending sheetflow",
            "sq ft",
            0,
            LIMITS["upslope_area_sq_ft"],
        ),
        _number_field(
            "flow_length_ft",
            "Sheetflow length",
            "ft",
            0,
            LIMITS["flow_length_ft"],
            hint="From the top of the upslope area to the far edge of the disturbed area.",
        ),
        _number_field(
            "slope_percent", "Slope across the disturbed area", "%", 0, LIMITS["slope_percent"]
        ),
        {
            "name": "surface",
            "label": "Surface the sheetflow runs over",
            "unit": "",
            "kind": "choice",
            "required": True,
            "default": None,
            "choices": surfaces,
            "applies_to": None,
            "hint": sec["diversion"]["surfaces_source"],
        },
        _number_field(
            "runoff_coefficient",
            "Runoff coefficient C",
            "",
            0,
            1,
            hint=sec["diversion"]["runoff_coefficient_hint"],
        ),
        _boolean_field("diverted", "The sheetflow is already diverted around the disturbed area"),
    ]
    stockpile = [
        _number_field("volume_cu_yd", "Pile volume", "cu yd", 0, LIMITS["volume_cu_yd"]),
        _number_field(
            "distance_ft",
            "Down-slope drainage length to the nearest road or drainage channel",
            "ft",
            0,
            LIMITS["distance_ft"],
            min_exclusive=False,
            required=False,
            hint="Not needed for an in-street pile.",
        ),
        _boolean_field("in_street", "In-street utility repair or construction pile"),
        _boolean_field("barrier", "Straw bale or filtering barrier in place"),
    ]
    return {
        "dewatering": dewatering,
        "basin": basin,
        "diversion": diversion,
        "stockpile": stockpile,
    }


def _number_field(
    name,
    label,
    unit,
    low,
    high,
    *,
    min_exclusive=True,
    required=True,
    default=None,
    applies_to=None,
    hint=None,
) -> dict:
    return {
        "name": name,
        "label": label,
        "unit": unit,
        "kind": "number",
        "min": low,
        "min_exclusive": min_exclusive,
        "max": high,
        "required": required,
        "default": default,
        "applies_to": applies_to,
        "hint": hint,
    }


def _boolean_field(name, label) -> dict:
    return {
        "name": name,
        "label": label,
        "unit": "",
        "kind": "boolean",
        "required": False,
        "default": False,
        "applies_to": None,
        "hint": None,
    }


def _blank(raw: Any) -> bool:
    return raw is None or (isinstance(raw, str) and raw.strip() == "")


def _with_unit(field: dict, text: str) -> str:
    return f"{text} {field['unit']}" if field["unit"] else text


def _parse_number(field: dict, raw: Any) -> float:
    name, label, unit = field["name"], field["label"], field["unit"]
    described = f"{label} ({unit})" if unit else label
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise CalculatorInputError(name, f"{described} must be a number.")
    if isinstance(raw, str):
        if not NUMBER_TEXT.match(raw.strip()):
            raise CalculatorInputError(name, f"{described} must be a number.")
        raw = raw.strip()
    try:
        x = float(raw)
    except OverflowError:
        x = math.inf
    if not math.isfinite(x):
        raise CalculatorInputError(name, f"{described} must be a finite number.")
    return x


def _check_range(field: dict, x: float, scale: float = 1.0, shown_unit: str | None = None) -> None:
    """Limits are in the field's unit; `scale` converts x to it when the user chose another unit."""
    name, label = field["name"], field["label"]
    value = x * scale
    low, high = field["min"], field["max"]
    if field["min_exclusive"] and not value > low:
        raise CalculatorInputError(
            name, f"{label} must be more than {_with_unit(field, num(low))}."
        )
    if not field["min_exclusive"] and value < low:
        raise CalculatorInputError(name, f"{label} must be at least {_with_unit(field, num(low))}.")
    if value > high:
        got = f"{num(x)} {shown_unit}" if shown_unit else _with_unit(field, num(x))
        raise CalculatorInputError(
            name,
            f"{label} must be at most {_with_unit(field, num(high))}; {got} is beyond what this calculator accepts.",
        )


def _parse_boolean(field: dict, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in TRUE_TEXT:
        return True
    if isinstance(raw, str) and raw.strip().lower() in FALSE_TEXT:
        return False
    raise CalculatorInputError(field["name"], f"{field['label']} must be yes or no.")


def _parse_choice(field: dict, raw: Any) -> str:
    values = [c["value"] for c in field["choices"]]
    if isinstance(raw, str) and raw.strip() in values:
        return raw.strip()
    labels = ", ".join(c["label"] for c in field["choices"])
    raise CalculatorInputError(field["name"], f"{field['label']} must be one of: {labels}.")


def read_inputs(name: str, inputs: Any, sec: dict) -> dict:
    """Parse and range-check every field given; fill defaults; enforce always-required fields.

    Fields that are required only for some devices are enforced by the calculator itself.
    """
    if not isinstance(inputs, dict):
        raise CalculatorInputError("inputs", "Inputs must be a set of named fields.")
    values: dict[str, Any] = {}
    for field in _fields(sec)[name]:
        # Fields of another device type (a basin's width for a tank) are ignored, not checked.
        if field["applies_to"] and values.get("device") not in field["applies_to"]:
            continue
        raw = inputs.get(field["name"])
        if _blank(raw):
            if field["required"]:
                what = f"{field['label']} ({field['unit']})" if field["unit"] else field["label"]
                raise CalculatorInputError(field["name"], f"{what} is required.")
            if field["default"] is not None:
                values[field["name"]] = field["default"]
            continue
        if field["kind"] == "number":
            values[field["name"]] = _parse_number(field, raw)
        elif field["kind"] == "boolean":
            values[field["name"]] = _parse_boolean(field, raw)
        else:
            values[field["name"]] = _parse_choice(field, raw)
    for field in _fields(sec)[name]:
        if field["kind"] == "number" and field["name"] in values and field["name"] != "diameter":
            _check_range(field, values[field["name"]])
    return values


def _require(x: dict, fields: list[dict], name: str, why: str) -> float:
    if name not in x:
        field = next(f for f in fields if f["name"] == name)
        raise CalculatorInputError(name, f"{field['label']} ({field['unit']}) is required {why}.")
    return x[name]


def _figure(label: str, value: float | None, unit: str) -> dict:
    return {"label": label, "value": value, "unit": unit}


def _temperature_note(x: dict, inputs: dict, sec: dict, basis: bool = False) -> str:
    t = x["water_temp_c"]
    if _blank(inputs.get("water_temp_c")) and basis:
        return (
            f"Water temperature {num(t)} °C is the design basis: {sec['dewatering']['basis_note']}"
        )
    if _blank(inputs.get("water_temp_c")):
        return f"Water temperature {num(t)} °C is the rulebook's default: {sec['default_water_temp_note']}"
    return f"Water temperature {num(t)} °C as entered; colder water settles particles more slowly."


def _physics_assumptions(sec: dict) -> list[str]:
    return [
        f"Quartz particles (specific gravity {num(sec['particle_specific_gravity'])}) settling by "
        "Stokes' law, v = g (SG - 1) d² / (18 ν).",
        f"Water viscosity: {sec['water']['viscosity_method']}; density: {sec['water']['density_method']}.",
    ]


def _calculators(rb) -> dict:
    if rb is None:
        from inspector.rules.rulebook import default

        rb = default()
    return rb["calculators"]


# ---------------------------------------------------------------- § 256-7B(1) dewatering
def _dewatering_device(x: dict, fields: list[dict], sec: dict, required: float) -> dict:
    """Settling area of the chosen device and the smallest size of that device that would do."""
    device = x["device"]
    if device == "basin" and "diameter" in x and ("basin_length_ft" in x or "basin_width_ft" in x):
        raise CalculatorInputError(
            "diameter", "Give the basin's diameter, or its length and width, not both."
        )
    if (
        device == "basin"
        and "diameter" not in x
        and "basin_length_ft" not in x
        and "basin_width_ft" not in x
    ):
        raise CalculatorInputError(
            "diameter", "Diameter (ft or in) is required, or the basin's length and width (ft)."
        )
    if "diameter" in x:
        field = next(f for f in fields if f["name"] == "diameter")
        unit = x.get("diameter_unit", "ft")
        scale = 1 / IN_PER_FT if unit == "in" else 1.0
        _check_range(field, x["diameter"], scale, unit)
        diameter = x["diameter"] * scale
    elif device != "basin":
        raise CalculatorInputError("diameter", "Diameter (ft or in) is required.")
    out = {"assumptions": [], "notes": [], "figures": {}}
    if device == "vertical_tank" or (device == "basin" and "diameter" in x):
        cross = math.pi * diameter * diameter / 4
        out["area"] = cross
        out["figures"]["min_diameter_ft"] = _figure(
            "Minimum diameter", math.sqrt(4 * required / math.pi), "ft"
        )
        out["assumptions"].append(
            "The whole round cross-section, π D² / 4, settles: water rises (or flows) through it no faster "
            "than Q / A, with baffles keeping the inlet from stirring it."
        )
    elif device == "inclined_pipe":
        cross = math.pi * diameter * diameter / 4
        out["area"] = cross
        out["figures"]["min_diameter_ft"] = _figure(
            "Minimum diameter", math.sqrt(4 * required / math.pi), "ft"
        )
        if "pipe_length_ft" in x or "angle_deg" in x:
            length = _require(x, fields, "pipe_length_ft", "with a pipe angle")
            angle = _require(x, fields, "angle_deg", "with a pipe length")
            cos = math.cos(angle * math.pi / 180)
            projected = diameter * length * cos
            out["area"] = max(projected, cross)
            # Smallest D with max(D L cos, π D²/4) >= required: whichever term gets there first.
            if length * cos > 0:
                out["figures"]["min_diameter_ft"]["value"] = min(
                    required / (length * cos), math.sqrt(4 * required / math.pi)
                )
            out["assumptions"].append(
                "An inclined pipe settles over its horizontal projected area, diameter × length × cos(angle), "
                "but never less than its own cross-section (a vertical pipe's area)."
            )
        else:
            out["notes"].append(sec["dewatering"]["inclined_pipe_note"])
            out["assumptions"].append(
                "The pipe's cross-section, π D² / 4, settles (vertical-pipe reading)."
            )
    else:
        length = _require(x, fields, "basin_length_ft", "with a basin width")
        width = _require(x, fields, "basin_width_ft", "with a basin length")
        out["area"] = length * width
        out["figures"]["min_width_ft"] = _figure(
            "Minimum width at this length", required / length, "ft"
        )
        out["assumptions"].append("A rectangular basin settles over its surface, length × width.")
    if device == "basin":
        out["depth"] = _require(x, fields, "depth_ft", "for a basin")
    return out


def dewatering(inputs: dict, rb=None) -> dict:
    """§ 256-7B(1): does the device remove 100-micron particles at the highest pumping rate?"""
    sec = _calculators(rb)
    dw = sec["dewatering"]
    fields = _fields(sec)["dewatering"]
    x = read_inputs("dewatering", inputs, sec)
    gpm, temp, particle = x["pumping_rate_gpm"], x["water_temp_c"], dw["particle_um"]
    flow = gpm * sec["gpm_to_cfs"]
    velocity = settling_velocity_ft_s(particle, temp, sec)
    required = flow / velocity
    device = _dewatering_device(x, fields, sec, required)
    area = device["area"]
    factor = area / required
    nu = kinematic_viscosity_m2_s(temp, sec)
    reynolds = velocity * FT_PER_M * (particle / UM_PER_M) / nu
    coldest = coldest_water_c(gpm, area, particle, sec)
    checks = [
        {
            "name": f"Removes {num(particle)}-micron particles at the highest pumping rate",
            "passes": compare(area, required, "at_least"),
            "citation": dw["citation"],
            "detail": (
                f"Settling area {sig(area)} sq ft against {sig(required)} sq ft needed "
                f"({percent(factor)} of the minimum) for {num(gpm)} gpm in water at {num(temp)} °C."
            ),
        }
    ]
    figures = {
        "flow_cfs": _figure("Highest pumping rate", flow, "cfs"),
        "water_temp_c": _figure("Water temperature", temp, "°C"),
        "kinematic_viscosity_m2_s": _figure("Kinematic viscosity of the water", nu, "m²/s"),
        "settling_velocity_mm_s": _figure(
            f"Settling velocity of {num(particle)}-µm quartz", velocity * FT_PER_M * 1000, "mm/s"
        ),
        "settling_velocity_ft_s": _figure(
            f"Settling velocity of {num(particle)}-µm quartz", velocity, "ft/s"
        ),
        "particle_reynolds_number": _figure("Particle Reynolds number", reynolds, ""),
        "required_area_sq_ft": _figure("Minimum settling area", required, "sq ft"),
        "device_area_sq_ft": _figure("This device's settling area", area, "sq ft"),
        "percent_of_minimum": _figure("Settling area as a share of the minimum", factor * 100, "%"),
        "safety_factor": _figure("Safety factor (device area ÷ minimum area)", factor, "×"),
        **device["figures"],
        "smallest_particle_um": _figure(
            "Smallest particle fully captured",
            smallest_particle_um(flow / area, particle, velocity),
            "µm",
        ),
        "coldest_water_c": _figure(
            "Coldest water in which it still meets the standard", coldest, "°C"
        ),
    }
    if "depth" in device:
        depth, min_depth = device["depth"], dw["basin_min_depth_ft"]
        figures["depth_ft"] = _figure("Basin depth", depth, "ft")
        checks.append(
            {
                "name": f"Basin at least {num(min_depth)} feet deep",
                "passes": compare(depth, min_depth, "at_least"),
                "citation": dw["examples_citation"],
                "detail": f"Depth {num(depth)} ft; the ordinance's basin example is at least {num(min_depth)} feet in depth.",
            }
        )
    passes = all(c["passes"] for c in checks)
    cold = sec["default_water_temp_c"]
    cold_share = area / (flow / settling_velocity_ft_s(particle, cold, sec))
    figures["percent_of_minimum_cold"] = _figure(
        f"Stokes' margin in {num(cold)} °C water (information)", cold_share * 100, "%"
    )
    margin_note = (
        f"For information (Stokes' law): in {num(cold)} °C water, typical Wisconsin groundwater, "
        f"this device has {percent(cold_share)} of the settling area it would need."
    )
    if coldest is None:
        coldest_note = (
            f"This device does not remove {num(particle)}-micron particles even in water at "
            f"{num(sec['water']['max_temp_c'])} °C."
        )
    elif coldest <= sec["water"]["min_temp_c"]:
        coldest_note = f"This device removes {num(particle)}-micron particles even in water at {num(coldest)} °C."
    else:
        coldest_note = (
            f"This device removes {num(particle)}-micron particles in water at {fixed(coldest, 1)} °C "
            "or warmer; measure the water if it is close."
        )
    if passes:
        summary = (
            f"Meets {dw['citation']}: this device removes {num(particle)}-micron particles at {num(gpm)} gpm "
            f"({percent(factor)} of the minimum settling area)."
        )
    else:
        reasons = []
        if not checks[0]["passes"]:
            reasons.append(
                f"{num(gpm)} gpm needs at least {sig(required)} sq ft of settling area; this device has "
                f"{sig(area)} sq ft ({percent(factor)} of the minimum)."
            )
        if len(checks) > 1 and not checks[1]["passes"]:
            reasons.append(
                f"The basin is {num(device['depth'])} ft deep, less than {num(dw['basin_min_depth_ft'])} feet."
            )
        summary = f"Does not meet {dw['citation']}: " + " ".join(reasons)
    return {
        "calculator": "dewatering",
        "title": "Dewatering device",
        "passes": passes,
        "summary": summary,
        "citation": dw["citation"],
        "words": dw["words"],
        "inputs": x,
        "figures": figures,
        "checks": checks,
        "method": (
            f"Stokes' law settling velocity of {num(particle)}-µm quartz at the water temperature; "
            "minimum settling area = highest pumping rate ÷ settling velocity (overflow-rate method)."
        ),
        "assumptions": _physics_assumptions(sec)
        + [
            "Ideal settling: the device passes the highest pumping rate with an overflow (rise) rate no faster "
            "than the particle settles, without turbulence or short-circuiting.",
            f"Stokes' law holds for particle Reynolds numbers below about 1 (here {fixed(reynolds, 2)}).",
        ]
        + device["assumptions"],
        "notes": [_temperature_note(x, inputs, sec, basis=True), coldest_note, margin_note]
        + device["notes"],
    }


def ordinance_examples(rb=None) -> list[dict]:
    """The ordinance's three example devices (§ 256-7B(1)(a)), at the examples' temperature and the default."""
    sec = _calculators(rb)
    dw = sec["dewatering"]
    rows = []
    for example in dw["examples"]:
        inputs = {
            "pumping_rate_gpm": example["gpm"],
            "device": example["device"],
            "diameter": example["diameter_ft"],
            "diameter_unit": "ft",
        }
        if "depth_ft" in example:
            inputs["depth_ft"] = example["depth_ft"]
        at_examples = dewatering({**inputs, "water_temp_c": dw["examples_water_temp_c"]}, rb)
        at_default = dewatering({**inputs, "water_temp_c": sec["default_water_temp_c"]}, rb)
        rows.append(
            {
                "label": example["label"],
                "citation": dw["examples_citation"],
                "inputs": inputs,
                "examples_water_temp_c": dw["examples_water_temp_c"],
                "passes": at_examples["passes"],
                "percent_of_minimum": at_examples["figures"]["percent_of_minimum"]["value"],
                "default_water_temp_c": sec["default_water_temp_c"],
                "passes_at_default": at_default["passes"],
                "percent_of_minimum_at_default": at_default["figures"]["percent_of_minimum"][
                    "value"
                ],
                "coldest_water_c": at_default["figures"]["coldest_water_c"]["value"],
                "note": dw["examples_note"],
            }
        )
    return rows


# ---------------------------------------------------------------- § 256-7B(5)(c)[2] sedimentation basin
def _table_note(storms: list[dict]) -> str | None:
    odd = [
        f"{hours_words(s['hours'])}: {num(s['intensity_in_h'])} in/h × {num(s['hours'])} h = "
        f"{num(s['intensity_in_h'] * s['hours'])} in against a depth of {num(s['depth_in'])} in"
        for s in storms
        if abs(s["intensity_in_h"] * s["hours"] - s["depth_in"]) > 1e-9
    ]
    if not odd:
        return None
    return (
        "The design-storm table's intensity × duration differs from its depth for some storms ("
        + "; ".join(odd)
        + "). This calculator uses the intensity, the larger figure."
    )


def basin(inputs: dict, rb=None) -> dict:
    """§ 256-7B(5)(c)[2]: 1% of the drainage area, 3 ft deep, and traps 15 µm in every one-year storm."""
    sec = _calculators(rb)
    bs = sec["basin"]
    x = read_inputs("basin", inputs, sec)
    acres, area, depth = x["drainage_area_acres"], x["basin_area_sq_ft"], x["basin_depth_ft"]
    c, temp, credit = x["runoff_coefficient"], x["water_temp_c"], x["credit_pool_storage"]
    particle = bs["particle_um"]
    drainage = acres * SQ_FT_PER_ACRE
    share = area / drainage
    min_area = bs["min_area_fraction"] * drainage
    velocity = settling_velocity_ft_s(particle, temp, sec)
    storage = area * depth
    checks = [
        {
            "name": f"Surface area at least {num(bs['min_area_fraction'] * 100)}% of the area draining to it",
            "passes": compare(area, min_area, "at_least"),
            "citation": bs["citation"],
            "detail": (
                f"{num(area)} sq ft is {sig(share * 100)}% of {num(acres)} acres ({sig(drainage)} sq ft); "
                f"at least {sig(min_area)} sq ft is needed."
            ),
        },
        {
            "name": f"At least {num(bs['min_depth_ft'])} feet deep",
            "passes": compare(depth, bs["min_depth_ft"], "at_least"),
            "citation": bs["citation"],
            "detail": f"Depth {num(depth)} ft; at least {num(bs['min_depth_ft'])} feet is needed.",
        },
    ]
    storms, area_for_particle, largest_c, worst_particle = [], 0.0, math.inf, 0.0
    for storm in sec["design_storms"]:
        intensity = storm["intensity_in_h"] / IN_PER_FT / S_PER_H
        inflow = c * intensity * drainage
        overflow = inflow / area
        runoff = c * storm["intensity_in_h"] * storm["hours"] / IN_PER_FT * drainage
        held = credit and runoff <= storage
        traps = compare(velocity, overflow, "at_least") or held
        smallest = smallest_particle_um(overflow, particle, velocity)
        area_for_particle = max(area_for_particle, inflow / velocity)
        worst_particle = max(worst_particle, 0.0 if held else smallest)
        # Largest C this storm allows: by overflow rate, or (with the credit) by fitting in the pool.
        storm_c = velocity * area / (intensity * drainage)
        if credit:
            storm_c = max(
                storm_c, storage / (storm["intensity_in_h"] * storm["hours"] / IN_PER_FT * drainage)
            )
        largest_c = min(largest_c, storm_c)
        storms.append(
            {
                "hours": storm["hours"],
                "intensity_in_h": storm["intensity_in_h"],
                "depth_in": storm["depth_in"],
                "intensity_times_duration_in": storm["intensity_in_h"] * storm["hours"],
                "inflow_cfs": inflow,
                "overflow_rate_ft_s": overflow,
                "runoff_cu_ft": runoff,
                "held_in_pool": held,
                "traps": traps,
                "smallest_particle_um": smallest,
            }
        )
        detail = (
            f"Peak inflow {sig(inflow)} cfs (C {num(c)} × {num(storm['intensity_in_h'])} in/h × "
            f"{num(acres)} acres) leaves {num(area)} sq ft at {sig(overflow)} ft/s; {num(particle)}-µm "
            f"quartz settles at {sig(velocity)} ft/s, so particles of {sig(smallest)} µm and larger are trapped."
        )
        if held:
            detail += f" The storm's {sig(runoff)} cu ft of runoff fits in the pool's {sig(storage)} cu ft and is held."
        checks.append(
            {
                "name": f"Traps {num(particle)}-micron sediment in the {hours_words(storm['hours'])} one-year storm",
                "passes": traps,
                "citation": bs["citation"],
                "detail": detail,
            }
        )
    largest_c = min(largest_c, 1.0)
    passes = all(ch["passes"] for ch in checks)
    figures = {
        "drainage_area_sq_ft": _figure("Area draining to the basin", drainage, "sq ft"),
        "percent_of_drainage_area": _figure(
            "Basin surface as a share of the drainage area", share * 100, "%"
        ),
        "min_area_sq_ft": _figure(
            f"Minimum surface area ({num(bs['min_area_fraction'] * 100)}%)", min_area, "sq ft"
        ),
        "water_temp_c": _figure("Water temperature", temp, "°C"),
        "settling_velocity_mm_s": _figure(
            f"Settling velocity of {num(particle)}-µm quartz", velocity * FT_PER_M * 1000, "mm/s"
        ),
        "settling_velocity_ft_s": _figure(
            f"Settling velocity of {num(particle)}-µm quartz", velocity, "ft/s"
        ),
        "area_for_particle_sq_ft": _figure(
            f"Surface area that traps {num(particle)} µm in every storm by overflow rate alone",
            area_for_particle,
            "sq ft",
        ),
        "max_runoff_coefficient": _figure(
            f"Largest runoff coefficient for which it traps {num(particle)} µm in every storm",
            largest_c,
            "",
        ),
        "smallest_particle_um": _figure(
            "Smallest particle trapped in every storm", worst_particle, "µm"
        ),
        "pool_storage_cu_ft": _figure("Pool storage (surface area × depth)", storage, "cu ft"),
        "pool_storage_in": _figure(
            "Pool storage as runoff depth over the drainage area",
            storage / drainage * IN_PER_FT,
            "in",
        ),
    }
    if passes:
        summary = (
            f"Meets {bs['citation']}: {sig(share * 100)}% of its drainage area, {num(depth)} ft deep, and it "
            f"traps {num(particle)}-micron sediment in every one-year design storm."
        )
    else:
        reasons = []
        if not checks[0]["passes"]:
            reasons.append(
                f"The basin is {sig(share * 100)}% of its drainage area, less than "
                f"{num(bs['min_area_fraction'] * 100)}% ({sig(min_area)} sq ft)."
            )
        if not checks[1]["passes"]:
            reasons.append(f"It is {num(depth)} ft deep, less than {num(bs['min_depth_ft'])} feet.")
        missed = [hours_words(s["hours"]) for s in storms if not s["traps"]]
        if missed:
            reasons.append(
                f"It does not trap {num(particle)}-micron sediment in the {', '.join(missed)} one-year "
                f"storms (it traps particles of {sig(worst_particle)} µm and larger)."
            )
        summary = f"Does not meet {bs['citation']}: " + " ".join(reasons)
    notes = [_temperature_note(x, inputs, sec)]
    table_note = _table_note(sec["design_storms"])
    if table_note:
        notes.append(table_note)
    notes.append(bs["pool_storage_note"] if credit else bs["no_pool_storage_note"])
    notes.append(bs["discharge_note"])
    return {
        "calculator": "basin",
        "title": "Sedimentation basin",
        "passes": passes,
        "summary": summary,
        "citation": bs["citation"],
        "words": bs["words"],
        "inputs": x,
        "figures": figures,
        "checks": checks,
        "storms": storms,
        "method": (
            f"Overflow-rate method for each one-year design storm: peak inflow Q = C × i × A (rational "
            f"method, with the table's intensity i) must leave the basin at an overflow rate Q / A_basin "
            f"no faster than {num(particle)}-µm quartz settles (Stokes' law at the water temperature)."
        ),
        "assumptions": _physics_assumptions(sec)
        + [
            "Steady peak inflow for the whole storm duration; ideal settling over the whole basin surface, "
            "without short-circuiting or scour.",
            f"One runoff coefficient (C {num(c)}) for the whole drainage area.",
        ],
        "notes": notes,
    }


# ---------------------------------------------------------------- § 256-7B(5)(a) sheetflow diversion
def diversion(inputs: dict, rb=None) -> dict:
    """§ 256-7B(5)(a): sheetflow from more than 10,000 sq ft diverted unless slower than 0.5 ft/s."""
    sec = _calculators(rb)
    dv = sec["diversion"]
    x = read_inputs("diversion", inputs, sec)
    area, length, slope = x["upslope_area_sq_ft"], x["flow_length_ft"], x["slope_percent"]
    c, diverted = x["runoff_coefficient"], x["diverted"]
    surface = next(s for s in dv["surfaces"] if s["key"] == x["surface"])
    n, k, limit = surface["manning_n"], dv["manning_k"], dv["velocity_ft_s"]
    storms, fastest = [], None
    for storm in sec["design_storms"]:
        unit_discharge = c * storm["intensity_in_h"] / IN_PER_FT / S_PER_H * length
        depth = (n * unit_discharge / (k * math.sqrt(slope / 100))) ** 0.6
        velocity = unit_discharge / depth
        row = {
            "hours": storm["hours"],
            "intensity_in_h": storm["intensity_in_h"],
            "depth_in": storm["depth_in"],
            "unit_discharge_cfs_per_ft": unit_discharge,
            "flow_depth_in": depth * IN_PER_FT,
            "velocity_ft_s": velocity,
            "under_limit": compare(velocity, limit, dv["velocity_comparison"]),
        }
        storms.append(row)
        if fastest is None or velocity > fastest["velocity_ft_s"]:
            fastest = row
    over = compare(area, dv["area_sq_ft"], dv["area_comparison"])
    slow = all(row["under_limit"] for row in storms)
    required = over and not slow
    passes = not required or diverted
    area_words = comparison_words(dv["area_comparison"])
    speed_words = comparison_words(dv["velocity_comparison"])
    fast = f"the fastest one-year storm flow ({hours_words(fastest['hours'])}) is {sig(fastest['velocity_ft_s'])} ft/s"
    if not over:
        detail = (
            f"{num(area)} sq ft is not {area_words} {num(dv['area_sq_ft'])} sq ft, so this rule does not "
            "require a diversion."
        )
        summary = (
            f"Meets {dv['citation']}: no diversion required for sheetflow from {num(area)} sq ft."
        )
    elif slow:
        detail = (
            f"{num(area)} sq ft is {area_words} {num(dv['area_sq_ft'])} sq ft, but {fast}, "
            f"{speed_words} {num(limit)} ft/s: no diversion required."
        )
        summary = f"Meets {dv['citation']}: the sheetflow stays {speed_words} {num(limit)} ft/s, so no diversion is required."
    else:
        detail = (
            f"{num(area)} sq ft is {area_words} {num(dv['area_sq_ft'])} sq ft and {fast}, not "
            f"{speed_words} {num(limit)} ft/s: a diversion is required"
            + (", and it is in place." if diverted else ", and none is in place.")
        )
        summary = (
            f"Meets {dv['citation']}: a diversion is required and the sheetflow is diverted."
            if diverted
            else f"Does not meet {dv['citation']}: sheetflow from {num(area)} sq ft reaches "
            f"{sig(fastest['velocity_ft_s'])} ft/s, so it must be diverted around the disturbed area."
        )
    notes = []
    if length > dv["sheet_flow_max_length_ft"]:
        notes.append(dv["sheet_flow_max_length_note"])
    notes.append(dv["channel_note"])
    return {
        "calculator": "diversion",
        "title": "Sheetflow diversion",
        "passes": passes,
        "diversion_required": required,
        "summary": summary,
        "citation": dv["citation"],
        "words": dv["words"],
        "inputs": x,
        "figures": {
            "manning_n": _figure(f"Manning's n ({surface['label']})", n, ""),
            "max_unit_discharge_cfs_per_ft": _figure(
                "Peak flow per foot of width", fastest["unit_discharge_cfs_per_ft"], "cfs/ft"
            ),
            "max_flow_depth_in": _figure("Flow depth at the peak", fastest["flow_depth_in"], "in"),
            "max_velocity_ft_s": _figure(
                "Fastest velocity in the one-year storms", fastest["velocity_ft_s"], "ft/s"
            ),
            "governing_storm_h": _figure(
                "Storm giving the fastest velocity", fastest["hours"], "h"
            ),
        },
        "checks": [
            {
                "name": (
                    f"Sheetflow from {area_words} {num(dv['area_sq_ft'])} sq ft diverted, unless "
                    f"{speed_words} {num(limit)} ft/s"
                ),
                "passes": passes,
                "citation": dv["citation"],
                "detail": detail,
            }
        ],
        "storms": storms,
        "method": dv["method"],
        "assumptions": [
            f"Surface: {surface['label']}, Manning's n {num(n)} ({dv['surfaces_source']}); runoff coefficient "
            f"C {num(c)}; both the same along the whole {num(length)} ft flow length.",
            "Steady peak flow at the downslope edge, q = C × i × L per foot of width, with i the one-year "
            "storm's intensity from the table.",
            f"Wide, shallow flow on a uniform {num(slope)}% slope (hydraulic radius = flow depth). Manning's "
            "equation is an approximation for such thin sheets, whose flow is often laminar.",
            "The flow stays sheetflow: no rills or channels form.",
        ],
        "notes": notes,
    }


# ---------------------------------------------------------------- § 256-7B(5)(d), (e) stockpiles
def stockpile(inputs: dict, rb=None) -> dict:
    """§ 256-7B(5)(d) setback of piles over 10 cu yd; § 256-7B(5)(e) barriers for in-street piles."""
    sec = _calculators(rb)
    sp = sec["stockpile"]
    fields = _fields(sec)["stockpile"]
    x = read_inputs("stockpile", inputs, sec)
    volume, in_street, barrier = x["volume_cu_yd"], x["in_street"], x["barrier"]
    figures = {"volume_cu_yd": _figure("Pile volume", volume, "cu yd")}
    volume_words = comparison_words(sp["volume_comparison"])
    setback_words = comparison_words(sp["setback_comparison"])
    if in_street:
        citation, words = sp["street_pile_citation"], sp["street_pile_words"]
        passes = barrier
        check = {
            "name": "In-street pile protected with straw bales or another filtering barrier",
            "passes": passes,
            "citation": citation,
            "detail": "A barrier is in place." if barrier else "No barrier is in place.",
        }
        summary = (
            f"Meets {citation}: the in-street pile is protected by a barrier."
            if passes
            else f"Does not meet {citation}: an in-street pile must be protected with straw bales or another "
            "filtering barrier."
        )
        notes = [sp["street_pile_note"]]
        method = "The in-street pile needs a barrier, whatever its size."
    else:
        distance = _require(x, fields, "distance_ft", "for a pile off the street")
        figures["distance_ft"] = _figure(
            "Down-slope drainage length to a road or drainage channel", distance, "ft"
        )
        citation, words = sp["citation"], sp["words"]
        big = compare(volume, sp["volume_cu_yd"], sp["volume_comparison"])
        close = compare(distance, sp["setback_ft"], sp["setback_comparison"])
        passes = not (big and close)
        if not big:
            detail = f"{num(volume)} cu yd is not {volume_words} {num(sp['volume_cu_yd'])} cubic yards: the setback does not apply."
        elif not close:
            detail = (
                f"{num(volume)} cu yd is {volume_words} {num(sp['volume_cu_yd'])} cubic yards, and its down-slope "
                f"drainage length of {num(distance)} ft is not {setback_words} {num(sp['setback_ft'])} feet."
            )
        else:
            detail = (
                f"{num(volume)} cu yd is {volume_words} {num(sp['volume_cu_yd'])} cubic yards, and it lies "
                f"{num(distance)} ft ({setback_words} {num(sp['setback_ft'])} feet) down-slope of a road or "
                "drainage channel."
            )
        check = {
            "name": (
                f"A pile of {volume_words} {num(sp['volume_cu_yd'])} cubic yards not within "
                f"{num(sp['setback_ft'])} feet of a road or drainage channel"
            ),
            "passes": passes,
            "citation": citation,
            "detail": detail,
        }
        summary = (f"Meets {citation}: " if passes else f"Does not meet {citation}: ") + detail
        notes = [sp["should_note"]]
        if barrier and not passes:
            notes.append(sp["barrier_note"])
        method = (
            f"Direct comparison with the ordinance's words: \"{volume_words} {num(sp['volume_cu_yd'])} cubic "
            f'yards" and "{setback_words} {num(sp["setback_ft"])} feet".'
        )
    return {
        "calculator": "stockpile",
        "title": "Soil stockpile",
        "passes": passes,
        "summary": summary,
        "citation": citation,
        "words": words,
        "inputs": x,
        "figures": figures,
        "checks": [check],
        "method": method,
        "assumptions": [
            "The down-slope drainage length is measured along the path runoff would take from the "
            "pile's toe to the nearest roadway or drainage channel."
        ],
        "notes": notes,
    }


# ---------------------------------------------------------------- registry
CALCULATORS = {
    "dewatering": dewatering,
    "basin": basin,
    "diversion": diversion,
    "stockpile": stockpile,
}
TITLES = {
    "dewatering": "Dewatering device",
    "basin": "Sedimentation basin",
    "diversion": "Sheetflow diversion",
    "stockpile": "Soil stockpile",
}


def run(name: str, inputs: dict, rb=None) -> dict:
    """Run the calculator called `name`; bad input raises CalculatorInputError."""
    if name not in CALCULATORS:
        raise CalculatorInputError("calculator", f"There is no calculator called {name}.")
    return CALCULATORS[name](inputs, rb)


def describe(rb=None) -> dict:
    """Per calculator: title, citation, the ordinance's words and the form fields (with units)."""
    sec = _calculators(rb)
    fields = _fields(sec)
    sections = {
        "dewatering": sec["dewatering"],
        "basin": sec["basin"],
        "diversion": sec["diversion"],
        "stockpile": sec["stockpile"],
    }
    return {
        name: {
            "title": TITLES[name],
            "citation": sections[name]["citation"],
            "words": sections[name]["words"],
            "fields": fields[name],
        }
        for name in CALCULATORS
    }


def browser_rules(rb=None) -> dict:
    """What static/js/calculators.js computes with: the rulebook's [calculators] section and each
    calculator's form fields (the field tables are written only here)."""
    sec = _calculators(rb)
    return {**sec, "fields": _fields(sec)}
