"""Push ingest: 2,000 inspections × 25 answers in batches of 50 through the app (Flask test client, device
token), against the floor of inserting the same rows straight into SQLite in one transaction, same run.
Then the same batches again (all duplicates). Both sides are timed in CPU time (time.process_time:
this process, SQLite included, as it runs in the process), so other work on the shared 2-core
machine does not inflate the push's ratio. The whole round (floor, push, replay, each into a new
database) runs ROUNDS times and each figure is its fastest round: one round of the same code gave
push ratios from 4.0 to 5.1 and replay ratios from 0.17 to 0.33 on a quiet machine.

Beside the target's floor, a second one tells SQL from Python: every row the push added (answers,
audit events, seals, the mutation log...) inserted again into a copy of the app's database as it
was before the push (its indexes, foreign keys and pragmas), one transaction per batch as the
push commits, straight through sqlite3. push_vs_schema_floor is what the app's Python costs over
the SQL it cannot avoid; it informs, the target stays on the bare floor. Last line: one JSON
object. Reading the ratio, and comparing two versions:
docs/benchmarks.md."""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector import create_app  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.services import devices as device_auth  # noqa: E402
from tests.conftest import Factory  # noqa: E402
from tests.sync.helpers import checklist_codes, inspection_payload, mutation  # noqa: E402

INSPECTIONS, ANSWERS, BATCH = 2000, 25, 50
ROUNDS = 3  # each figure is its fastest round (the floor's too)
CLOCK = time.process_time  # the push and its floor alike
RULEBOOK = Path(__file__).resolve().parents[1] / "inspector" / "rules" / "fairwater.toml"


def bench_rulebook(tmp: Path, extra: int) -> Path:
    """The real rulebook with `extra` additional always-on items, so a site has 25 checklist items."""
    text = RULEBOOK.read_text()
    for i in range(extra):
        text += (
            f'\n[[checklist.items]]\ncode = "BENCH-{i}"\ntitle = "Bench item {i}"\nquestion = "Bench?"\n'
            f'failure = "Bench failure."\ncorrective_action = "Fix it."\ncitation = "§ 256-7B"\n'
            f'applies_if = ["always"]\nrepair = "default"\nseverity = "minor"\n'
        )
    path = tmp / "bench.toml"
    path.write_text(text)
    return path


def setup(tmp: Path):
    from inspector.rules import rulebook

    base = rulebook.load(None)
    probe = create_app({"DATABASE_URL": f"sqlite:///{tmp / 'probe.sqlite3'}", "SECRET_KEY": "b"})
    with probe.app_context():
        create_all()
        session = get_session()
        make = Factory(session)
        sup = make.user("supervisor")
        site = make.site(sup, name="Bench", has_stockpiles=True, has_dewatering=True)
        app0_codes = checklist_codes(site, base)
    probe.extensions["engine"].dispose()
    extra = max(0, ANSWERS - len(app0_codes))
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
            "SECRET_KEY": "b",
            "RULEBOOK_PATH": str(bench_rulebook(tmp, extra)),
            "TESTING": True,
        }
    )
    with app.app_context():
        create_all()
        session = get_session()
        make = Factory(session)
        sup = make.user("supervisor")
        inspector = make.user("inspector")
        permittee = make.user("permittee", company="Acme")
        site = make.site(sup, name="Bench", has_stockpiles=True, has_dewatering=True)
        make.permit(site, permittee.company_id, sup, issued=True, rb=app.extensions["rulebook"])
        _, token = device_auth.enroll(session, inspector, "Bench tablet")
        session.commit()
        codes = checklist_codes(site, app.extensions["rulebook"])[:ANSWERS]
        assert len(codes) == ANSWERS, len(codes)
        session.expunge_all()
    return app, token, site, codes


def floor(tmp: Path, batches) -> float:
    """The same inspection and answer rows inserted directly, one transaction, executemany."""
    tmp.mkdir(exist_ok=True)
    conn = sqlite3.connect(tmp / "floor.sqlite3", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute(
        "CREATE TABLE inspection (id TEXT PRIMARY KEY, site_id INT, kind TEXT, inspector_name TEXT, "
        "inspected_on TEXT, started_at TEXT, ended_at TEXT, weather TEXT, phase TEXT, notes TEXT, "
        "catalog_version TEXT, sha256 TEXT, received_at TEXT)"
    )
    conn.execute(
        "CREATE TABLE answer (id INTEGER PRIMARY KEY, inspection_id TEXT, item_code TEXT, result TEXT, "
        "note TEXT, corrective_action TEXT, measurements TEXT, calculator TEXT)"
    )
    conn.execute("CREATE INDEX ix_answer_inspection ON answer (inspection_id)")
    started = CLOCK()
    conn.execute("BEGIN")
    for batch in batches:
        rows, answers = [], []
        for m in batch:
            p = m["payload"]
            rows.append(
                (
                    m["entity_id"],
                    p["site_id"],
                    p["kind"],
                    p["inspector_name"],
                    p["inspected_on"],
                    p["started_at"],
                    p["ended_at"],
                    p["weather"],
                    p["phase"],
                    p["notes"],
                    p["catalog_version"],
                    p["sha256"],
                    "2026-12-01T00:00:00",
                )
            )
            answers += [
                (
                    m["entity_id"],
                    a["item_code"],
                    a["result"],
                    a["note"],
                    a["corrective_action"],
                    json.dumps(a["measurements"]),
                    json.dumps(a["calculator"]),
                )
                for a in p["answers"]
            ]
        conn.executemany("INSERT INTO inspection VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        conn.executemany(
            "INSERT INTO answer (inspection_id, item_code, result, note, corrective_action, "
            "measurements, calculator) VALUES (?,?,?,?,?,?,?)",
            answers,
        )
    conn.execute("COMMIT")
    took = CLOCK() - started
    conn.close()
    return took


def snapshot(live: Path, copy: Path) -> None:
    source, target = sqlite3.connect(live), sqlite3.connect(copy)
    source.backup(target)
    source.close()
    target.close()


def new_rows(before: Path, after: Path) -> dict[str, tuple[list[str], list[tuple]]]:
    """{table: (columns, rows)} of the rows in `after` that `before` lacks (by rowid), in order."""
    old = sqlite3.connect(before)
    new = sqlite3.connect(after)
    out = {}
    tables = [
        r[0]
        for r in new.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    for table in tables:
        last = old.execute(f'SELECT coalesce(max(rowid), 0) FROM "{table}"').fetchone()[0]
        cursor = new.execute(f'SELECT * FROM "{table}" WHERE rowid > ? ORDER BY rowid', (last,))
        rows = cursor.fetchall()
        if rows:
            out[table] = ([d[0] for d in cursor.description], rows)
    old.close()
    new.close()
    return out


def schema_floor(tmp: Path, before: Path, rows: dict, batches: int) -> float:
    """The push's rows into a copy of the database before the push, in `batches` transactions
    (each a slice of every table, parents first), with the app's pragmas."""
    tmp.mkdir(exist_ok=True)
    target = tmp / "schema-floor.sqlite3"
    shutil.copy(before, target)
    conn = sqlite3.connect(target, isolation_level=None)
    for pragma in ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL"):
        conn.execute(f"PRAGMA {pragma}")
    order = sorted(rows, key=lambda t: (t != "inspection", t))  # answers and claims need theirs
    plans = {
        t: (
            f'INSERT INTO "{t}" ({", ".join(rows[t][0])}) '
            f"VALUES ({', '.join('?' * len(rows[t][0]))})",
            rows[t][1],
        )
        for t in order
    }
    started = CLOCK()
    for i in range(batches):
        conn.execute("BEGIN IMMEDIATE")
        for sql, all_rows in plans.values():
            n = len(all_rows)
            conn.executemany(sql, all_rows[i * n // batches : (i + 1) * n // batches])
        conn.execute("COMMIT")
    took = CLOCK() - started
    conn.close()
    return took


def one_round(tmp: Path) -> dict:
    """Floor, push and replay of the same batches, each into a database of its own under `tmp`."""
    tmp.mkdir()
    app, token, site, codes = setup(tmp)
    batches = [
        [
            mutation(
                "inspection",
                str(uuid.uuid4()),
                inspection_payload(site, codes=codes, kind="village"),
            )
            for _ in range(BATCH)
        ]
        for _ in range(INSPECTIONS // BATCH)
    ]
    client = app.test_client()
    headers = {"Authorization": f"Bearer {token}"}
    bodies = [json.dumps({"device_id": "bench", "mutations": b}) for b in batches]

    def run(expect: str) -> float:
        started = CLOCK()
        for body in bodies:
            res = client.post(
                "/api/v1/sync/push",
                data=body,
                headers={**headers, "Content-Type": "application/json"},
            )
            assert res.status_code == 200, res.get_data(as_text=True)[:500]
            statuses = {r["status"] for r in res.get_json()["results"]}
            assert statuses == {expect}, (statuses, res.get_json()["results"][0])
        return CLOCK() - started

    floor_s = floor(tmp / "floor", batches)
    before, after = tmp / "before-push.sqlite3", tmp / "after-push.sqlite3"
    snapshot(tmp / "bench.sqlite3", before)
    push_s = run("applied")
    snapshot(tmp / "bench.sqlite3", after)
    replay_s = run("duplicate")
    app.extensions["engine"].dispose()
    return {
        "floor": floor_s,
        "push": push_s,
        "replay": replay_s,
        "before": before,
        "added": new_rows(before, after),
        "batches": len(bodies),
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        rounds = [one_round(tmp / f"round-{i}") for i in range(ROUNDS)]
        first = rounds[0]
        schema_s = min(
            schema_floor(tmp / d, first["before"], first["added"], first["batches"])
            for d in ("c", "d")
        )
    push_s, replay_s, floor_s = (min(r[k] for r in rounds) for k in ("push", "replay", "floor"))
    added = first["added"]
    figures = {
        "inspections": INSPECTIONS,
        "answers_each": ANSWERS,
        "batch": BATCH,
        "rounds": ROUNDS,
        "push_s": round(push_s, 3),
        "replay_s": round(replay_s, 3),
        "floor_s": round(floor_s, 3),
        "schema_floor_s": round(schema_s, 3),
        # Each round's push against its own floor: how far one round of the same code moves.
        "push_vs_floor_each_round": [round(r["push"] / r["floor"], 2) for r in rounds],
        "rows_written": {t: len(r) for t, (_, r) in sorted(added.items())},
        "inspections_per_s": round(INSPECTIONS / push_s, 1),
    }
    ratios = {
        "push_vs_floor": round(push_s / floor_s, 2),
        "replay_vs_push": round(replay_s / push_s, 3),
        "push_vs_schema_floor": round(push_s / schema_s, 2),
    }
    targets = {"push_vs_floor": 3.0, "replay_vs_push": 0.3}
    print(
        f"fastest of {ROUNDS} rounds: push {push_s:.2f}s, replay {replay_s:.2f}s, direct SQLite "
        f"floor {floor_s:.2f}s, the push's rows into the app's schema {schema_s:.2f}s"
    )
    print(
        json.dumps(
            {"bench": "sync_ingest", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
