"""Canonical JSON of a record (docs/sealing.md, docs/sync-protocol.md): RFC 8785, the JSON
Canonicalization Scheme, as the `rfc8785` package writes it. The browser writes the same text with
npm's `canonicalize` (static/js/canonical.js), so a record's hash taken on the device is the server's.

Two readings keep the digests of records hashed before this module used `rfc8785` (and what the
browser's JSON.stringify wrote) unchanged, where RFC 8785 itself would refuse the input:
- NaN and the infinities are written `null`;
- an integer beyond 2**53 is taken as the double JavaScript would have parsed (a device's numbers
  are doubles), so 10000000000000000 stays as it was sent.

Speed: a record is hashed twice on every push (the device's hash, then its seal), and `rfc8785` is
pure Python, slower than the C json encoder (bench/bench_canonical.py). The C encoder's text is
RFC 8785's whenever it holds no number Python writes its own way (2.0, 1e-06, 1e+16) and, in text
beyond ASCII, no character from U+E000 up (RFC 8785 orders keys by UTF-16 code units, Python by code
points; the two orders differ only there); anything else goes to `rfc8785`. An integer is written
with its digits either way, which is RFC 8785's text for every integer a device can send (a
double's shortest digits). A look-alike inside a string (a UUID's "…3e-…") is told apart by
looking again with the strings blanked out, and a whole number held as a float (a measurement's
20.0) is written as the integer it is, which is RFC 8785's text for it. tests/test_canonical.py
checks both paths against the RFC's examples and against `rfc8785` alone.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any

import rfc8785

_INT_SAFE = 2**53 - 1
# A number as Python's C encoder writes it and RFC 8785 does not: 2.0, -0.0, 1e-06, 1e+16 (a
# look-alike inside a string is ruled out with _STRING).
_PYTHON_NUMBER = re.compile(r"[0-9](?:\.0[,\]}]|e[-+])")
_EXPONENT = re.compile(r"[0-9]e[-+]")
_STRING = re.compile(
    r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL
)  # a JSON string as json.dumps writes it
_FROM_U_E000 = re.compile(r"[\ue000-\U0010ffff]")


def _as_json_numbers(value: Any) -> Any:
    """The value as JavaScript's JSON.parse would hold it: numbers as doubles, non-finite as null."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        if -_INT_SAFE <= value <= _INT_SAFE:
            return value
        try:
            return float(value)
        except OverflowError:
            return None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _as_json_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_as_json_numbers(v) for v in value]
    return value  # rfc8785 names what it cannot write


def jcs(value: Any) -> str:
    """RFC 8785 text of any JSON value, through `rfc8785` alone (the reference; slower)."""
    return rfc8785.dumps(_as_json_numbers(value)).decode("utf-8")


def _whole_floats_as_ints(value: Any) -> Any:
    """Floats that hold a whole number below 2**53 as ints: the C encoder writes 20.0 as "20.0",
    RFC 8785 (and the int) as "20"; -0.0 is "0" in both."""
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() and -_INT_SAFE <= value <= _INT_SAFE else value
    if kind is dict:
        return {k: _whole_floats_as_ints(v) for k, v in value.items()}
    if kind is list:
        return [_whole_floats_as_ints(v) for v in value]
    return value


def _c_text(record: dict) -> str:
    return json.dumps(
        record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def _python_number(text: str) -> str | None:
    """Which number Python writes its own way is in the text, outside strings: "exponent",
    "whole" (2.0) or None."""
    if not _PYTHON_NUMBER.search(text):
        return None
    bare = _STRING.sub('""', text)
    if _EXPONENT.search(bare):
        return "exponent"
    return "whole" if _PYTHON_NUMBER.search(bare) else None


def canonical_json(payload: dict) -> str:
    """The payload without its own `sha256` key, as RFC 8785 text."""
    record = {k: v for k, v in payload.items() if k != "sha256"}
    try:
        text = _c_text(record)
    except (TypeError, ValueError):  # non-finite numbers, keys that cannot be sorted
        return jcs(record)
    if not text.isascii() and _FROM_U_E000.search(text):
        return jcs(record)
    found = _python_number(text)
    if found == "whole":
        text = _c_text(_whole_floats_as_ints(record))
        found = _python_number(text)
    if found is not None:
        return jcs(record)
    return text


def record_sha256(payload: dict) -> str:
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()
