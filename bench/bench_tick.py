"""The clock tick (`flask --app app tick`) over 1,000 sites: the dashboard bench's world (50 inspections a
site, 1,000,000 answers, findings) plus what the tick also reads: rain gauges with a season of readings and
qualifying rains, notices of completion, permits that expire today, and stop-work orders already on record.

Timed, each the median of RUNS:
- the first tick after the data arrives (it proposes orders at most sites: the writing tick), each run on
  a fresh copy of the database;
- the steady tick (run again: nothing new, only reads), as cron runs it every few minutes;
- the whole `tick` command on a fresh copy (with photo expiry; the daily records check not due).
Baseline of the same run: the floor, the SELECTs the tick needs, batched and run raw on sqlite3.
Target: the tick under 5 s for 1,000 sites. Last line: one JSON object."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_dashboard import PASSWORD, generate, ts  # noqa: E402
from sqlalchemy import event  # noqa: E402

from inspector import create_app  # noqa: E402
from inspector.cli_enforcement import tick_command  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.models.base import utcnow  # noqa: E402
from inspector.services import accounts, clock, seals, stop_work_proposals  # noqa: E402

SITES, GAUGES, RUNS = 1000, 8, 3
TARGET_S = 5.0


def add_tick_world(path: Path, sites: int) -> dict:
    """Gauges with hourly-bucketed daily readings for 120 days and a qualifying rain every 9 days; every site
    linked to one; a notice of completion per tenth permit; every 25th permit's last day yesterday; an order
    already issued at every 20th site and a dismissed proposal at every 30th."""
    now = utcnow()
    con = sqlite3.connect(path)
    con.execute("PRAGMA synchronous=OFF")
    con.execute("BEGIN")
    con.executemany(
        "INSERT INTO raingauge (id, name, kind, station_code, latitude, longitude, created_at) "
        "VALUES (?,?,?,?,?,?,?)",
        [
            (g, f"Gauge {g}", "ghcn", f"USC0047{g:04d}", 43.7 + g * 0.01, -88.4, ts(now))
            for g in range(1, GAUGES + 1)
        ],
    )
    readings, events = [], []
    for g in range(1, GAUGES + 1):
        for day in range(120):
            end = now - timedelta(days=day)
            wet = day % 9 == g % 9
            readings.append(
                (
                    g,
                    ts(end - timedelta(days=1)),
                    ts(end),
                    0.8 if wet else 0.05 * (day % 3),
                    0,
                    "ghcn",
                    f"ghcn:USC0047{g:04d}:{day}",
                    ts(end),
                )
            )
            if wet:
                events.append((g, ts(end - timedelta(hours=20)), ts(end), 0.8, ts(end)))
    con.executemany(
        "INSERT INTO rainreading (gauge_id, period_start, period_end, amount_in, trace, source, "
        "source_key, recorded_at) VALUES (?,?,?,?,?,?,?,?)",
        readings,
    )
    con.executemany(
        'INSERT INTO rainevent (gauge_id, start, "end", total_in, created_at) VALUES (?,?,?,?,?)',
        events,
    )
    con.executemany(
        "INSERT INTO sitegauge (site_id, gauge_id, distance_mi, updated_at) VALUES (?,?,?,?)",
        [(s, 1 + s % GAUGES, 0.5, ts(now)) for s in range(1, sites + 1)],
    )
    today = (now - timedelta(hours=6)).date()
    con.executemany(
        "UPDATE permit SET expires_on = ? WHERE site_id = ?",
        [((today - timedelta(days=1)).isoformat(), s) for s in range(25, sites + 1, 25)],
    )
    con.executemany(
        "INSERT INTO controlmeasurenotice (permit_id, measure, installed_on, notified_at) "
        "VALUES (?,?,?,?)",
        [
            (
                s,
                "Silt fence",
                (today - timedelta(days=40)).isoformat(),
                ts(now - timedelta(days=20)),
            )
            for s in range(10, sites + 1, 10)
        ],
    )
    orders = []
    for s in range(20, sites + 1, 20):
        orders.append((f"bench-order-{s}", s, s, "issued", ts(now - timedelta(days=3))))
    for s in range(30, sites + 1, 30):
        if s % 20:
            orders.append((f"bench-dismissed-{s}", s, s, "dismissed", ts(now - timedelta(days=5))))
    con.executemany(
        "INSERT INTO stopworkorder (id, site_id, permit_id, status, source, grounds, evidence, notes, "
        "proposed_at, version, updated_at) VALUES (?,?,?,?,'supervisor','[]','{}','',?,1,?)",
        [o + (o[-1],) for o in orders],
    )
    con.commit()
    con.execute("ANALYZE")
    con.close()
    return {
        "rain_readings": len(readings),
        "rain_events": len(events),
        "orders_on_record": len(orders),
    }


def floor(path: Path, now: datetime, depth: int) -> float:
    """What the tick reads, straight from SQLite in batched SELECTs: the fastest it could gather it."""
    con = sqlite3.connect(path)
    started = time.perf_counter()
    sites = con.execute("SELECT id, latitude, longitude FROM site").fetchall()
    permits = con.execute(
        "SELECT p.* FROM permit p JOIN (SELECT site_id, max(id) AS id FROM permit GROUP BY site_id) l "
        "ON p.id = l.id"
    ).fetchall()
    recent = con.execute(
        "SELECT id, site_id, inspected_on, started_at, active_disturbance FROM (SELECT i.*, row_number() "
        "OVER (PARTITION BY site_id ORDER BY inspected_on DESC, started_at DESC) AS r FROM inspection i) "
        "WHERE r <= ?",
        (depth,),
    ).fetchall()
    con.execute("CREATE TEMP TABLE recent_ids (id TEXT PRIMARY KEY)")
    con.executemany("INSERT INTO recent_ids VALUES (?)", [(r[0],) for r in recent])
    con.execute(
        "SELECT inspection_id, item_code, calculator FROM answer WHERE result = 'fail' AND "
        "inspection_id IN (SELECT id FROM recent_ids)"
    ).fetchall()
    con.execute(
        "SELECT id, inspection_id FROM photo WHERE inspection_id IN (SELECT id FROM recent_ids)"
    ).fetchall()
    con.execute(
        "SELECT i.site_id, min(i.inspected_on) FROM inspection i JOIN permit p ON p.site_id = i.site_id "
        "WHERE i.active_disturbance AND i.inspected_on >= p.issued_on GROUP BY i.site_id"
    ).fetchall()
    con.execute("SELECT * FROM controlmeasurenotice").fetchall()
    con.execute("SELECT * FROM finding WHERE status IN ('open','corrected','reopened')").fetchall()
    con.execute("SELECT * FROM stopworkorder").fetchall()
    con.execute(
        "SELECT site_id, max(inspected_on) FROM inspection WHERE kind IN "
        "('weekly','post_rain','village','complaint') GROUP BY site_id"
    ).fetchall()
    con.execute("SELECT * FROM sitegauge").fetchall()
    con.execute("SELECT * FROM raingauge").fetchall()
    con.execute(
        'SELECT * FROM rainevent WHERE "end" > ? ORDER BY "end"', (ts(now - timedelta(days=130)),)
    ).fetchall()
    elapsed = time.perf_counter() - started
    con.close()
    assert sites and permits and recent
    return elapsed


def make_app(path: Path):
    return create_app(
        {"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{path}", "WTF_CSRF_ENABLED": False}
    )


def counting(app):
    engine = app.extensions["engine"]
    seen = {"select": 0, "write": 0}

    def count(_conn, _cursor, statement, *_args):
        read = statement.lstrip().upper().startswith(("SELECT", "WITH"))
        seen["select" if read else "write"] += 1

    event.listen(engine, "before_cursor_execute", count)
    return seen, lambda: event.remove(engine, "before_cursor_execute", count)


def run_tick(path: Path) -> tuple[float, float, int, dict]:
    """evaluate_all and its commit, as the `tick` command runs them: (wall s, CPU s, proposals, queries).
    The CPU time of this process says what other processes on the machine took from the wall time."""
    app = make_app(path)
    with app.app_context():
        seen, stop = counting(app)
        started, cpu = time.perf_counter(), time.process_time()
        session = get_session()
        created = stop_work_proposals.evaluate_all(session, clock.now(), app.extensions["rulebook"])
        session.commit()
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        stop()
    app.extensions["engine"].dispose()
    return elapsed, cpu, len(created), seen


def run_command(path: Path) -> float:
    """The whole command as cron runs it between two daily records checks (one is recorded as just
    run: the bench's rows are written without seals, so a check would only time naming them all)."""
    app = make_app(path)
    with app.app_context():
        session = get_session()
        seals.record_run(session, seals.Report(started_at=utcnow()), trigger="bench")
        session.commit()
    started = time.perf_counter()
    result = app.test_cli_runner().invoke(tick_command)
    elapsed = time.perf_counter() - started
    assert result.exit_code == 0, result.output
    app.extensions["engine"].dispose()
    return elapsed


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        pristine = tmp / "tick.sqlite3"
        app = make_app(pristine)
        rb = app.extensions["rulebook"]
        with app.app_context():
            create_all()
            session = get_session()
            accounts.create_user(
                session,
                email="boss@bench.example",
                name="Boss",
                role="supervisor",
                password=PASSWORD,
            )
            session.commit()
        app.extensions["engine"].dispose()
        made = generate(pristine, SITES, rb)
        made.update(add_tick_world(pristine, SITES))
        depth = max(rb["stop_work.repeat_critical_failures"], 1)

        first, first_cpu, proposals, first_queries = [], [], set(), {}
        for n in range(RUNS):
            copy = tmp / f"first-{n}.sqlite3"
            shutil.copy(pristine, copy)
            elapsed, cpu, created, first_queries = run_tick(copy)
            first.append(elapsed)
            first_cpu.append(cpu)
            proposals.add(created)
        steady, steady_cpu, steady_queries = [], [], {}
        for _ in range(RUNS):
            elapsed, cpu, created, steady_queries = run_tick(tmp / "first-0.sqlite3")
            assert created == 0, "a second tick proposes nothing new (idempotent)"
            steady.append(elapsed)
            steady_cpu.append(cpu)
        command = []
        for n in range(RUNS):
            copy = tmp / f"command-{n}.sqlite3"
            shutil.copy(pristine, copy)
            command.append(run_command(copy))
        now = utcnow()
        floors = [floor(tmp / "first-0.sqlite3", now, depth) for _ in range(RUNS)]

    first_s, steady_s = statistics.median(first), statistics.median(steady)
    floor_s = statistics.median(floors)
    figures = {
        **made,
        "sites": SITES,
        "proposals_first_tick": sorted(proposals),
        "first_tick_s": round(first_s, 3),
        "first_tick_ms_per_site": round(first_s * 1000 / SITES, 3),
        "first_tick_cpu_s": round(statistics.median(first_cpu), 3),
        "first_tick_selects": first_queries["select"],
        "first_tick_writes": first_queries["write"],
        "steady_tick_s": round(steady_s, 3),
        "steady_tick_ms_per_site": round(steady_s * 1000 / SITES, 3),
        "steady_tick_cpu_s": round(statistics.median(steady_cpu), 3),
        "steady_tick_selects": steady_queries["select"],
        "steady_tick_writes": steady_queries["write"],
        "command_s": round(statistics.median(command), 3),
        "floor_s": round(floor_s, 4),
        "load_average_1m": round(os.getloadavg()[0], 2),
    }
    ratios = {
        "first_tick_vs_floor": round(first_s / floor_s, 1),
        "steady_tick_vs_floor": round(steady_s / floor_s, 1),
    }
    targets = {"first_tick_s": TARGET_S, "steady_tick_s": TARGET_S}
    print(json.dumps({"bench": "tick", "figures": figures, "ratios": ratios, "targets": targets}))


if __name__ == "__main__":
    main()
