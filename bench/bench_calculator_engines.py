"""One source for the calculators? What running the browser's static/js/calculators.js on the server
through an embedded V8 (PyPI `mini-racer`) costs, against the Python twin (inspector/rules/
calculators.py), same run: install size, import and context start, memory, and the time of one
re-check (`run(name, inputs, rules)`) over the shared vectors. docs/decisions/calculator-twin.md
records the decision these figures informed.

mini-racer is not a dependency of the app: install it where this bench can import it
(`pip install --target DIR mini-racer==0.14.1`, then MINI_RACER_PATH=DIR), else only the
Python figures are printed. Last line: one JSON object."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if os.environ.get("MINI_RACER_PATH"):
    sys.path.insert(0, os.environ["MINI_RACER_PATH"])

from inspector.rules import calculators as calc  # noqa: E402
from inspector.rules.rulebook import default  # noqa: E402

ROUNDS = 20


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def dir_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 2**20


def python_outcome(vector: dict, rb) -> dict:
    try:
        return {"result": calc.run(vector["calculator"], vector["inputs"], rb)}
    except calc.CalculatorInputError as error:
        return {"error": error.to_dict()}


# Called inside V8 with JSON text; answers JSON text (one crossing each way, as a server would).
JS_GLUE = """
function recheck(text) {
  const [name, inputs] = JSON.parse(text);
  try { return JSON.stringify({ result: run(name, inputs, RULES) }); }
  catch (error) {
    if (!(error instanceof CalculatorInputError)) throw error;
    return JSON.stringify({ error: { field: error.field, message: error.message } });
  }
}
"""


def main() -> None:
    rb = default()
    rules = rb["calculators"]
    # Plain JSON vectors only (the $float ones are NaN/inf inputs, which JSON cannot carry).
    raw = json.loads((ROOT / "tests/vectors/calculators.json").read_text(encoding="utf-8"))
    vectors = [v for v in raw["vectors"] if "$float" not in json.dumps(v["inputs"])]
    figures: dict = {"vectors": len(vectors), "rounds": ROUNDS}

    start = time.perf_counter()
    for _ in range(ROUNDS):
        py = [python_outcome(v, rb) for v in vectors]
    figures["python_us_per_check"] = (time.perf_counter() - start) / ROUNDS / len(vectors) * 1e6

    try:
        before_import, rss0 = time.perf_counter(), rss_mb()
        import py_mini_racer  # noqa: PLC0415
    except ImportError:
        print("mini-racer not importable (set MINI_RACER_PATH): Python figures only")
        print(
            json.dumps(
                {"bench": "calculator_engines", "figures": figures, "ratios": {}, "targets": {}}
            )
        )
        return
    figures["mini_racer_import_ms"] = (time.perf_counter() - before_import) * 1e3
    figures["mini_racer_install_mb"] = dir_mb(Path(py_mini_racer.__file__).parent)
    start = time.perf_counter()
    ctx = py_mini_racer.MiniRacer()
    figures["context_ms"] = (time.perf_counter() - start) * 1e3
    source = (ROOT / "static/js/calculators.js").read_text(encoding="utf-8")
    start = time.perf_counter()
    # The module has no imports; a classic script gets its exports as globals.
    ctx.eval(re.sub(r"^export ", "", source, flags=re.M))
    ctx.eval(f"const RULES = {json.dumps(rules)};{JS_GLUE}")
    figures["load_script_ms"] = (time.perf_counter() - start) * 1e3
    figures["rss_added_mb"] = rss_mb() - rss0

    texts = [json.dumps([v["calculator"], v["inputs"]]) for v in vectors]
    start = time.perf_counter()
    for _ in range(ROUNDS):
        js = [json.loads(ctx.call("recheck", t)) for t in texts]
    figures["v8_us_per_check"] = (time.perf_counter() - start) / ROUNDS / len(vectors) * 1e6
    ctx.eval("function nothing(text) { return text; }")
    start = time.perf_counter()
    for _ in range(ROUNDS):
        for t in texts:
            ctx.call("nothing", t)
    figures["v8_us_per_empty_call"] = (time.perf_counter() - start) / ROUNDS / len(vectors) * 1e6
    # Same verdicts (figures agree to 1e-9; tests/rules/test_calculators.py compares every word).
    figures["same_verdicts"] = sum(
        (a.get("result") or {}).get("passes") == (b.get("result") or {}).get("passes")
        and ("error" in a) == ("error" in b)
        for a, b in zip(py, js, strict=True)
    )
    ratios = {
        "v8_over_python_per_check": figures["v8_us_per_check"] / figures["python_us_per_check"]
    }
    print(
        json.dumps(
            {"bench": "calculator_engines", "figures": figures, "ratios": ratios, "targets": {}}
        )
    )


if __name__ == "__main__":
    main()
