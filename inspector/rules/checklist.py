"""Which checklist items apply to a site, and what a measurement says, from the rulebook's catalog.

The browser evaluates the same `fail_if` conditions offline (static/js/checklist.js) from the same data.
"""
from __future__ import annotations

import math

from .rulebook import Rulebook, default

OPS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
       ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def site_tags(*, regime: str, has_stockpiles: bool, has_dewatering: bool, project_kind: str) -> set[str]:
    tags = {"always", f"regime:{regime}"}
    if has_stockpiles:
        tags.add("stockpiles")
    if has_dewatering:
        tags.add("dewatering")
    if project_kind in ("street_work", "underground_pipe"):
        tags.add("street_or_pipe")
    return tags


def items_for(tags: set[str], rb: Rulebook | None = None) -> list[dict]:
    rb = rb or default()
    return [item for item in rb["checklist.items"] if tags.intersection(item["applies_if"])]


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
            raise MeasurementError(key, f"{spec['label']} must be a number ({spec['unit']}).") from None
        if isinstance(value, bool) or not math.isfinite(number):
            raise MeasurementError(key, f"{spec['label']} must be a number ({spec['unit']}).")
        if number < spec["min"] or number > spec["max"]:
            raise MeasurementError(key, f"{spec['label']} must be between {spec['min']:g} and {spec['max']:g} {spec['unit']}.")
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
