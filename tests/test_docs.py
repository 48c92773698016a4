"""What README.md and docs/ name exists as named: the files and folders, a module's function
(`services/site_page.py` `read()`, `sync/validate.parse`, `inspector.services.clock.now`,
`clocks.local_date`), the rulebook's keys, the `flask --app app` commands, the `make` targets, the
settings with the default they give in brackets (`PHOTO_PROCESSING_SLOTS` (2)), the relative links
between the pages, anchors included, the sync protocol's statuses and error codes, and the tablet's
IndexedDB stores. A newcomer works from these pages; a rename that leaves them behind fails here."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from inspector.config import ENV_KEYS, Defaults
from inspector.rules.rulebook import default

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = default().data
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# Made by `make build`, `make run` or the app itself, not kept in the repository.
BUILT = ("instance/", "static/sw.js", "static/vendor/", "static/.precache-pages.json")
# A path may be written from inside a package: `services/devices.py`, inspector/services/devices.py.
BASES = [ROOT, ROOT / "inspector", ROOT / "sync", ROOT / "static" / "js"]
TOP = {p.name for p in ROOT.iterdir() if p.is_dir()} | {
    p.parent.name for base in BASES[1:3] for p in base.glob("*/__init__.py")
}

CODE = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"(?<![\w./-])((?:[\w.-]+/)+[\w.*<>{}-]*)")
CALL = re.compile(r"`([\w./-]+\.(?:py|js))` `(\w+)\(\)`")
DOTTED = re.compile(r"^((?:inspector|sync)(?:\.\w+)+)$")
SHORT = re.compile(r"^([a-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(.*\))?$")
SUFFIXES = {"py", "js", "md", "json", "csv", "toml", "html", "txt", "sqlite3"}
COMMAND = re.compile(r"\bflask (?:--app app )?([a-z][a-z-]+)(?: ([a-z][a-z-]+))?")
MAKE = re.compile(r"`make ([a-z-]+)`")
SETTING = re.compile(r"`(?:FAIRWATER_)?([A-Z][A-Z_]+)` \(?(\d+)")
ENV = re.compile(r"`FAIRWATER_([A-Z_]+)")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def code_spans(page: Path) -> list[str]:
    return CODE.findall(text(page))


def find(path: str) -> Path | None:
    """The file or folder, or the module a path without its suffix names (`services/findings`)."""
    for base in BASES:
        for candidate in (base / path, base / f"{path}.py", base / f"{path}.js"):
            if candidate.exists():
                return candidate
    return None


@cache
def defined(module: Path) -> set[str]:
    """The names a Python or ES module defines at its top level (and a class's methods)."""
    source = module.read_text(encoding="utf-8")
    if module.suffix == ".js":
        return set(
            re.findall(
                r"^(?:export )?(?:async )?(?:function\*? |const |let |class )(\w+)", source, re.M
            )
        )
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def module_file(parts: list[str]) -> Path | None:
    for base in BASES:
        for suffix in (".py", ".js", "/__init__.py"):
            candidate = base / ("/".join(parts) + suffix)
            if candidate.is_file():
                return candidate
    return None


def missing_paths(page: Path) -> list[str]:
    missing = {}
    for span in code_spans(page) + [text(page)]:
        for path in PATH.findall(span):
            path = path.rstrip(".")
            first = path.split("/")[0]
            if first not in TOP or path.startswith(BUILT) or any(c in path for c in "<*{"):
                continue
            if find(path):
                continue
            # `sync/validate.parse`, `documents/markup.draw_marks`: a module and a name in it.
            head, _, attr = path.rpartition(".")
            module = module_file(head.split("/"))
            if module is None or attr not in defined(module):
                missing[path] = True
    return list(missing)


def missing_names(page: Path) -> list[str]:
    missing = []
    for path, function in CALL.findall(text(page)):
        found = find(path)
        if found is None or function not in defined(found):
            missing.append(f"{path} {function}()")
    for span in code_spans(page):
        match = DOTTED.match(span)
        if not match or find(span):
            continue
        parts = match.group(1).split(".")
        # The longest module prefix, then each name after it in turn (a class's method too).
        for cut in range(len(parts), 0, -1):
            module = module_file(parts[:cut])
            if module is not None:
                break
        rest = parts[cut:]
        if module is None or (rest and rest[0] not in defined(module)):
            missing.append(match.group(1))
    return missing


@cache
def modules() -> dict[str, list[Path]]:
    """Each module of the app by its short name (`clocks`: inspector/rules/clocks.py)."""
    found: dict[str, list[Path]] = {}
    for base in BASES[1:]:
        for f in sorted(base.rglob("*")):
            if f.suffix in (".py", ".js"):
                name = f.parent.name if f.name == "__init__.py" else f.stem
                found.setdefault(name, []).append(f)
    return found


def in_rulebook(parts: list[str]) -> bool:
    value = RULEBOOK
    for part in parts:
        if not isinstance(value, dict) or part not in value:
            return False
        value = value[part]
    return True


def missing_short_names(page: Path) -> list[str]:
    """`clocks.local_date(moment, rb)`, `services.rain_hand_readings.manual_period_start`, `store.markSynced`: the
    module named by its last folders exists and defines the name, or the rulebook has the key
    (`certification.permittee_note`)."""
    missing = []
    for span in code_spans(page):
        match = SHORT.match(span)
        if not match or DOTTED.match(span) or find(span):
            continue
        parts = match.group(1).split(".")
        if parts[-1] in SUFFIXES or in_rulebook(parts):
            continue
        for cut in range(len(parts) - 1, 0, -1):
            wanted = "/".join(parts[:cut])
            candidates = [
                f
                for f in modules().get(parts[cut - 1], [])
                if f"/{f.relative_to(ROOT).with_suffix('')}".endswith(f"/{wanted}")
                or f"/{f.parent.relative_to(ROOT)}".endswith(f"/{wanted}")
            ]
            if candidates:
                if not any(parts[cut] in defined(f) for f in candidates):
                    missing.append(span)
                break
        else:
            if parts[0] in RULEBOOK:  # a rulebook key, `certification.permittee_note`
                missing.append(span)
    return missing


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it."""
    words = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return words.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    body = text(page)
    found = {slug(h) for h in re.findall(r"^#+ (.+)$", body, re.M)}
    return found | set(re.findall(r'<a id="([^"]+)"', body))


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_path_a_page_names_exists(page):
    assert not missing_paths(page), missing_paths(page)


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_function_a_page_names_is_defined(page):
    assert not missing_names(page), missing_names(page)


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_module_name_a_page_names_is_defined(page):
    assert not missing_short_names(page), missing_short_names(page)


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_link_between_pages_leads_somewhere(page):
    broken = []
    for target in LINK.findall(text(page)):
        if target.startswith(("http:", "https:", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(target)
    assert not broken, broken


def test_every_command_and_setting_the_pages_name_exists(app):
    commands = set(app.cli.commands) | {"run", "shell", "routes"}
    db = app.cli.commands["db"].commands
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", makefile, re.M))
    # The app's settings, and the one the test suite reads (tests/support/database.py).
    env_keys = set(ENV_KEYS) | {"TEST_DATABASE_URL"}
    wrong = []
    for page in PAGES:
        body = text(page)
        for command, sub in COMMAND.findall(body):
            if command not in commands:
                wrong.append(f"{name(page)}: flask {command}")
            elif command == "db" and sub and sub not in db:
                wrong.append(f"{name(page)}: flask db {sub}")
        wrong += [f"{name(page)}: make {t}" for t in MAKE.findall(body) if t not in targets]
        for key, value in SETTING.findall(body):
            if getattr(Defaults, key, None) != int(value):
                wrong.append(
                    f"{name(page)}: {key} ({value}), the default is {getattr(Defaults, key, None)}"
                )
        wrong += [f"{name(page)}: FAIRWATER_{k}" for k in ENV.findall(body) if k not in env_keys]
    assert not wrong, wrong


def test_the_check_finds_what_a_page_gets_wrong(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "`inspector/services/nothing.py`, `sync/validate.nothing`, `services/devices.py`,\n"
        "`inspector/services/site_page.py` `read()`, `inspector.services.clock.nothing`,\n"
        "`inspector/services/site_page.py` `nothing()`, `inspector.services.clock.now`,\n"
        "`clocks.local_date(moment, rb)`, `services.rain.nothing`, `store.markSynced`,\n"
        "`clocks.stop_work_compliance.reading_note`, `store.nothing`, `stop_work.nothing`,\n"
        "[a](missing.md) [b](#nowhere)\n# A heading\n[c](#a-heading)\n",
        encoding="utf-8",
    )
    assert missing_paths(page) == ["inspector/services/nothing.py", "sync/validate.nothing"]
    assert missing_names(page) == [
        "inspector/services/site_page.py nothing()",
        "inspector.services.clock.nothing",
    ]
    assert missing_short_names(page) == [
        "services.rain.nothing",
        "store.nothing",
        "stop_work.nothing",
    ]
    with pytest.raises(AssertionError, match=r"missing\.md.*#nowhere"):
        test_every_link_between_pages_leads_somewhere(page)


def test_the_statuses_and_error_codes_of_the_sync_protocol_are_the_apis(client):
    """`409 different_bytes`, `416 {"error": "range_mismatch", …}`: the status is one the
    generated /api/v1/openapi.json declares, and the code is one the server writes."""
    document = client.get("/api/v1/openapi.json").get_json()
    declared = {
        int(status)
        for operations in document["paths"].values()
        for operation in operations.values()
        if isinstance(operation, dict)
        for status in operation.get("responses", {})
    }
    source = "\n".join(
        f.read_text(encoding="utf-8")
        for folder in ("inspector", "sync")
        for f in (ROOT / folder).rglob("*.py")
    )
    wrong = []
    for status, rest in re.findall(
        r"`([1-5]\d\d)\b([^`]*)`", text(ROOT / "docs" / "sync-protocol.md")
    ):
        if int(status) not in declared:
            wrong.append(f"{status}: not in /api/v1/openapi.json")
        code = re.match(r' (?:\{"error": ")?([a-z_]+)', rest)
        if code and f'"{code.group(1)}"' not in source:
            wrong.append(f"{status} {code.group(1)}: no such error code")
    assert not wrong, wrong


def test_the_tablets_stores_are_the_ones_store_js_opens():
    """docs/device-storage.md's table: each IndexedDB store of static/js/store.js, its key and its
    indexes, and no other."""
    source = (ROOT / "static" / "js" / "store.js").read_text(encoding="utf-8")
    stores = dict(
        re.findall(r"(\w+): '(\w+)'", re.search(r"const STORES = \{(.*?)\};", source, re.S)[1])
    )
    indexes = {name: set() for name in stores}
    for condition, index in re.findall(r"if \((.*?)\) store\.createIndex\('(\w+)'", source):
        for name in re.findall(r"name === '(\w+)'", condition):
            indexes[name].add(index)
    rows = re.findall(
        r"^\| `(\w+)` \| `(\w+)` \| (.*) \|$", text(ROOT / "docs" / "device-storage.md"), re.M
    )
    assert {name: key for name, key, _ in rows} == stores
    documented = {name: set(re.findall(r"index(?:es)? `(\w+)`", what)) for name, _, what in rows}
    assert documented == indexes
