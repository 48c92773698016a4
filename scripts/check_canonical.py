"""Recompute every sealed record's hash with two canonicalizers and compare them, and each with the
hash its latest seal holds (written by the canonicalizer of its day).

    .venv/bin/python scripts/check_canonical.py [--old REV] DATABASE_URL...

`--old REV` takes the previous canonicalizer from git (inspector/canonical.py at REV); without it,
the comparison is between inspector.canonical and `rfc8785` alone (inspector.canonical.jcs). A
record that differs is printed with the first place its texts part. Last line: one JSON object.
Used for the switch to RFC 8785 (docs/decisions/calculator-twin.md: canonical JSON)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import types
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, func, select  # noqa: E402
from sqlmodel import Session  # noqa: E402

from inspector import canonical  # noqa: E402
from inspector.models import Seal  # noqa: E402
from inspector.services import sealed_records  # noqa: E402


def old_canonicalizer(rev: str):
    source = subprocess.run(
        ["git", "show", f"{rev}:inspector/canonical.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType("canonical_old")
    exec(compile(source, f"{rev}:inspector/canonical.py", "exec"), module.__dict__)
    return module.canonical_json


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check(url: str, other, counts: Counter, differing: list) -> None:
    engine = create_engine(url)
    with Session(engine) as session:
        latest = select(Seal.kind, Seal.record_id, Seal.format, Seal.record_hash).where(
            Seal.seq.in_(select(func.max(Seal.seq)).group_by(Seal.kind, Seal.record_id))
        )
        by_kind: dict[tuple[str, int], dict[str, str]] = {}
        for kind, record_id, fmt, stored in session.execute(latest):
            by_kind.setdefault((kind, fmt), {})[record_id] = stored
        for (kind, fmt), stored in sorted(by_kind.items()):
            records = sealed_records.load(session, kind, list(stored), fmt)
            for record_id, record in records.items():
                whole = {"kind": kind, "format": fmt, "record": record}
                new, old = canonical.canonical_json(whole), other(whole)
                counts["records"] += 1
                counts[f"{kind} format {fmt}"] += 1
                counts["new = other" if new == old else "new != other"] += 1
                counts["new = seal" if _sha(new) == stored[record_id] else "new != seal"] += 1
                counts["other = seal" if _sha(old) == stored[record_id] else "other != seal"] += 1
                if new != old:
                    at = next(
                        (i for i, (a, b) in enumerate(zip(new, old, strict=False)) if a != b), 0
                    )
                    differing.append(
                        f"{url} {kind} {record_id}: {new[at : at + 60]!r} / {old[at : at + 60]!r}"
                    )
    engine.dispose()


def main(argv: list[str]) -> int:
    other, label = canonical.jcs, "rfc8785 alone"
    if argv[:1] == ["--old"]:
        other, label, argv = (
            old_canonicalizer(argv[1]),
            f"inspector/canonical.py at {argv[1]}",
            argv[2:],
        )
    counts: Counter = Counter()
    differing: list[str] = []
    for url in argv:
        check(url, other, counts, differing)
    for line in differing:
        print("DIFFERS", line)
    print(json.dumps({"check": "canonical", "other": label, "databases": len(argv), **counts}))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
