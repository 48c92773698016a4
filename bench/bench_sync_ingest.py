"""Push ingest: 2,000 inspections × 25 answers in batches of 50 through the app (Flask test client, device
token), against the floor of inserting the same rows straight into SQLite in one transaction, same run.
Then the same batches again (all duplicates). Both sides are timed in CPU time (time.process_time:
this process, SQLite included, as it runs in the process), so other work on the shared 2-core
machine does not inflate the push's ratio. Last line: one JSON object."""

from __future__ import annotations

import json
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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
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

        floor_before = floor(tmp / "a", batches)
        push_s = run("applied")
        replay_s = run("duplicate")
        floor_s = min(
            floor_before, floor(tmp / "b", batches)
        )  # the faster floor: the stricter ratio
        app.extensions["engine"].dispose()
    figures = {
        "inspections": INSPECTIONS,
        "answers_each": ANSWERS,
        "batch": BATCH,
        "push_s": round(push_s, 3),
        "replay_s": round(replay_s, 3),
        "floor_s": round(floor_s, 3),
        "inspections_per_s": round(INSPECTIONS / push_s, 1),
    }
    ratios = {
        "push_vs_floor": round(push_s / floor_s, 2),
        "replay_vs_push": round(replay_s / push_s, 3),
    }
    targets = {"push_vs_floor": 3.0, "replay_vs_push": 0.3}
    print(f"push {push_s:.2f}s, replay {replay_s:.2f}s, direct SQLite floor {floor_s:.2f}s")
    print(
        json.dumps(
            {"bench": "sync_ingest", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
