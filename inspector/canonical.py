"""Contract B on the server: canonical JSON exactly as the browser's JSON.stringify writes it.

Python's json.dumps and JavaScript's JSON.stringify agree on everything the records hold except how
numbers look: Python writes 1e-06, 1e+16 and 2.0 where JavaScript writes 0.000001, 10000000000000000
and 2. A record's hash is taken on the device, so the server formats numbers the ECMAScript way
(Number::toString: the shortest digits that round-trip, which both languages compute the same way).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from json.encoder import (
    encode_basestring,  # json.dumps(text, ensure_ascii=False), without the dumps overhead
)
from typing import Any

# A number as Python's json writes it that JavaScript would write otherwise: 2.0, -0.0, 1e-06, 1e+16.
# Numbers in compact JSON sit between a separator ([ : ,) and a closer (, ] }).
_PY_ONLY_NUMBER = re.compile(r"[\[:,]-?[0-9]+(?:\.0|(?:\.[0-9]+)?[eE][-+]?[0-9]+)(?=[,\]}])")


def js_number(value: int | float) -> str:
    if isinstance(value, bool):
        raise TypeError("booleans are not numbers here")
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return "null"  # JSON.stringify(NaN) === "null"
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    mantissa, _, exponent = repr(abs(value)).partition("e")
    int_part, _, frac_part = mantissa.partition(".")
    digits = (int_part + frac_part).lstrip("0")
    # n: the position of the decimal point relative to the start of `digits` (ECMAScript's n).
    n = (
        len(int_part.lstrip("0"))
        if int_part.strip("0")
        else -(len(frac_part) - len(frac_part.lstrip("0")))
    )
    n += int(exponent or 0)
    digits = digits.rstrip("0") or "0"
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    exp = n - 1
    exp_text = f"e+{exp}" if exp >= 0 else f"e-{-exp}"
    return sign + digits[0] + ("." + digits[1:] if k > 1 else "") + exp_text


def _encode(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number(value)
    if isinstance(value, str):
        return encode_basestring(value)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_encode(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{"
            + ",".join(encode_basestring(str(k)) + ":" + _encode(value[k]) for k in sorted(value))
            + "}"
        )
    raise TypeError(f"cannot encode {type(value).__name__}")


def canonical_json(payload: dict) -> str:
    """The payload without its own `sha256` key, keys sorted, no whitespace, numbers as JavaScript writes them."""
    record = {k: v for k, v in payload.items() if k != "sha256"}
    # Fast path (a record is hashed on every push): the C encoder writes the same text unless a number
    # is one Python writes otherwise; most records have none, and a look-alike inside a string only costs
    # the slow path. Keys are text (records are parsed JSON); numeric keys come out the same either way.
    try:
        text = json.dumps(
            record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (
        TypeError,
        ValueError,
    ):  # NaN/Infinity (JavaScript writes null) or keys that cannot be sorted
        return _encode(record)
    return text if _PY_ONLY_NUMBER.search(text) is None else _encode(record)


def record_sha256(payload: dict) -> str:
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()
