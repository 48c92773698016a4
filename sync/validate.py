"""Shape checks of what devices send, before any handler reads it (every refusal names the field's
path).

Two layers:
- `parse` (`loads`, then `check_json`): the whole body, whatever it is: nesting depth, whole numbers a device can write (a
  browser's JSON numbers are exact only up to 2^53), finite numbers, text that is valid Unicode. It
  walks the body without recursion, so a 100,000-deep array is refused instead of crashing the
  server.
- `parse_batch`, `check_payload`: the batch and each entity's payload against their declared
  models (sync/schemas/push.py), refusals named with the same paths the services use
  (`answers.SILT.calculator`, `photos.<id>.sha256`). The services then check meaning (a checklist
  item of this site, a number within the catalog's range)."""

from __future__ import annotations

import json
import math
import re

import orjson
from pydantic import ValidationError

from .schemas.base import MAX_ID, Wire, field_errors
from .schemas.push import PAYLOADS, PushRequest

MAX_DEPTH = 16  # the deepest record devices send is 6 levels (a calculator's storm table)
MAX_SAFE_INT = 2**53 - 1
__all__ = [
    "MAX_ID",
    "PAYLOADS",
    "ShapeError",
    "check_json",
    "check_payload",
    "loads",
    "parse",
    "parse_batch",
]


class ShapeError(ValueError):
    """{path: reason} for the fields whose shape is wrong."""

    def __init__(self, errors: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


def parse(data: bytes):
    """A push body parsed and checked (`loads`, then `check_json`), with the same refusals. Most
    bodies are parsed by orjson, several times quicker than json.loads: orjson refuses what
    check_json would (NaN, Infinity, a number beyond a double, a lone surrogate, a byte order mark
    or UTF-16) and json.loads then parses the body again to name the problem as before; what orjson
    takes but reads otherwise (an integer of 16 digits or more, which it makes a float past 2**64)
    or check_json refuses (too deep) is found in the bytes first and goes the same way."""
    if not _suspect_bytes(data):
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
    body = loads(data)
    check_json(body, data)  # depth, exact numbers, valid text: before any reading
    return body


# Scanned with bytes.translate / find / replace (C loops over the whole body: a regular
# expression's search of 250 kB costs more than parsing it).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_SIXTEEN = b"0" * 16  # 2**53 has 16 digits
_BEFORE_VALUE = frozenset(b" \t\n\r:,[")
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'"[]{}')))
_BRACES_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")
_STRING = re.compile(rb'"[^"]*"')


def _suspect_bytes(data: bytes) -> bool:
    """Could the body hold a whole number of 16 digits or more, or nest deeper than MAX_DEPTH?
    True also for some bodies that do not (digits inside text): those only take the slower way."""
    return _long_number(data) or _too_deep(data)


def _long_number(data: bytes) -> bool:
    """16 digits in a row where a number can start (after [ : , or a space, maybe with a minus)."""
    digits = data.translate(_DIGITS_AS_ZERO)
    at = digits.find(_SIXTEEN)
    while at != -1:
        before = at - 1 if at and data[at - 1] == 45 else at  # 45: "-"
        if before == 0 or data[before - 1] in _BEFORE_VALUE:
            return True
        at = digits.find(_SIXTEEN, at + 16)
    return False


def _too_deep(data: bytes) -> bool:
    """Only the brackets outside text kept, each pass drops the innermost pairs: a body whose
    brackets are gone after MAX_DEPTH + 1 passes has no container deeper than MAX_DEPTH (the body
    itself is at depth 0). Text is dropped as JSON reads it: escaped backslashes, then escaped
    quotes; then each string, which is two quotes side by side unless it holds a bracket. Braces
    are kept as square brackets: in JSON that parses, pairs nest alike whatever their kind, and one
    kind lets a pass be one replace (it drops only the pairs there were before it ran, "[[]]" ->
    "[]"); a body that does not parse is refused by the parser whatever this answers."""
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    structure = data.translate(_BRACES_AS_BRACKETS, _NOT_STRUCTURE)
    if structure.count(b'""') * 2 == structure.count(b'"'):  # every string is a "" pair
        brackets = structure.translate(None, b'"')
    else:  # a bracket inside text
        brackets = _STRING.sub(b"", structure.replace(b'""', b""))
    for _ in range(MAX_DEPTH + 1):
        rest = brackets.replace(b"[]", b"")
        if not rest:
            return False
        if len(rest) == len(brackets):
            return True
        brackets = rest
    return True


def loads(data: bytes):
    """Parse a JSON body; raises ShapeError for text that is not JSON (or nested past any sense)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ShapeError({"body": f"Nested more than {MAX_DEPTH} levels deep."}) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ShapeError({"body": f"Not valid JSON ({exc})."}) from None


# A lone surrogate written as an escape (\ud800) or as raw bytes, which json.loads also takes
# ("surrogatepass").
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")


def _suspect(body, raw: bytes | None) -> bool:
    """A quick pass without paths: could anything be wrong? (Most bodies are fine; paths cost.)"""
    if raw is None or raw[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in raw[:4]:
        return True  # UTF-16 or UTF-32 (json.loads reads them too): the bytes say nothing here
    if (b"\\u" in raw or b"\xed" in raw) and _SURROGATE.search(raw):  # `in` is quicker
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


# ---------------------------------------------------------------- the declared models


def parse_batch(body) -> PushRequest:
    """The batch's envelope checked against its model; raises ShapeError naming each bad field
    (mutations.3.entity). The payloads are each mutation's own (check_payload)."""
    try:
        batch = PushRequest.model_validate(body)
    except ValidationError as exc:
        raise ShapeError(field_errors(exc, PushRequest, body)) from None
    errors, seen = {}, set()
    for i, m in enumerate(batch.mutations):
        if m.mutation_id in seen:
            errors[f"mutations.{i}.mutation_id"] = (
                "Repeated in the batch: each mutation needs its own id."
            )
        seen.add(m.mutation_id)
    if errors:
        raise ShapeError(errors)
    return batch


def check_payload(entity: str, payload: dict) -> Wire | None:
    """The payload as its entity's model (None for an entity without one); raises ShapeError
    naming every field whose type is wrong (answers.SILT.calculator, photos.<id>.sha256)."""
    model = PAYLOADS.get(entity)
    if model is None:
        return None
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise ShapeError(field_errors(exc, model, payload)) from None
