"""Marks an inspector draws on a photo (docs/photo-marks.md): a vector layer kept beside the photo,
so the photo's bytes and their hash never change.

Coordinates are fractions of the photo (x across, y down, 0..1), so the marks fit any size the
photo is shown at. A circle's radius is a fraction of the photo's shorter side (it stays round).
Pure: no Flask, no database; the services call `clean` and every drawer reads the cleaned form."""

from __future__ import annotations

import math
import unicodedata

MAX_MARKS = 20  # per photo: a few arrows and words, not a drawing
MAX_LABEL = 40  # characters: "torn silt fence", not a note (notes go in the answer)
KINDS = ("arrow", "circle", "label")
SHAPE = (
    '{"kind": "arrow", "from": [x, y], "to": [x, y]}, '
    '{"kind": "circle", "center": [x, y], "r": r} or {"kind": "label", "at": [x, y], "text": "..."}'
)


def _fraction(value) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= 1
    )


def _point(value, path: str, errors: dict) -> list[float] | None:
    if isinstance(value, list) and len(value) == 2 and all(_fraction(v) for v in value):
        return [float(value[0]), float(value[1])]
    errors[path] = "Must be a point [x, y], each a fraction of the photo from 0 to 1."
    return None


def _label_text(value, path: str, errors: dict) -> str | None:
    if not isinstance(value, str):
        errors[path] = "Must be text."
        return None
    text = " ".join(value.split())  # one line: a label is drawn as one line
    if not text:
        errors[path] = "A label needs its words."
        return None
    if len(text) > MAX_LABEL:
        errors[path] = f"At most {MAX_LABEL} characters."
        return None
    if any(unicodedata.category(c).startswith("C") for c in text):
        errors[path] = "Must be plain text (no control characters)."
        return None
    return text


def clean(raw, path: str, errors: dict) -> list[dict] | None:
    """The marks as stored and sealed, or None when there are none (a photo without marks is stored
    and sealed exactly as before marks existed). Problems go to `errors` under `path.<i>.<field>`."""
    if raw is None or raw == []:
        return None
    if not isinstance(raw, list):
        errors[path] = f"Must be a list of marks: {SHAPE}."
        return None
    if len(raw) > MAX_MARKS:
        errors[path] = f"At most {MAX_MARKS} marks on one photo."
        return None
    out: list[dict] = []
    for i, mark in enumerate(raw):
        here = f"{path}.{i}"
        if not isinstance(mark, dict) or mark.get("kind") not in KINDS:
            errors[here + ".kind"] = f"Must be arrow, circle or label: {SHAPE}."
            continue
        kind = mark["kind"]
        wanted = {"arrow": {"from", "to"}, "circle": {"center", "r"}, "label": {"at", "text"}}[kind]
        extra = sorted(set(mark) - wanted - {"kind"})
        if extra:
            errors[f"{here}.{extra[0]}"] = f"Not a field of a {kind} mark: {SHAPE}."
            continue
        if kind == "arrow":
            start = _point(mark.get("from"), here + ".from", errors)
            end = _point(mark.get("to"), here + ".to", errors)
            if start and end:
                out.append({"kind": kind, "from": start, "to": end})
        elif kind == "circle":
            center = _point(mark.get("center"), here + ".center", errors)
            r = mark.get("r")
            if not _fraction(r) or r <= 0:
                errors[here + ".r"] = (
                    "Must be the radius as a fraction of the photo's shorter side (above 0, up to 1)."
                )
            elif center:
                out.append({"kind": kind, "center": center, "r": float(r)})
        else:
            at = _point(mark.get("at"), here + ".at", errors)
            text = _label_text(mark.get("text"), here + ".text", errors)
            if at and text:
                out.append({"kind": kind, "at": at, "text": text})
    return out or None


def shown(marks) -> list[dict]:
    """Stored marks as a drawer reads them: anything not in the cleaned form is left out (a row
    written outside the app must not break a page)."""
    if not isinstance(marks, list):
        return []
    out: list[dict] = []
    for mark in marks[:MAX_MARKS]:
        out.extend(clean([mark], "mark", {}) or [])
    return out


# ---------------------------------------------------------------- drawing (the same on every copy)
# The report page (SVG), the PDF (Pillow, documents/markup.py) and the device (static/js/markup.js)
# draw a mark the same way: a yellow stroke with a dark outline, seen on soil and on silt fence.
COLOR, OUTLINE = "#facc15", "#111111"
HEAD = 0.035  # arrowhead length, a fraction of the shorter side
LINE = 0.008  # stroke width, a fraction of the shorter side
FONT = 0.05  # label height, a fraction of the shorter side


def geometry(marks, width: int, height: int) -> list[dict]:
    """Each mark in pixels of a width x height picture: {"kind": "arrow", "line": (x1, y1, x2, y2),
    "head": [(x, y) x 3]}, {"kind": "circle", "cx", "cy", "r"}, {"kind": "label", "x", "y",
    "text", "size"}; plus "stroke" (the line width) on each."""
    short = min(width, height)
    stroke = max(2.0, short * LINE)
    out = []
    for m in shown(marks):
        if m["kind"] == "arrow":
            (x1, y1), (x2, y2) = (
                (m["from"][0] * width, m["from"][1] * height),
                (m["to"][0] * width, m["to"][1] * height),
            )
            angle = math.atan2(y2 - y1, x2 - x1)
            size = max(stroke * 3, short * HEAD)
            head = [
                (round(x2, 1), round(y2, 1)),
                *(
                    (
                        round(x2 - size * math.cos(angle + s * math.pi / 7), 1),
                        round(y2 - size * math.sin(angle + s * math.pi / 7), 1),
                    )
                    for s in (1, -1)
                ),
            ]
            line = (round(x1, 1), round(y1, 1), round(x2, 1), round(y2, 1))
            out.append({"kind": "arrow", "line": line, "head": head, "stroke": stroke})
        elif m["kind"] == "circle":
            out.append(
                {
                    "kind": "circle",
                    "cx": round(m["center"][0] * width, 1),
                    "cy": round(m["center"][1] * height, 1),
                    "r": round(m["r"] * short, 1),
                    "stroke": stroke,
                }
            )
        else:
            out.append(
                {
                    "kind": "label",
                    "x": round(m["at"][0] * width, 1),
                    "y": round(m["at"][1] * height, 1),
                    "text": m["text"],
                    "size": round(max(12.0, short * FONT), 1),
                    "stroke": stroke,
                }
            )
    return out
