"""Rain and schedule: (1) importing a year of NOAA GHCN-Daily rows for 10 stations through the service
(parse, store, audit, find qualifying rains) against the floor of inserting the same rows straight into
SQLite in the same run; re-importing the file (all unchanged) against the first import. (2) Due items for
300 sites with `due_items_many` against 300 calls of `due_items`. Last line: one JSON object."""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import tempfile
import time
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from inspector import create_app  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.models import Inspection  # noqa: E402
from inspector.services import rain_imports, schedule  # noqa: E402
from tests.conftest import Factory  # noqa: E402

STATIONS, DAYS, SITES = 10, 365, 300
NOW = datetime(2026, 12, 1, 18, 0)


def ghcn_file() -> str:
    pick = random.Random(6)
    lines = ['"STATION","NAME","LATITUDE","LONGITUDE","ELEVATION","DATE","PRCP","PRCP_ATTRIBUTES"']
    for s in range(STATIONS):
        for d in range(DAYS):
            day = date(2025, 12, 1) + timedelta(days=d)
            amount = pick.choice([0, 0, 0, 0.01, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 1.1])
            lines.append(
                f'"USC0047{s:04d}","STATION {s}, WI US","{43.7 + s * 0.02:.3f}","-88.9","250",'
                f'"{day.isoformat()}","{amount:.2f}",",,7,0700"'
            )
    return "\n".join(lines) + "\n"


def floor_insert(tmp: Path, text: str) -> float:
    """The same rows into a bare SQLite table with a unique key, one transaction."""
    rows = [line.split('","') for line in text.splitlines()[1:]]
    con = sqlite3.connect(tmp / "floor.sqlite3")
    con.execute("create table r (key text unique, gauge text, day text, amount real)")
    start = time.perf_counter()
    with con:
        con.executemany(
            "insert into r values (?, ?, ?, ?)",
            [(f"{r[0]}:{r[5]}", r[0], r[5], float(r[6])) for r in rows],
        )
    elapsed = time.perf_counter() - start
    con.close()
    return elapsed


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}", "SECRET_KEY": "b"})
    rb = app.extensions["rulebook"]
    text = ghcn_file()
    figures, ratios = {}, {}
    with app.app_context():
        create_all()
        session = get_session()
        make = Factory(session)
        sup = make.user("supervisor")
        owner = make.user("permittee")
        sites = []
        for n in range(SITES):
            site = make.site(
                sup, name=f"Site {n}", latitude=43.7 + (n % STATIONS) * 0.02, longitude=-88.9
            )
            make.permit(
                site, owner.company_id, sup, issued=True, received_on=date(2026, 11, 1), rb=rb
            )
            session.add(
                Inspection(
                    id=f"b-{n}",
                    site_id=site.id,
                    kind="weekly",
                    inspector_name="B",
                    inspected_on=date(2026, 11, 20),
                    started_at=datetime(2026, 11, 20, 15),
                    catalog_version="b",
                )
            )
            sites.append(site)
        session.commit()

        start = time.perf_counter()
        report = rain_imports.import_file(
            session, text, "ghcn", user_id=None, now=NOW, rb=rb, units="standard"
        )
        session.commit()
        first = time.perf_counter() - start
        start = time.perf_counter()
        again = rain_imports.import_file(
            session, text, "ghcn", user_id=None, now=NOW, rb=rb, units="standard"
        )
        session.commit()
        second = time.perf_counter() - start
        assert (
            report.stored == STATIONS * DAYS
            and again.unchanged == STATIONS * DAYS
            and again.stored == 0
        )

        # Warm both paths once (statements built and compiled once per process, as on a running server),
        # so neither timing carries the other's one-time costs.
        schedule.due_items_many(session, sites[:2], NOW, rb)
        schedule.due_items(session, sites[0], NOW, rb)
        start = time.perf_counter()
        many = schedule.due_items_many(session, sites, NOW, rb)
        batch = time.perf_counter() - start
        start = time.perf_counter()
        single = {site.id: schedule.due_items(session, site, NOW, rb) for site in sites}
        one_by_one = time.perf_counter() - start
        assert many == single
    floor = floor_insert(tmp, text)
    app.extensions["engine"].dispose()

    rows = STATIONS * DAYS
    figures.update(
        {
            "rows": rows,
            "import_s": round(first, 3),
            "reimport_s": round(second, 3),
            "floor_insert_s": round(floor, 4),
            "qualifying_rains": len(report.rain_events),
            "sites": SITES,
            "due_items_many_s": round(batch, 4),
            "due_items_each_s": round(one_by_one, 4),
            "import_rows_per_s": round(rows / first),
        }
    )
    ratios.update(
        {
            "import_vs_floor": round(first / floor, 1),
            "reimport_vs_import": round(second / first, 3),
            "many_vs_each": round(batch / one_by_one, 3),
        }
    )
    targets = {
        "import_rows_per_s": ">= 1000",
        "reimport_vs_import": "<= 0.5",
        "many_vs_each": "<= 0.25",
    }
    print(
        f"imported {rows} rows in {first:.2f}s ({rows / first:.0f}/s); re-import {second:.2f}s; "
        f"due items for {SITES} sites: {batch * 1000:.0f} ms batched vs {one_by_one * 1000:.0f} ms one by one"
    )
    print(json.dumps({"bench": "rain", "figures": figures, "ratios": ratios, "targets": targets}))


if __name__ == "__main__":
    main()
