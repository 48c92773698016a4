"""Which checklist items apply to a site, and what a measurement says, from the rulebook's catalog.

The browser evaluates the same `fail_if` conditions offline (static/js/checklist.js) from the same data.
"""

from __future__ import annotations

import math

from .rulebook import Rulebook, default

OPS = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def site_tags(
    *,
    regime: str,
    has_stockpiles: bool,
    has_dewatering: bool,
    project_kind: str,
    dewatering_fines_only: bool = False,
) -> set[str]:
    """Regime "none": runoff does not leave the site (§ 256-7B(5)). Dewatering water shown to hold
    no particles over 100 µm needs no device (§ 256-7B(1)), but its discharge still must not erode."""
    tags = {"always"} if regime == "none" else {"always", f"regime:{regime}"}
    if has_stockpiles:
        tags.add("stockpiles")
    if has_dewatering:
        tags.add("dewatering_discharge")
        if not dewatering_fines_only:
            tags.add("dewatering")
    if project_kind in ("street_work", "underground_pipe"):
        tags.add("street_or_pipe")
    return tags


def items_for(
    tags: set[str], rb: Rulebook | None = None, *, runoff_leaves_site: bool = True
) -> list[dict]:
    rb = rb or default()
    items = [item for item in rb["checklist.items"] if tags.intersection(item["applies_if"])]
    if not runoff_leaves_site:  # § 256-7B(5): criteria (a)-(d) only where runoff leaves the site
        only = tuple(rb["regime.runoff_only_citations"])
        items = [item for item in items if not item["citation"].startswith(only)]
    return items


def in_version(items, version: str, rb: Rulebook | None = None):
    """The items an inspection made with catalog `version` was asked (later items say `since`). An
    unknown version is checked against the current catalog."""
    versions = (rb or default())["checklist.versions"]
    if version not in versions:
        return list(items)
    made = versions.index(version)
    return [item for item in items if versions.index(item.get("since", versions[0])) <= made]


class MeasurementError(ValueError):
    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key
        self.message = message


def parse_measurements(item: dict, raw: dict) -> dict[str, float]:
    """Validate the measurements given for an item: numbers within the catalog's range."""
    values: dict[str, float] = {}
    specs = {m["key"]: m for m in item.get("measurements", [])}
    for key in raw:
        if key not in specs:
            raise MeasurementError(key, f"{item['code']} has no measurement '{key}'.")
    for key, spec in specs.items():
        value = raw.get(key)
        if value in (None, ""):
            continue
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise MeasurementError(
                key, f"{spec['label']} must be a number ({spec['unit']})."
            ) from None
        if isinstance(value, bool) or not math.isfinite(number):
            raise MeasurementError(key, f"{spec['label']} must be a number ({spec['unit']}).")
        if number < spec["min"] or number > spec["max"]:
            raise MeasurementError(
                key,
                f"{spec['label']} must be between {spec['min']:g} and {spec['max']:g} {spec['unit']}.",
            )
        values[key] = number
    return values


def measurement_fails(item: dict, values: dict[str, float]) -> bool | None:
    """True when every fail_if condition holds; None when a needed value is missing."""
    conditions = item.get("fail_if")
    if not conditions:
        return None
    for cond in conditions:
        key, op, limit = cond[0], cond[1], cond[2]
        if key not in values:
            return None
        if len(cond) == 4:
            if cond[3] not in values:
                return None
            limit = limit * values[cond[3]]
        if not OPS[op](values[key], limit):
            return False
    return True


# § 256-8D(3)(g) asks the permittee to "inspect the construction control measures": a weekly or post-rain
# inspection answers every item of the site's checklist, or it is not that inspection (an empty one would
# reset the weekly clock). The Village inspects "as often as he deems it appropriate" (§ 256-9A): its
# inspections, follow-ups and complaint visits may be partial, and their reports say so.
COMPLETE_KINDS = ("weekly", "post_rain")


def unanswered(kind: str, codes, answered) -> list[str]:
    """The site's checklist items an inspection of this kind must answer and did not."""
    if kind not in COMPLETE_KINDS:
        return []
    answered = set(answered)
    return [code for code in codes if code not in answered]


def calculator_refuses_pass(calculation: dict, rb: Rulebook | None = None) -> str | None:
    """Why an item answered pass cannot carry this calculation (None when it can), the way a failing
    measurement refuses pass. The calculation is run again from its inputs, so a device cannot send a
    verdict the ordinance's numbers do not give; one whose inputs cannot be run is judged by its own."""
    from .calculators import CalculatorInputError, run

    name = calculation.get("name")
    declared = calculation.get("result")
    try:
        result = run(name, calculation.get("inputs") or {}, rb)
    except CalculatorInputError:
        result = declared if isinstance(declared, dict) else {}
    if result.get("passes") is False:
        summary = result.get("summary")
        return (
            f"The attached {name} calculation does not meet the ordinance"
            f"{f' ({summary})' if isinstance(summary, str) and summary else ''}; an item cannot pass "
            "with it: answer fail, or calculate again."
        )
    return None


def measurement_lines(item: dict, measured: dict) -> list[str]:
    """Each measurement in words with its unit, from the catalog: "Sediment depth in the device:
    9 in of 12 in". A measurement a condition compares with a share of another (`fail_if`
    [field, op, factor, other]) is shown against that other one; a key the catalog does not
    define is left out (the report shows no raw keys)."""
    from .calculators import num

    specs = {m["key"]: m for m in item.get("measurements", [])}
    against = {
        cond[0]: cond[3] for cond in item.get("fail_if", []) if len(cond) == 4 and cond[3] in specs
    }

    def words(key: str) -> str | None:
        value = measured.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        return f"{num(value)} {specs[key]['unit']}"

    # The "of" side of a pair is shown on its own line only when its partner was not measured.
    paired = {other for field, other in against.items() if words(field) is not None}
    lines = []
    for key, spec in specs.items():
        own = words(key)
        other = words(against[key]) if key in against else None
        if own is not None and other is not None:
            lines.append(f"{spec['label']}: {own} of {other}")
        elif own is not None and key not in paired:
            lines.append(f"{spec['label']}: {own}")
    return lines
