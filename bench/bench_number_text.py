"""A calculator's number typed as text (rules/calculators.NUMBER_TEXT, which every pushed inspection's
calculator inputs pass through, up to 20,000 characters each): a long run of digits that is not a
number (it ends in a letter) against the same digits that are one, same run. The refusal must cost
about what the reading costs, not the square of the text's length. Last line: one JSON object."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector.rules.calculators import NUMBER_TEXT  # noqa: E402

DIGITS, ROUNDS, CALLS = 19_000, 5, 20


def seconds(text: str) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        NUMBER_TEXT.match(text)
    return (time.perf_counter() - start) / CALLS


def main() -> None:
    number = "1" * DIGITS
    base = min(seconds(number) for _ in range(ROUNDS))
    figures = {"digits": DIGITS, "number_us": base * 1e6}
    ratios = {}
    for name, text in {
        "digits_then_letter": number + "x",
        "digits_dot_letter": number + ".5x",
    }.items():
        took = min(seconds(text) for _ in range(ROUNDS))
        figures[f"{name}_us"] = took * 1e6
        ratios[f"{name}_vs_number"] = took / base
    targets = {name: "<= 3" for name in ratios}
    print(
        json.dumps(
            {"bench": "number_text", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
