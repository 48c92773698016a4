"""The layers of docs/layers.md: sync/ stands on inspector/ (its services and models), never the
reverse, so a use case the office pages share with the sync API (enrolling a device, who may see a
record) is a service. The app's assembly (inspector/__init__.py, create_app) is the one module that
names both: it registers the sync API's blueprint."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import inspector

ROOT = Path(inspector.__file__).parent
ASSEMBLY = ROOT / "__init__.py"


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    return names | {
        n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0
    }


def test_no_module_under_inspector_imports_sync():
    found = set()
    for path in sorted(ROOT.rglob("*.py")):
        if path == ASSEMBLY:
            continue
        for module in imported(path):
            if module == "sync" or module.startswith("sync."):
                found.add((str(path.relative_to(ROOT)), module))
    assert found == set()


def test_the_rules_import_only_the_standard_library_and_each_other():
    # docs/layers.md: the rules know the ordinance and nothing else (no Flask, no database).
    found = set()
    for path in sorted((ROOT / "rules").rglob("*.py")):
        for module in imported(path):
            if module.split(".")[0] not in sys.stdlib_module_names and not (
                module == "inspector.rules" or module.startswith("inspector.rules.")
            ):
                found.add((str(path.relative_to(ROOT)), module))
    assert found == set()


def test_the_check_sees_an_import_of_sync(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from sync import api\n    import sync.protocol\n")
    assert imported(module) == {"sync", "sync.protocol"}
