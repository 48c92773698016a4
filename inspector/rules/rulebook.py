"""Load and validate the rulebook (the ordinance's numbers, deadlines and citations).

Pure Python: no Flask, no database. Everything else reads the ordinance through a Rulebook.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).with_name("fairwater.toml")

NUMBER = (int, float)

# Every key the code relies on, with the type it must have. A missing or malformed value stops
# the app at start with a message naming the key, instead of failing later in the field.
REQUIRED: dict[str, type | tuple[type, ...]] = {
    "meta.municipality": str,
    "meta.chapter": str,
    "meta.rulebook_version": str,
    "applicability.exempt_state_funded": bool,
    "applicability.exempt_citation": str,
    "applicability.kinds": dict,
    "regime.citation": str,
    "regime.threshold_acres": NUMBER,
    "sections.site_definition": str,
    "sections.control_plan": str,
    "sections.surety": str,
    "sections.permit_conditions": str,
    "sections.plan_modification": str,
    "regime.perimeter_citation": str,
    "regime.basin_citation": str,
    "regime.exactly_threshold_note": str,
    "clocks.plan_review.work_days": int,
    "clocks.plan_review.citation": str,
    "clocks.permit_validity.days": int,
    "clocks.permit_validity.citation": str,
    "clocks.permit_validity.reminder_days": int,
    "clocks.permit_validity.reminder_note": str,
    "clocks.extension.max_days": int,
    "clocks.extension.reading_note": str,
    "clocks.commencement_notice.hours": int,
    "clocks.completion_notice.days": int,
    "clocks.weekly_inspection.days": int,
    "clocks.weekly_inspection.counted_note": str,
    "clocks.post_rain_inspection.rain_threshold_in": NUMBER,
    "clocks.post_rain_inspection.window_hours": NUMBER,
    "clocks.post_rain_inspection.deadline_hours": NUMBER,
    "clocks.post_rain_inspection.each_rain_note": str,
    "rain.max_daily_in": NUMBER,
    "rain.gauge_radius_mi": NUMBER,
    "rain.reminder_lead_hours": NUMBER,
    "rain.future_tolerance_minutes": NUMBER,
    "rain.day_citation": str,
    "rain.day_note": str,
    "rain.same_reading_minutes": NUMBER,
    "rain.manual_period_note": str,
    "clocks.repair.hours": NUMBER,
    "clocks.street_sediment.workday_end": str,
    "clocks.street_sediment.workday_note": str,
    "clocks.stop_work_compliance.days": int,
    "clocks.stop_work_compliance.reading_note": str,
    "clocks.stop_work_compliance.lapsed_permit_note": str,
    "calendar.timezone": str,
    "calendar.work_days": list,
    "calendar.holidays": list,
    "calendar.holidays_source": str,
    "calendar.holidays_through": str,
    "permit_conditions": list,
    "control_plan_documents": list,
    "uploads.control_plan_max_bytes": int,
    "uploads.control_plan_types": list,
    "stop_work.citation": str,
    "stop_work.auto_issue": bool,
    "stop_work.compliance_days": int,
    "stop_work.repeat_critical_failures": int,
    "stop_work.overdue_findings": int,
    "stop_work.grounds": dict,
    "stop_work.overdue_grace_hours": NUMBER,
    "stop_work.rules": dict,
    "stop_work.rules.no_permit.no_permit_statuses": list,
    "stop_work.rules.no_plan_on_site.item_code": str,
    "checklist.version": str,
    "checklist.versions": list,
    "regime.runoff_citation": str,
    "regime.runoff_words": str,
    "regime.runoff_recorded_note": str,
    "regime.runoff_only_citations": list,
    "excluded_uses.citation": str,
    "excluded_uses.words": str,
    "applicability.extraterritorial_recorded_note": str,
    "dewatering_exemption.citation": str,
    "dewatering_exemption.words": str,
    "stop_work.grounds.no_permit.entry_citation": str,
    "stop_work.grounds.no_permit.application_entry_citation": str,
    "checklist.items": list,
    "calculators": dict,
    "certification.current": str,
    "certification.citation": str,
    "certification.source": str,
    "certification.required_kinds": list,
    "certification.expiry_warning_days": int,
    "certification.statements": dict,
}

KIND_KEYS = {
    "label": str,
    "measure": str,
    "threshold": NUMBER,
    "comparison": str,
    "citation": str,
    "words": str,
}
ITEM_KEYS = {
    "code": str,
    "title": str,
    "question": str,
    "failure": str,
    "corrective_action": str,
    "citation": str,
    "applies_if": list,
    "repair": str,
    "severity": str,
}
COMPARISONS = {"at_least", "over", "under"}
SEVERITIES = {"minor", "major", "critical"}
FAIL_OPS = {"<", "<=", ">", ">="}


class RulebookError(ValueError):
    """The rulebook file is missing a key or has a malformed value."""


def _lookup(data: dict, dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise RulebookError(f"rulebook: missing key '{dotted}'")
        node = node[part]
    return node


def _check_type(key: str, value: Any, expected) -> None:
    # bool is an int in Python; a number field must not accept true/false.
    if isinstance(value, bool) and expected is not bool:
        raise RulebookError(f"rulebook: key '{key}' must be a number, not {value!r}")
    if not isinstance(value, expected):
        names = expected.__name__ if isinstance(expected, type) else "number"
        raise RulebookError(f"rulebook: key '{key}' must be {names}, got {value!r}")


def validate(data: dict) -> None:
    for key, expected in REQUIRED.items():
        _check_type(key, _lookup(data, key), expected)
    for version, statement in data["certification"]["statements"].items():
        for signer in ("inspector", "permittee", "order"):
            _check_type(f"certification.statements.{version}.{signer}", statement.get(signer), str)
    if data["certification"]["current"] not in data["certification"]["statements"]:
        raise RulebookError("rulebook: 'certification.current' names no certification.statements")
    for name, kind in data["applicability"]["kinds"].items():
        for key, expected in KIND_KEYS.items():
            full = f"applicability.kinds.{name}.{key}"
            _check_type(full, _lookup(data, full), expected)
        if kind["comparison"] not in COMPARISONS:
            raise RulebookError(
                f"rulebook: key 'applicability.kinds.{name}.comparison' must be one of {sorted(COMPARISONS)}"
            )
    codes = set()
    for i, item in enumerate(data["checklist"]["items"]):
        for key, expected in ITEM_KEYS.items():
            if key not in item:
                raise RulebookError(f"rulebook: missing key 'checklist.items[{i}].{key}'")
            _check_type(f"checklist.items[{i}].{key}", item[key], expected)
        if item["code"] in codes:
            raise RulebookError(f"rulebook: duplicate checklist code '{item['code']}'")
        codes.add(item["code"])
        if item["severity"] not in SEVERITIES:
            raise RulebookError(
                f"rulebook: key 'checklist.items[{i}].severity' must be one of {sorted(SEVERITIES)}"
            )
        measured = {m["key"] for m in item.get("measurements", [])}
        for cond in item.get("fail_if", []):
            if len(cond) not in (3, 4) or cond[0] not in measured or cond[1] not in FAIL_OPS:
                raise RulebookError(
                    f"rulebook: key 'checklist.items[{i}].fail_if' has a malformed condition {cond!r}"
                )
    versions = data["checklist"]["versions"]
    if data["checklist"]["version"] != versions[-1]:
        raise RulebookError(
            "rulebook: key 'checklist.version' must be the last of 'checklist.versions'"
        )
    for i, item in enumerate(data["checklist"]["items"]):
        if "since" in item and item["since"] not in versions:
            raise RulebookError(
                f"rulebook: key 'checklist.items[{i}].since' names no version in "
                "'checklist.versions'"
            )
    for day in data["calendar"]["holidays"]:
        try:
            from datetime import date

            date.fromisoformat(day)
        except (TypeError, ValueError):
            raise RulebookError(
                f"rulebook: key 'calendar.holidays' has a malformed date {day!r}"
            ) from None


# A figure the rulebook sets, named in one of its own texts: "{deadline_hours}" (a key of the same
# table) or "{clocks.repair.hours}" (from the top). Notes state the app's configurable defaults, so
# a changed figure changes the sentence that explains it (README, "The ordinance in one file").
FIGURE = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*)\}")


def _figure(value: Any, name: str, where: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RulebookError(f"rulebook: key '{where}' names {{{name}}}, which is not a figure")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def fill_in_figures(data: dict) -> None:
    """Write each "{name}" in the rulebook's texts as the figure it names, in place."""

    def text(value: str, table: dict, where: str) -> str:
        def one(match: re.Match) -> str:
            name = match.group(1)
            if "." not in name and name in table:
                return _figure(table[name], name, where)
            try:
                value = _lookup(data, name)
            except RulebookError:
                raise RulebookError(
                    f"rulebook: key '{where}' names {{{name}}}, which is not in the rulebook"
                ) from None
            return _figure(value, name, where)

        return FIGURE.sub(one, value)

    def walk(node: Any, table: dict, where: str) -> Any:
        if isinstance(node, str):
            return text(node, table, where) if "{" in node else node
        if isinstance(node, dict):
            for key, value in node.items():
                node[key] = walk(value, node, f"{where}.{key}" if where else key)
            return node
        if isinstance(node, list):
            return [walk(v, table, f"{where}[{i}]") for i, v in enumerate(node)]
        return node

    walk(data, data, "")


def check_calendar_coverage(data: dict, today) -> None:
    """The work-day clocks (§ 256-8C) skip the listed Village holidays: a list that stops short
    would silently count a holiday as a work day, so it must cover the next 12 months."""
    from datetime import date

    key = "calendar.holidays_through"
    try:
        through = date.fromisoformat(_lookup(data, key))
    except (TypeError, ValueError):
        raise RulebookError(f"rulebook: key '{key}' must be a date (YYYY-MM-DD)") from None
    try:
        needed = today.replace(year=today.year + 1)
    except ValueError:  # 29 February
        needed = today.replace(year=today.year + 1, day=28)
    if through < needed:
        raise RulebookError(
            f"rulebook: key '{key}' is {through.isoformat()}: the Village holiday "
            f"list (calendar.holidays) must cover the next 12 months, through at "
            f"least {needed.isoformat()}. Add the coming holidays and move {key}."
        )


@dataclass(frozen=True)
class Rulebook:
    """Read-only access to the rulebook data by dotted key: rb['clocks.repair.hours']."""

    data: dict
    path: str
    # Each dotted key is walked once: pages ask the same few keys thousands of times. The data is
    # never changed after load (a variant rulebook is a new Rulebook), so a found value stays right.
    _found: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __getitem__(self, dotted: str) -> Any:
        try:
            return self._found[dotted]
        except KeyError:
            value = self._found[dotted] = _lookup(self.data, dotted)
            return value

    def get(self, dotted: str, default: Any = None) -> Any:
        try:
            return self[dotted]
        except RulebookError:
            return default

    @property
    def version(self) -> str:
        return self["meta.rulebook_version"]

    def checklist_item(self, code: str) -> dict:
        for item in self["checklist.items"]:
            if item["code"] == code:
                return item
        raise KeyError(code)

    def item_title(self, code: str | None) -> str | None:
        """A checklist item's title; None for a code the catalog lacks."""
        try:
            return self.checklist_item(code)["title"]
        except KeyError:
            return None

    def item_name(self, code: str) -> str:
        """A checklist item by its title, its code after it ("Storm drain inlet protection
        (INLET)"); the code alone of an item a later catalog dropped."""
        title = self.item_title(code)
        return f"{title} ({code})" if title else code


def load(path: str | Path | None = None) -> Rulebook:
    path = Path(path or DEFAULT_PATH)
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise RulebookError(f"rulebook: file not found: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulebookError(f"rulebook: {path} is not valid TOML: {exc}") from None
    validate(data)
    fill_in_figures(data)
    return Rulebook(data=data, path=str(path))


@lru_cache(maxsize=4)
def default() -> Rulebook:
    """The bundled rulebook, loaded once (for pure code and tests that need no app)."""
    return load(DEFAULT_PATH)
