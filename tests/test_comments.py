"""Comments point at documents that exist in the repository and keep no history (git log does)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["app.py", "inspector", "sync", "static/js", "templates", "scripts", "bench", "tests"]
SUFFIXES = {".py", ".js", ".mjs", ".html", ".toml", ".css"}
DOC = re.compile(r"\bdocs/[\w/.-]+\.md\b")
UNDEFINED = re.compile(r"\bcontract [A-E]\b", re.IGNORECASE)
HISTORY = re.compile(r"\(issue #\d+")


def source_files():
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in files:
            if f.suffix in SUFFIXES and f.name != "test_comments.py" and "vendor" not in f.parts:
                yield f


def test_every_docs_page_a_comment_names_exists():
    missing = {
        f"{f.relative_to(ROOT)}: {m}"
        for f in source_files()
        for m in DOC.findall(f.read_text(encoding="utf-8"))
        if not (ROOT / m).is_file()
    }
    assert not missing, sorted(missing)


def test_no_comment_cites_an_undefined_contract_or_an_issue_number():
    found = [
        f"{f.relative_to(ROOT)}:{n}: {line.strip()[:80]}"
        for f in source_files()
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
        if UNDEFINED.search(line) or HISTORY.search(line)
    ]
    assert not found, found
