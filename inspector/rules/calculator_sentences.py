"""A saved calculation as one sentence for the printed report: its numbers with their units, the
ordinance's threshold, the verdict and the citation. One function per calculator kind.

The sentence is built from the result saved with the answer (what the inspector saw on the tablet).
A result of another shape (an older device, a hand-made record) is worked out again from its saved
inputs; one that cannot be read either way says so instead of showing raw data.
"""

from __future__ import annotations

from typing import Any

from .calculators import (
    TITLES,
    CalculatorInputError,
    _calculators,
    comparison_words,
    hours_words,
    num,
    percent,
    run,
    sig,
)


def _fig(result: dict, key: str) -> float:
    value = result["figures"][key]["value"]
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise TypeError(key)
    return float(value)


def _verdict(result: dict) -> str:
    return "meets the ordinance" if result["passes"] else "does not meet the ordinance"


def dewatering_sentence(result: dict, rb=None) -> str:
    sec = _calculators(rb)["dewatering"]
    gpm = float(result["inputs"]["pumping_rate_gpm"])
    temp = _fig(result, "water_temp_c")
    required, area = _fig(result, "required_area_sq_ft"), _fig(result, "device_area_sq_ft")
    text = (
        f"Dewatering device ({result['citation']}): to remove {num(sec['particle_um'])}-micron "
        f"particles at {num(gpm)} gpm in water at {num(temp)} °C it needs at least {sig(required)} "
        f"sq ft of settling area; it has {sig(area)} sq ft ({percent(area / required)} of the "
        "minimum)"
    )
    if "depth_ft" in result["figures"]:
        text += (
            f", and is {num(_fig(result, 'depth_ft'))} ft deep (at least "
            f"{num(sec['basin_min_depth_ft'])} ft)"
        )
    return f"{text}: {_verdict(result)}."


def basin_sentence(result: dict, rb=None) -> str:
    sec = _calculators(rb)["basin"]
    x = result["inputs"]
    area, depth = float(x["basin_area_sq_ft"]), float(x["basin_depth_ft"])
    smallest = _fig(result, "smallest_particle_um")
    trapped = (
        "holds the runoff of every one-year design storm"
        if smallest == 0
        else f"traps particles of {sig(smallest)} µm and larger in every one-year design storm"
    )
    return (
        f"Sedimentation basin ({result['citation']}): {num(area)} sq ft of surface is "
        f"{sig(_fig(result, 'percent_of_drainage_area'))}% of the "
        f"{num(float(x['drainage_area_acres']))} acres draining to it (at least "
        f"{sig(_fig(result, 'min_area_sq_ft'))} sq ft, {num(sec['min_area_fraction'] * 100)}%, "
        f"needed), {num(depth)} ft deep (at least {num(sec['min_depth_ft'])} ft), and it {trapped} "
        f"({num(sec['particle_um'])} µm required): {_verdict(result)}."
    )


def diversion_sentence(result: dict, rb=None) -> str:
    sec = _calculators(rb)["diversion"]
    x = result["inputs"]
    area = float(x["upslope_area_sq_ft"])
    speed = _fig(result, "max_velocity_ft_s")
    storm = hours_words(_fig(result, "governing_storm_h"))
    over = f"{comparison_words(sec['area_comparison'])} {num(sec['area_sq_ft'])} sq ft"
    slow = f"{comparison_words(sec['velocity_comparison'])} {num(sec['velocity_ft_s'])} ft/s"
    if result.get("diversion_required") is False:
        need = "no diversion is required"
    else:
        need = "a diversion is required" + (
            " and is in place" if x.get("diverted") else " and none is in place"
        )
    return (
        f"Sheetflow diversion ({result['citation']}): sheetflow from {num(area)} sq ft (the rule "
        f"applies to {over}) reaches {sig(speed)} ft/s in the {storm} one-year storm (it must "
        f"stay {slow} to need no diversion); {need}: {_verdict(result)}."
    )


def stockpile_sentence(result: dict, rb=None) -> str:
    sec = _calculators(rb)["stockpile"]
    x = result["inputs"]
    volume = float(x["volume_cu_yd"])
    if x.get("in_street"):
        barrier = "is protected by a barrier" if x.get("barrier") else "has no barrier"
        return (
            f"In-street soil pile ({result['citation']}): a pile of {num(volume)} cu yd on the "
            f"street {barrier} (a straw bale or other filtering barrier is required): "
            f"{_verdict(result)}."
        )
    distance = float(x["distance_ft"])
    return (
        f"Soil stockpile ({result['citation']}): a pile of {num(volume)} cu yd with a down-slope "
        f"drainage length of {num(distance)} ft to a road or drainage channel (a pile of "
        f"{comparison_words(sec['volume_comparison'])} {num(sec['volume_cu_yd'])} cu yd may not "
        f"have {comparison_words(sec['setback_comparison'])} {num(sec['setback_ft'])} ft): "
        f"{_verdict(result)}."
    )


SENTENCES = {
    "dewatering": dewatering_sentence,
    "basin": basin_sentence,
    "diversion": diversion_sentence,
    "stockpile": stockpile_sentence,
}
_UNREADABLE = (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError)


def sentence(calculation: Any, rb=None) -> str:
    """The sentence for a calculation saved with an answer ({name, inputs, result, ...})."""
    if not isinstance(calculation, dict):
        return ""
    name = calculation.get("name")
    render = SENTENCES.get(name) if isinstance(name, str) else None
    if render is None:
        return "A calculation of a kind this report does not know was saved with this answer."
    result = calculation.get("result")
    try:
        return render(result, rb)
    except _UNREADABLE:
        pass
    try:
        return render(run(name, calculation.get("inputs") or {}, rb), rb)
    except (CalculatorInputError, *_UNREADABLE):
        return (
            f"A {TITLES[name].lower()} calculation was saved with this answer, but its figures "
            "cannot be read."
        )
