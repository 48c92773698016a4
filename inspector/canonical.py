"""Canonical JSON of a record (docs/sealing.md, docs/sync-protocol.md): RFC 8785, the JSON
Canonicalization Scheme, as the `rfc8785` package writes it. The browser writes the same text with
npm's `canonicalize` (static/js/canonical.js), so a record's hash taken on the device is the server's.

Two readings keep the digests of records hashed before this module used `rfc8785` (and what the
browser's JSON.stringify wrote) unchanged, where RFC 8785 itself would refuse the input:
- NaN and the infinities are written `null`;
- an integer beyond 2**53 is taken as the double JavaScript would have parsed (a device's numbers
  are doubles), so 10000000000000000 stays as it was sent.

Speed: a record is hashed twice on every push (the device's hash, then its seal), and `rfc8785` is
pure Python, far slower than a compiled encoder (bench/bench_canonical.py). The text of `orjson`
(sorted keys, compact) is RFC 8785's whenever it holds no number written another way (2.0, -0.0,
1e+16, 1e-5: a whole number held as a float, or an exponent) and, in text beyond ASCII, no
character from U+E000 up (RFC 8785 orders keys by UTF-16 code units, orjson by code points; the two
orders differ only there); anything else goes to `rfc8785`. Strings are escaped alike for every
code point, and an integer is written with its digits either way, which is RFC 8785's text for
every integer a device can send (a double's shortest digits). A look-alike inside a string (a
UUID's "…3e-…") is told apart by what comes before it, and a whole number
held as a float (a measurement's 20.0) is written as the integer it is, which is RFC 8785's text
for it. What orjson refuses (an integer beyond 64 bits, a key that is not text, a subclass of a
JSON type) goes through the standard library's encoder, as before orjson was used.
tests/test_canonical.py checks the paths against the RFC's examples and against `rfc8785` alone.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

import orjson
import rfc8785

_INT_SAFE = 2**53 - 1
# How orjson (or Python's encoder) writes a number RFC 8785 writes otherwise: an exponent (1e-5,
# 1e+16: RFC 8785 writes 0.00001 and 10000000000000000) or a whole float (2.0, -0.0), each after a
# digit. Found with bytes.find, which costs far less than a regular expression's search; a find of
# one byte (memchr) costs less again, so each sign and "." are looked for alone.
_E = ord("e")
_WHOLE_AFTER = frozenset(b",]}")  # what follows ".0" in a whole float
_DIGITS = frozenset(b"0123456789")
_IN_NUMBER = frozenset(b"0123456789.-")
_BEFORE_NUMBER = frozenset(b":,[")  # in compact JSON a number follows one of these
# UTF-8 lead bytes of U+E000 and up: keys there sort differently by UTF-16 code units
_FROM_U_E000 = (b"\xee", b"\xef", b"\xf0", b"\xf1", b"\xf2", b"\xf3", b"\xf4")


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
    """Floats that hold a whole number below 2**53 as ints: orjson writes 20.0 as "20.0", RFC 8785
    (and the int) as "20"; -0.0 is "0" in both."""
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() and -_INT_SAFE <= value <= _INT_SAFE else value
    if kind is dict:
        return {k: _whole_floats_as_ints(v) for k, v in value.items()}
    if kind is list:
        return [_whole_floats_as_ints(v) for v in value]
    return value


# Sorted keys; a subclass of str, int or dict, a datetime or a dataclass is refused (TypeError), as
# the standard library's encoder refuses or writes them.
_ORJSON = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
)


def _compiled(record: dict) -> bytes:
    try:
        return orjson.dumps(record, option=_ORJSON)
    except TypeError:  # orjson.JSONEncodeError: beyond 64 bits, a key not text, a lone surrogate
        text = json.dumps(
            record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
        return text.encode("utf-8")  # a lone surrogate: UnicodeEncodeError, then rfc8785 refuses it


def _in_number(data: bytes, at: int) -> bool:
    """Whether the digit before `at` ends a number, not text in a string: a number starts after
    ":", "," or "[". A look-alike in a string (a UUID's "…3e-…") has a letter or a quote there;
    one that has not costs only the slow path."""
    if at == 0 or data[at - 1] not in _DIGITS:
        return False
    start = at - 1
    while start > 0 and data[start - 1] in _IN_NUMBER:
        start -= 1
    return start > 0 and data[start - 1] in _BEFORE_NUMBER


def _exponent(data: bytes, sign: bytes) -> bool:
    """Whether "e" then `sign` ("-" or "+") ends a number's digits somewhere in the text. The sign
    is looked for alone (memchr) and the "e" read before it: a find of the two bytes together
    scanned a record's text about three times as slowly, for a record holds few signs."""
    at = data.find(sign, 1)
    while at != -1:
        if data[at - 1] == _E and _in_number(data, at - 1):
            return True
        at = data.find(sign, at + 1)
    return False


def _python_number(data: bytes) -> str | None:
    """Which number written otherwise than RFC 8785 writes it is in the text: "exponent", "whole"
    (2.0) or None."""
    if _exponent(data, b"-") or _exponent(data, b"+"):
        return "exponent"
    at = data.find(b".")  # a whole float is ".0" then "," "]" or "}"
    while at != -1:
        if data[at + 1 : at + 2] == b"0" and data[at + 2 : at + 3] and data[at + 2] in _WHOLE_AFTER:
            if _in_number(data, at):
                return "whole"
        at = data.find(b".", at + 1)
    return None


def _canonical(payload: dict) -> bytes:
    record = {k: v for k, v in payload.items() if k != "sha256"}
    try:
        data = _compiled(record)
    except (TypeError, ValueError):  # non-finite numbers, keys that cannot be sorted
        return jcs(record).encode("utf-8")
    if not data.isascii() and any(lead in data for lead in _FROM_U_E000):
        return jcs(record).encode("utf-8")
    found = _python_number(data)
    if found == "whole":
        data = _compiled(_whole_floats_as_ints(record))
        found = _python_number(data)
    if found is not None:
        return jcs(record).encode("utf-8")
    return data


def canonical_json(payload: dict) -> str:
    """The payload without its own `sha256` key, as RFC 8785 text."""
    return _canonical(payload).decode("utf-8")


def record_sha256(payload: dict) -> str:
    return hashlib.sha256(_canonical(payload)).hexdigest()
