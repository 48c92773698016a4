"""Shape checks of what devices send, before any handler reads it (every refusal names the field's
path).

Two layers:
- `check_json`: the whole body, whatever it is: nesting depth, whole numbers a device can write (a
  browser's JSON numbers are exact only up to 2^53), finite numbers, text that is valid Unicode. It
  walks the body without recursion, so a 100,000-deep array is refused instead of crashing the
  server.
- `check_payload`: each entity's payload fields by type (text, whole number, list, object), nested
  fields included (an answer's measurements, calculator and photo ids; a record's photo list), with
  the same paths the services use (`answers.SILT.calculator`, `photos.<id>.sha256`). The services
  then check meaning (a checklist item of this site, a number within the catalog's range)."""

from __future__ import annotations

import json
import math
import re

MAX_DEPTH = 16  # the deepest record devices send is 6 levels (a calculator's storm table)
MAX_SAFE_INT = 2**53 - 1
MAX_ID = 2**31 - 1  # database ids (INTEGER columns: 32 bits on PostgreSQL)
CALCULATOR_KEYS = {"name", "item", "inputs", "result", "saved_at"}
CALCULATOR_MAX_CHARS = 20_000


class ShapeError(ValueError):
    """{path: reason} for the fields whose shape is wrong."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def loads(data: bytes):
    """Parse a JSON body; raises ShapeError for text that is not JSON (or nested past any sense)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ShapeError({"body": f"Nested more than {MAX_DEPTH} levels deep."}) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ShapeError({"body": f"Not valid JSON ({exc})."}) from None


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _suspect(body, raw: bytes | None) -> bool:
    """A quick pass without paths: could anything be wrong? (Most bodies are fine; paths cost.)"""
    if raw is None or _SURROGATE_ESCAPE.search(raw):
        return True
    stack = [(body, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        for item in value.values() if type(value) is dict else value:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1))
            elif kind is int:
                if not -MAX_SAFE_INT <= item <= MAX_SAFE_INT:
                    return True
            elif kind is float and not math.isfinite(item):
                return True
    return False


def check_json(body, raw: bytes | None = None) -> None:
    """Refuse values no device writes: too deep, inexact or non-finite numbers, broken text.
    `raw`: the bytes the body was parsed from (lets a sound body skip the walk with paths)."""
    if isinstance(body, (dict, list)) and not _suspect(body, raw):
        return
    errors: dict[str, str] = {}
    stack = [(body, "body", 0)]
    while stack and len(errors) < 20:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            errors[path] = f"Nested more than {MAX_DEPTH} levels deep."
            continue
        if isinstance(value, dict):
            for key, item in value.items():
                if not _valid_text(key):
                    errors[path] = "A key is not valid Unicode text."
                    continue
                stack.append((item, _join(path, key), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, _join(path, i), depth + 1) for i, item in enumerate(value))
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_SAFE_INT:
                errors[path] = f"A whole number beyond ±{MAX_SAFE_INT:,} (not exact in JSON)."
        elif isinstance(value, float):
            if not math.isfinite(value):
                errors[path] = "Must be a finite number (NaN and Infinity are not JSON)."
        elif isinstance(value, str) and not _valid_text(value):
            errors[path] = "Not valid Unicode text (a lone surrogate)."
    if errors:
        raise ShapeError(errors)


def _join(path: str, key) -> str:
    return f"{key}" if path == "body" else f"{path}.{key}"


def _valid_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# ---------------------------------------------------------------- field types


def is_whole(value, low: int = 1, high: int = MAX_ID) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


TEXT, NTEXT, WHOLE, NWHOLE, NUMBER, NNUMBER, BOOL, LIST, NLIST, OBJECT, NOBJECT = (
    "text",
    "text or null",
    "whole",
    "whole or null",
    "number",
    "number or null",
    "bool",
    "list",
    "list or null",
    "object",
    "object or null",
)
NUMTEXT = "number or text or null"  # a site's numbers also come from form fields as text
REASONS = {
    TEXT: "Must be text.",
    NTEXT: "Must be text or null.",
    WHOLE: "Must be a whole number (an id).",
    NWHOLE: "Must be a whole number (an id) or null.",
    NUMBER: "Must be a number.",
    NNUMBER: "Must be a number or null.",
    BOOL: "Must be true or false.",
    LIST: "Must be a list.",
    NLIST: "Must be a list or null.",
    OBJECT: "Must be an object.",
    NOBJECT: "Must be an object or null.",
    NUMTEXT: "Must be a number (or empty).",
}


_BASE = {
    "text": lambda v: isinstance(v, str),
    "whole": is_whole,
    "number": is_number,
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
# kind -> (accepts null, test of a non-null value); built once, used for every field of every push
_TESTS = {kind: (kind.endswith("or null"), _BASE[kind.split(" or ")[0]]) for kind in REASONS}
_TESTS[NUMTEXT] = (True, lambda v: is_number(v) or isinstance(v, str))


def _check_fields(obj: dict, spec: dict[str, str], prefix: str, errors: dict) -> None:
    for key, value in obj.items():
        kind = spec.get(key)
        if kind is None:
            continue
        nullable, test = _TESTS[kind]
        if not (nullable if value is None else test(value)):
            errors[prefix + key] = REASONS[kind]


PHOTO = {
    "id": TEXT,
    "sha256": TEXT,
    "item_code": NTEXT,
    "taken_at": NTEXT,
    "taken_at_source": NTEXT,  # exif | file | device-clock (the service checks the word)
    "latitude": NNUMBER,
    "longitude": NNUMBER,
    "marks": NLIST,  # each mark's fields: inspector/marks.py (the service names the path)
}
ANSWER = {
    "item_code": TEXT,
    "result": NTEXT,
    "note": NTEXT,
    "corrective_action": NTEXT,
    "measurements": NOBJECT,
    "calculator": NOBJECT,
    "photo_ids": NLIST,
}
INSPECTION = {
    "site_id": WHOLE,
    "kind": TEXT,
    "inspector_name": NTEXT,
    "inspected_on": TEXT,
    "started_at": NTEXT,
    "ended_at": NTEXT,
    "weather": NTEXT,
    "phase": NTEXT,
    "notes": NTEXT,
    "active_disturbance": BOOL,
    "rain_event_id": NWHOLE,
    "finding_id": NTEXT,
    "catalog_version": NTEXT,
    "replaces_id": NTEXT,
    "answers": LIST,
    "photos": NLIST,
    "sha256": TEXT,
    "signature": NOBJECT,  # its strokes: inspector/rules/signatures.py (the service names the path)
    "signature_statement_version": NTEXT,
    "signed_by_name": NTEXT,
    "signed_at": NTEXT,
}
FINDING = {"status": TEXT, "note": NTEXT, "corrected_note": NTEXT, "photos": NLIST}
RAIN_READING = {
    "gauge_id": WHOLE,
    "site_id": NWHOLE,
    "observed_at": TEXT,
    "amount_in": NUMBER,
    "period_hours": NUMBER,
    "sha256": NTEXT,
}
STOP_WORK_ORDER = {
    "site_id": WHOLE,
    "grounds": LIST,
    "posted_at": TEXT,
    "notes": NTEXT,
    "photos": NLIST,
    "sha256": NTEXT,
}
SITE = {
    "name": NTEXT,
    "address": NTEXT,
    "legal_description": NTEXT,
    "project_kind": TEXT,
    "latitude": NUMTEXT,
    "longitude": NUMTEXT,
    "area_acres": NUMTEXT,
    "length_ft": NUMTEXT,
    "disturbed_acres": NUMTEXT,
    "channel_originates": BOOL,
    "state_funded": BOOL,
    "extraterritorial": BOOL,
    "has_stockpiles": BOOL,
    "has_dewatering": BOOL,
}
PAYLOADS = {
    "inspection": INSPECTION,
    "finding": FINDING,
    "rain_reading": RAIN_READING,
    "stop_work_order": STOP_WORK_ORDER,
    "site": SITE,
}


def check_payload(entity: str, payload: dict) -> None:
    """Raise ShapeError naming every field of `payload` whose type is wrong for `entity`."""
    spec = PAYLOADS.get(entity)
    if spec is None:
        return
    errors: dict[str, str] = {}
    _check_fields(payload, spec, "", errors)
    if isinstance(payload.get("photos"), list):
        check_photos(payload["photos"], errors)
    if entity == "inspection" and isinstance(payload.get("answers"), list):
        for i, answer in enumerate(payload["answers"]):
            check_answer(answer, i, errors)
    if entity == "stop_work_order" and isinstance(payload.get("grounds"), list):
        for i, ground in enumerate(payload["grounds"]):
            if not isinstance(ground, str):
                errors[f"grounds.{i}"] = "Must be the name of a ground (text)."
    if errors:
        raise ShapeError(errors)


def check_photos(photos: list, errors: dict) -> None:
    for i, photo in enumerate(photos):
        if not isinstance(photo, dict):
            errors[f"photos.{i}"] = "Must be an object {id, sha256, ...}."
            continue
        pid = photo.get("id")
        _check_fields(photo, PHOTO, f"photos.{pid if isinstance(pid, str) and pid else i}.", errors)


def check_answer(answer, i: int, errors: dict) -> None:
    if not isinstance(answer, dict):
        errors[f"answers.{i}"] = "Must be an object."
        return
    code = answer.get("item_code")
    prefix = f"answers.{code}." if isinstance(code, str) and code else f"answers.{i}."
    _check_fields(answer, ANSWER, prefix, errors)
    if answer.get("result") not in (None, "pass", "fail", "na"):
        errors[prefix + "result"] = "Must be pass, fail or na."
    measurements = answer.get("measurements")
    if isinstance(measurements, dict):
        for key, value in measurements.items():
            if value not in (None, "") and not is_number(value):
                errors[f"{prefix}measurements.{key}"] = "Must be a number."
    ids = answer.get("photo_ids")
    if isinstance(ids, list) and any(not isinstance(p, str) for p in ids):
        errors[prefix + "photo_ids"] = "Must be a list of photo ids (text)."
    calculator = answer.get("calculator")
    if isinstance(calculator, dict):
        problem = calculator_problem(calculator)
        if problem:
            errors[prefix + "calculator"] = problem


def calculator_problem(calc: dict) -> str | None:
    """What is wrong with an attached calculator result, or None. The capture page writes
    {name, item, inputs, result, saved_at} (static/js/calculator-page.js)."""
    unknown = sorted(set(calc) - CALCULATOR_KEYS)
    if unknown:
        return (
            f"Unknown key {unknown[0]!r}: a calculator result is "
            "{name, item, inputs, result, saved_at}."
        )
    if not isinstance(calc.get("name"), str) or not calc["name"]:
        return "Must name its calculator (name: text)."
    for key in ("inputs", "result"):
        if calc.get(key) is not None and not isinstance(calc[key], dict):
            return f"{key} must be an object."
    for key in ("item", "saved_at"):
        if calc.get(key) is not None and not isinstance(calc[key], str):
            return f"{key} must be text."
    if len(json.dumps(calc)) > CALCULATOR_MAX_CHARS:
        return f"At most {CALCULATOR_MAX_CHARS:,} characters of JSON."
    return None
