"""Signatures and the signer's qualification. Pure: no Flask, no database.

A signature is either the strokes drawn on the device, in the box it was drawn in:
{"width": w, "height": h, "strokes": [[[x, y, ms], ...], ...]}, whole numbers, x in 0..w, y in 0..h,
ms since the stroke began (docs/device-storage.md says why points rather than a picture); or the
signer's name typed and adopted, for whoever cannot draw (keyboard, switch, screen reader):
{"typed": "Jane Q. Inspector"}. A typed name is a signature under Wis. Stat. ch. 137 when it is the
signer's own name, so it must be the name the record gives its signer.
"""

from __future__ import annotations

from datetime import date, timedelta

MAX_SIDE = 4000  # CSS pixels of the box signed in
MAX_STROKES = 200
MAX_POINTS = 6000  # all strokes together: a long name with flourishes stays far below
MAX_MS = 10 * 60 * 1000

MISSING = (
    "Not signed: sign under the certification statement at the end of the form "
    "before submitting (the record is kept as it is)."
)
MALFORMED = (
    "Must be the drawn signature {width, height, strokes: [[[x, y, ms], ...], ...]} "
    'or the typed one {typed: "your name"}.'
)
MAX_TYPED = 200  # as long as a signer's name may be


def signer(role: str) -> str:
    """Which statement a person signs an inspection under: the permittee's for a self-inspection."""
    return "permittee" if role == "permittee" else "inspector"


def statement(rb, version: str | None, who: str) -> str | None:
    """The statement's words of that version (None: a version this rulebook does not hold)."""
    words = rb["certification.statements"].get(version or "")
    return words.get(who) if words else None


def required(rb, kind: str) -> bool:
    return kind in rb["certification.required_kinds"]


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _points_inside(stroke: list, width: int, height: int) -> bool:
    """Each point a list [x, y, ms] of whole numbers (not booleans) inside the box. A signature has
    hundreds of points and a push 50 signatures: the checks are written inline."""
    for point in stroke:
        if not (isinstance(point, list) and len(point) == 3):
            return False
        x, y, ms = point
        if type(x) is int and type(y) is int and type(ms) is int:
            if not (0 <= x <= width and 0 <= y <= height and 0 <= ms <= MAX_MS):
                return False
        elif not (_whole(x, 0, width) and _whole(y, 0, height) and _whole(ms, 0, MAX_MS)):
            return False
    return True


def same_name(a: str | None, b: str | None) -> bool:
    """The same name, whatever its case and the runs of white space in it."""
    fold = lambda s: " ".join((s or "").split()).casefold()  # noqa: E731
    return bool(fold(a)) and fold(a) == fold(b)


def typed_name(signature) -> str | None:
    """The name of a typed signature (None: not a typed one)."""
    if isinstance(signature, dict) and isinstance(signature.get("typed"), str):
        return " ".join(signature["typed"].split()) or None
    return None


def mistyped(name: str | None) -> str:
    if not (name or "").strip():
        return "Type your name as it is on your account: the record names no signer."
    return f"Type your name as it is on your account: {' '.join(name.split())}"


def _clean_typed(raw: dict, name: str | None) -> tuple[dict | None, str | None]:
    typed = raw.get("typed")
    if set(raw) != {"typed"} or not isinstance(typed, str) or len(typed) > MAX_TYPED:
        return None, MALFORMED
    if not typed.strip():
        return None, MISSING
    if not same_name(typed, name):
        return None, mistyped(name)
    return {"typed": typed}, None


def clean(raw, name: str | None = None) -> tuple[dict | None, str | None]:
    """(signature, None) when it is a drawing with at least one stroke, or a typed name that is
    `name` (the signer the record names), else (None, why). A signature of no strokes, of a single
    dot, or a blank typed name is no signature: MISSING."""
    if raw is None:
        return None, MISSING
    if isinstance(raw, dict) and "typed" in raw:
        return _clean_typed(raw, name)
    if not isinstance(raw, dict) or set(raw) - {"width", "height", "strokes"}:
        return None, MALFORMED
    width, height, strokes = raw.get("width"), raw.get("height"), raw.get("strokes")
    if not (_whole(width, 1, MAX_SIDE) and _whole(height, 1, MAX_SIDE)):
        return None, f"The signature box must be 1 to {MAX_SIDE} pixels each way."
    if not isinstance(strokes, list) or len(strokes) > MAX_STROKES:
        return None, f"Must hold at most {MAX_STROKES} strokes."
    total = 0
    for stroke in strokes:
        if not isinstance(stroke, list) or not stroke:
            return None, MALFORMED
        total += len(stroke)
        if total > MAX_POINTS:
            return None, f"At most {MAX_POINTS} points in all."
        if not _points_inside(stroke, width, height):
            return None, (
                "Each point is [x, y, ms]: whole numbers inside the box, ms since the stroke began."
            )
    if total < 2:
        return None, MISSING
    return {"width": width, "height": height, "strokes": strokes}, None


def svg_paths(signature: dict | None) -> list[str]:
    """One SVG path (`d`) per stroke, for the report page and the PDF (a dot is a short line)."""
    out = []
    for stroke in (signature or {}).get("strokes", []):
        first = stroke[0]
        d = f"M{first[0]} {first[1]}" + "".join(f" L{x} {y}" for x, y, _ in stroke[1:])
        out.append(d if len(stroke) > 1 else d + f" L{first[0] + 1} {first[1]}")
    return out


def certification_state(expires_on: date | None, kind: str | None, on: date, rb) -> str:
    """ "missing" (no certification on file), "expired" (ended before `on`), "expiring" (ends within
    the rulebook's warning days) or "valid"."""
    if not kind or expires_on is None:
        return "missing"
    if expires_on < on:
        return "expired"
    if expires_on <= on + timedelta(days=rb["certification.expiry_warning_days"]):
        return "expiring"
    return "valid"
