"""Dashboard and site page at scale: 1,000 sites, 50,000 inspections, 1,000,000 answers (bulk-inserted with
executemany in one transaction). Each page is timed against the floor of the SQL that gathers the same
numbers straight from SQLite, in the same run, the two in turn and in CPU time, so a busy machine slows
neither (target: page <= 3x floor), and its SELECT count is taken at 100 and at 1,000 sites (target: the
same). Last line: one JSON object. Reading the ratios, and comparing two versions:
docs/benchmarks.md."""

from __future__ import annotations

import json
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event  # noqa: E402

from inspector import create_app  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.models.base import utcnow  # noqa: E402
from inspector.services import accounts, clock, stop_work_proposals  # noqa: E402

INSPECTIONS_PER_SITE, ANSWERS_PER_INSPECTION, COMPANIES = 50, 20, 10
PASSWORD = "bench-password-1"
# Pairs of page and floor runs: with fewer, the median ratio moves by tenths on a busy machine.
RUNS = 15


def ts(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f")


def generate(path: Path, sites: int, rb) -> dict:
    """Bulk data straight into the app's schema: one transaction, executemany per table."""
    now = utcnow()
    today = now.date()
    codes = [item["code"] for item in rb["checklist.items"]][:ANSWERS_PER_INSPECTION]
    while len(codes) < ANSWERS_PER_INSPECTION:
        codes.append(codes[len(codes) % 5])
    item = {i["code"]: i for i in rb["checklist.items"]}
    con = sqlite3.connect(path)
    # Throw-away bench data: no fsync while generating (the timed pages read it with the app's settings).
    con.execute("PRAGMA synchronous=OFF")
    started = time.perf_counter()
    con.execute("BEGIN")
    con.executemany(
        "INSERT INTO company (id, name) VALUES (?, ?)",
        [(c + 1, f"Builder {c + 1}") for c in range(COMPANIES)],
    )
    site_rows, permit_rows, insp_rows, answer_rows, finding_rows = [], [], [], [], []
    for s in range(1, sites + 1):
        site_rows.append(
            (
                s,
                f"Site {s:04d}",
                f"{s} Main St",
                "",
                "land_disturbance",
                10.0,
                5.0,
                0,
                0,
                0,
                s % 3 == 0,
                s % 4 == 0,
                1,
                ts(now),
                ts(now),
                43.7 + s * 1e-4,
                -88.4,
            )
        )
        issued = today - timedelta(days=120)
        permit_rows.append(
            (
                s,
                s,
                (s % COMPANIES) + 1,
                "Applicant",
                issued.isoformat(),
                "issued",
                f"ECP-2026-{s:04d}",
                issued.isoformat(),
                (issued + timedelta(days=180)).isoformat(),
                0,
                1,
                ts(now),
                ts(now),
                ts(now - timedelta(days=118)),
            )
        )
        # Weekly inspections back from 1-9 days ago: some sites are overdue for their weekly inspection.
        last = now - timedelta(days=1 + s % 9)
        for n in range(INSPECTIONS_PER_SITE):
            at = last - timedelta(days=7 * n)
            iid = str(uuid.UUID(int=s * 1000 + n))
            insp_rows.append(
                (
                    iid,
                    s,
                    s,
                    "weekly",
                    0,
                    "Permittee",
                    at.date().isoformat(),
                    ts(at),
                    ts(at + timedelta(minutes=40)),
                    "",
                    "",
                    "",
                    1,
                    rb["checklist.version"],
                    0,
                    ts(at),
                    ts(at),
                )
            )
            failed = codes[(s + n) % len(codes)]
            for code in codes:
                result = "fail" if code == failed else "pass"
                answer_rows.append(
                    (iid, code, result, "", "Repair it" if result == "fail" else "", "{}")
                )
            status = "open" if n == 0 else "closed"
            finding_rows.append(
                (
                    str(uuid.UUID(int=10**9 + s * 1000 + n)),
                    s,
                    iid,
                    failed,
                    item[failed]["severity"],
                    "",
                    "Repair it",
                    item[failed]["citation"],
                    ts(at + timedelta(hours=24)),
                    status,
                    (s % COMPANIES) + 1,
                    "",
                    1,
                    ts(at),
                    ts(at),
                )
            )
    con.executemany(
        "INSERT INTO site (id, name, address, legal_description, project_kind, area_acres, disturbed_acres, "
        "channel_originates, state_funded, extraterritorial, has_stockpiles, has_dewatering, version, "
        "created_at, updated_at, latitude, longitude) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        site_rows,
    )
    con.executemany(
        "INSERT INTO permit (id, site_id, company_id, applicant_name, application_received_on, status, number, "
        "issued_on, expires_on, extension_days, version, created_at, updated_at, commencement_notified_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        permit_rows,
    )
    con.executemany(
        "INSERT INTO inspection (id, site_id, permit_id, kind, by_village, inspector_name, inspected_on, "
        "started_at, ended_at, weather, phase, notes, active_disturbance, catalog_version, photos_expected, "
        "submitted_at, received_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        insp_rows,
    )
    con.executemany(
        "INSERT INTO answer (inspection_id, item_code, result, note, corrective_action, measurements) "
        "VALUES (?,?,?,?,?,?)",
        answer_rows,
    )
    con.executemany(
        "INSERT INTO finding (id, site_id, inspection_id, item_code, severity, description, required_action, "
        "citation, due_at, status, company_id, corrected_note, version, created_at, updated_at) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        finding_rows,
    )
    con.commit()
    con.execute("ANALYZE")
    con.close()
    return {
        "generate_s": round(time.perf_counter() - started, 2),
        "inspections": len(insp_rows),
        "answers": len(answer_rows),
        "findings": len(finding_rows),
    }


def floor_dashboard(path: Path, now: datetime) -> float:
    """The same numbers as the dashboard, straight from SQLite: the fastest the page could gather them."""
    con = sqlite3.connect(path)
    started = time.perf_counter()
    sites = con.execute("SELECT id, name, project_kind FROM site").fetchall()
    permits = {
        r[0]: r
        for r in con.execute(
            "SELECT p.site_id, p.status, p.expires_on, p.issued_on, c.name FROM permit p JOIN (SELECT site_id, max(id) AS id "
            "FROM permit GROUP BY site_id) l ON p.id = l.id JOIN company c ON c.id = p.company_id"
        )
    }
    last = dict(con.execute("SELECT site_id, max(inspected_on) FROM inspection GROUP BY site_id"))
    last_at = dict(
        con.execute(
            "SELECT i.site_id, max(i.started_at) FROM inspection i JOIN (SELECT site_id, "
            "max(inspected_on) AS d FROM inspection GROUP BY site_id) l ON l.site_id = i.site_id "
            "AND l.d = i.inspected_on GROUP BY i.site_id"
        )
    )
    counts = {
        r[0]: r
        for r in con.execute(
            "SELECT site_id, count(*), sum(status IN ('open','reopened') AND due_at < ?) FROM finding "
            "WHERE status IN ('open','corrected','reopened') GROUP BY site_id",
            (ts(now),),
        )
    }
    orders = con.execute(
        "SELECT site_id, status, compliance_due FROM stopworkorder WHERE status IN "
        "('proposed','issued','posted','revoked_permit','cease_desist_requested')"
    ).fetchall()
    gauges = con.execute("SELECT site_id, gauge_id FROM sitegauge").fetchall()
    rows = [
        (sid, name, kind, permits.get(sid), last.get(sid), last_at.get(sid), counts.get(sid))
        for sid, name, kind in sites
    ]
    elapsed = time.perf_counter() - started
    con.close()
    assert rows and orders is not None and gauges is not None
    return elapsed


def floor_site(path: Path, site_id: int, now: datetime) -> float:
    """What the site page shows, straight from SQLite: the site, its permits with their company, plan documents,
    control-measure notices and history, the last 60 inspections with their failed-item counts and photos,
    unresolved findings, stop-work orders, and its rain gauge with the rain of the timeline's 42 days."""
    con = sqlite3.connect(path)
    started = time.perf_counter()
    con.execute("SELECT * FROM site WHERE id = ?", (site_id,)).fetchall()
    con.execute(
        "SELECT p.*, c.name FROM permit p LEFT JOIN company c ON c.id = p.company_id WHERE p.site_id = ?",
        (site_id,),
    ).fetchall()
    for table in ("controlplandocument", "controlmeasurenotice"):
        con.execute(
            f"SELECT * FROM {table} WHERE permit_id IN (SELECT id FROM permit WHERE site_id = ?)",
            (site_id,),
        ).fetchall()
    recent = con.execute(
        "SELECT i.*, (SELECT count(*) FROM answer a WHERE a.inspection_id = i.id AND a.result = 'fail') "
        "FROM inspection i WHERE site_id = ? ORDER BY inspected_on DESC LIMIT 60",
        (site_id,),
    ).fetchall()
    marks = ",".join("?" * len(recent))
    con.execute(
        f"SELECT * FROM photo WHERE inspection_id IN ({marks})", [r[0] for r in recent]
    ).fetchall()
    con.execute(
        "SELECT * FROM finding WHERE site_id = ? AND status IN ('open','corrected','reopened')",
        (site_id,),
    ).fetchall()
    con.execute("SELECT * FROM stopworkorder WHERE site_id = ?", (site_id,)).fetchall()
    con.execute(
        "SELECT * FROM permitevent WHERE permit_id IN (SELECT id FROM permit WHERE site_id = ?)",
        (site_id,),
    ).fetchall()
    con.execute(
        "SELECT * FROM sitegauge s JOIN raingauge g ON g.id = s.gauge_id WHERE s.site_id = ?",
        (site_id,),
    ).fetchall()
    con.execute(
        "SELECT e.* FROM rainevent e JOIN sitegauge s ON s.gauge_id = e.gauge_id WHERE s.site_id = ? AND e.end > ?",
        (site_id, ts(now - timedelta(days=42))),
    ).fetchall()
    elapsed = time.perf_counter() - started
    con.close()
    return elapsed


def median_cpu(page, floor, runs: int = RUNS) -> tuple[float, float]:
    """Median CPU seconds of the page and of its floor, run in turn: other work on the machine slows
    neither, and both see the same cache state."""
    pages, floors = [], []
    for _ in range(runs):
        for fn, times in ((page, pages), (floor, floors)):
            started = time.process_time()
            fn()
            times.append(time.process_time() - started)
    return statistics.median(pages), statistics.median(floors)


def build(tmp: Path, sites: int, tick: bool = True) -> tuple:
    path = tmp / f"bench-{sites}.sqlite3"
    app = create_app(
        {
            "SECRET_KEY": "bench",
            "DATABASE_URL": f"sqlite:///{path}",
            "WTF_CSRF_ENABLED": False,
        }
    )
    rb = app.extensions["rulebook"]
    with app.app_context():
        create_all()
        session = get_session()
        accounts.create_user(
            session, email="boss@bench.example", name="Boss", role="supervisor", password=PASSWORD
        )
        session.commit()
    made = generate(path, sites, rb)
    with app.app_context():
        # The clock tick (cron) evaluates every site; the page then runs on what it found.
        if not tick:
            return _ready(app, made)
        started = time.perf_counter()
        session = get_session()
        now = clock.now()
        created = stop_work_proposals.evaluate_all(session, now, rb)
        session.commit()
        made["tick_s"] = round(time.perf_counter() - started, 2)
        made["proposals"] = len(created)
    return _ready(app, made)


def _ready(app, made: dict) -> tuple:
    client = app.test_client()
    assert (
        client.post(
            "/login", data={"email": "boss@bench.example", "password": PASSWORD}
        ).status_code
        == 302
    )
    return app, client, Path(app.config["DATABASE_URL"].removeprefix("sqlite:///")), made


def selects(app, client, url: str) -> int:
    engine = app.extensions["engine"]
    seen = []

    def count(_conn, _cursor, statement, *_args):
        if (
            statement.lstrip().upper().startswith(("SELECT", "WITH"))
        ):  # WITH: a read with a CTE (visits)
            seen.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        small_app, small_client, _small_path, _ = build(tmp, 100)
        q_dash_100 = selects(small_app, small_client, "/dashboard")
        q_site_100 = selects(small_app, small_client, "/sites/50")
        app, client, path, made = build(tmp, 1000)
        q_dash_1000 = selects(app, client, "/dashboard")
        q_site_1000 = selects(app, client, "/sites/500")
        now = utcnow()
        body = client.get("/dashboard").text
        assert "Page 1 of 10" in body, (
            "the dashboard sorts all 1,000 sites and shows the 100 most urgent first"
        )
        page_dash, floor_dash = median_cpu(
            lambda: client.get("/dashboard"), lambda: floor_dashboard(path, now)
        )
        page_site, floor_s = median_cpu(
            lambda: client.get("/sites/500"), lambda: floor_site(path, 500, now), runs=3 * RUNS
        )
    figures = {
        **made,
        "dashboard_page_s": round(page_dash, 4),
        "dashboard_floor_s": round(floor_dash, 4),
        "site_page_s": round(page_site, 4),
        "site_floor_s": round(floor_s, 4),
        "dashboard_selects_100_sites": q_dash_100,
        "dashboard_selects_1000_sites": q_dash_1000,
        "site_page_selects_100_sites": q_site_100,
        "site_page_selects_1000_sites": q_site_1000,
    }
    ratios = {
        "dashboard_page_vs_floor": round(page_dash / floor_dash, 2),
        "site_page_vs_floor": round(page_site / floor_s, 2),
        "dashboard_selects_1000_vs_100": round(q_dash_1000 / q_dash_100, 2),
        "site_page_selects_1000_vs_100": round(q_site_1000 / q_site_100, 2),
    }
    targets = {
        "dashboard_page_vs_floor": 3.0,
        "site_page_vs_floor": 3.0,
        "dashboard_selects_1000_vs_100": 1.0,
        "site_page_selects_1000_vs_100": 1.0,
    }
    print(
        json.dumps({"bench": "dashboard", "figures": figures, "ratios": ratios, "targets": targets})
    )


if __name__ == "__main__":
    main()
