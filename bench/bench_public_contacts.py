"""The public records page's contact removal (services/public_records.without_contacts) on a note
written as one long word, against the same length of ordinary words with addresses and phone numbers
in them, same run. Anyone may open the page, and a note's length has no limit but the request's, so
the long word must cost about what prose costs (time linear in the text), not the square of its
length. Last line: one JSON object."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector.rules.rulebook import default  # noqa: E402
from inspector.services.public_records import without_contacts  # noqa: E402

CHARS, ROUNDS = 200_000, 5
PROSE = "Silt fence torn on the east edge; call jo.smith@acme.example or (920) 555-0142. "


def seconds(text: str, rb) -> float:
    start = time.perf_counter()
    without_contacts(text, rb)
    return time.perf_counter() - start


def main() -> None:
    rb = default()
    prose = (PROSE * (CHARS // len(PROSE) + 1))[:CHARS]
    shapes = {
        "one_long_word": "a" * CHARS,
        "one_long_address": "a" * CHARS + "@site.example",
        "many_at_signs": "a@b" * (CHARS // 3),
        "dotted_word": "a." * (CHARS // 2),
    }
    base = min(seconds(prose, rb) for _ in range(ROUNDS))
    figures = {"chars": CHARS, "prose_ms": base * 1e3}
    ratios = {}
    for name, text in shapes.items():
        took = min(seconds(text, rb) for _ in range(ROUNDS))
        figures[f"{name}_ms"] = took * 1e3
        ratios[f"{name}_vs_prose"] = took / base
    targets = {name: "<= 3" for name in ratios}
    print(
        json.dumps(
            {"bench": "public_contacts", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
