"""Concurrency: 20 simulated devices against gunicorn with 4 workers, through the real HTTP API
(device tokens), each pushing inspections of 25 answers and then PUTting their 2 photos (JPEGs made
with Pillow), for --duration seconds; baseline in the same run: 1 device for the same time. Then a
phase where every worker is killed with SIGKILL twice (the gunicorn master starts new ones) while
the 20 devices keep sending. Afterwards the database itself is read: everything the server
acknowledged must be there, once. Loopback only; a device retries an unanswered or 5xx request as
the field app does.

The database is a parameter (--database): `sqlite` (a temporary file made with `flask db upgrade`)
or `postgresql` (a throwaway server, tests/support/pgcluster.py, fsync on as on a real one; `make
bench` runs both). Another backend plugs in as one more entry of DATABASES returning its URL.
Last line: one JSON object."""

from __future__ import annotations

import argparse
import hashlib
import http.client
import io
import json
import os
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from bench.bench_sync_ingest import bench_rulebook  # noqa: E402
from inspector import create_app  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.services import devices as device_auth  # noqa: E402
from tests.conftest import Factory  # noqa: E402
from tests.sync.helpers import checklist_codes, inspection_payload, mutation  # noqa: E402

ANSWERS, PHOTOS_EACH, SITES, WORKERS = 25, 2, 5, 4
SECRET = "bench-concurrency-secret"
VENV_BIN = ROOT / ".venv" / "bin"
WARM_UP = 5.0
GIVE_UP_AFTER = 30.0  # past the phase's end a device stops retrying (counted as unacknowledged)


@contextmanager
def sqlite_database(tmp: Path):
    yield f"sqlite:///{tmp / 'concurrency.sqlite3'}"


@contextmanager
def postgresql_database(_tmp: Path):
    from tests.support.pgcluster import Cluster

    with Cluster(durable=True) as cluster:
        admin = create_engine(cluster.url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text("CREATE DATABASE concurrency"))
        admin.dispose()
        yield cluster.url.removesuffix("/postgres") + "/concurrency"


DATABASES = {"sqlite": sqlite_database, "postgresql": postgresql_database}


# ------------------------------------------------------------------------------------ set-up


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(url: str, rulebook: Path) -> dict:
    return {
        **os.environ,
        "FAIRWATER_DATABASE_URL": url,
        "FAIRWATER_SECRET_KEY": SECRET,
        "FAIRWATER_RULEBOOK_PATH": str(rulebook),
    }


def twenty_five_item_rulebook(tmp: Path) -> Path:
    probe = create_app({"DATABASE_URL": f"sqlite:///{tmp / 'probe.sqlite3'}", "SECRET_KEY": "b"})
    with probe.app_context():
        create_all()
        make = Factory(get_session())
        site = make.site(
            make.user("supervisor"), name="Probe", has_stockpiles=True, has_dewatering=True
        )
        have = len(checklist_codes(site, probe.extensions["rulebook"]))
    probe.extensions["engine"].dispose()
    return bench_rulebook(tmp, max(0, ANSWERS - have))


def seed(url: str, rulebook: Path, devices: int):
    """The schema through the real upgrade command, then sites with issued permits and one enrolled
    tablet per inspector."""
    subprocess.run(
        [str(VENV_BIN / "flask"), "--app", "app", "db", "upgrade"],
        cwd=ROOT,
        check=True,
        env=server_env(url, rulebook),
        stdout=subprocess.DEVNULL,
    )
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": SECRET, "RULEBOOK_PATH": str(rulebook)})
    rb = app.extensions["rulebook"]
    with app.app_context():
        session = get_session()
        make = Factory(session)
        sup = make.user("supervisor")
        permittee = make.user("permittee", company="Acme")
        sites = []
        for i in range(SITES):
            site = make.site(sup, name=f"Bench {i}", has_stockpiles=True, has_dewatering=True)
            make.permit(site, permittee.company_id, sup, issued=True, rb=rb)
            sites.append(site)
        tokens = []
        for d in range(devices):
            inspector = make.user("inspector", email=f"inspector{d}@bench.test")
            tokens.append(device_auth.enroll(session, inspector, f"Tablet {d}")[1])
        session.commit()
        codes = checklist_codes(sites[0], rb)[:ANSWERS]
        assert len(codes) == ANSWERS, len(codes)
        session.expunge_all()
    app.extensions["engine"].dispose()
    return sites, tokens, codes


class Server:
    """gunicorn, 4 workers, on a free loopback port; its error log is read for lock errors."""

    def __init__(self, url: str, rulebook: Path, log: Path, threads: int):
        self.env, self.log, self.threads = server_env(url, rulebook), log, threads
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    def start(self) -> Server:
        """Started (again, after a crash: on the same port, the devices keep theirs)."""
        cmd = [
            str(VENV_BIN / "gunicorn"),
            "--workers",
            str(WORKERS),
            "--threads",
            str(self.threads),
            "--bind",
            f"127.0.0.1:{self.port}",
            "--graceful-timeout",
            "5",
            "--no-control-socket",  # one fixed path per user by default: runs would share it
            "--error-logfile",
            str(self.log),
            "app:app",
        ]
        self.proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/api/v1/openapi.json")[0] == 200:
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError("gunicorn exited: " + self.log.read_text()[-2000:])
            time.sleep(0.1)
        raise RuntimeError("gunicorn did not start")

    def workers(self) -> list[int]:
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    stat = (entry / "stat").read_text()
                except OSError:
                    continue
                if int(stat.rsplit(")", 1)[1].split()[1]) == self.proc.pid:
                    pids.append(int(entry.name))
        return pids

    def kill_workers(self) -> int:
        """SIGKILL every worker mid-request: no clean-up, no flush; the master forks new ones."""
        pids = self.workers()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return len(pids)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.proc = None


# ------------------------------------------------------------------------------------ devices


def request(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict | None = None,
    timeout: float = 60,
):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read(), response.getheader("Retry-After")
    finally:
        conn.close()


def base_jpeg() -> bytes:
    im = Image.new("RGB", (640, 480), (120, 90, 60))
    for x in range(0, 640, 40):
        im.paste((60, 200, 60), (x, 0, x + 10, 480))
    out = io.BytesIO()
    im.save(out, "JPEG", quality=85)
    return out.getvalue()


def unique_jpeg(base: bytes, label: str) -> bytes:
    """The same picture with a JPEG comment naming it: a valid, distinct photo per id."""
    comment = label.encode()
    return base[:2] + b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment + base[2:]


class Phase:
    """What the devices saw in one phase (lists and counters shared by the device threads)."""

    def __init__(self, name: str, seconds: float):
        self.name, self.seconds, self.killed, self.restarts = name, seconds, 0, 0
        self.push_ms: list[float] = []
        self.photo_ms: list[float] = []
        self.acked_inspections: dict[str, str] = {}  # id -> notes (unique per inspection)
        self.acked_photos: dict[str, str] = {}  # id -> inspection id
        self.counts = {
            "server_errors": 0,
            "unanswered": 0,
            "refused": 0,
            "busy_503": 0,
            "unacknowledged": 0,
        }
        self.lock = threading.Lock()

    def count(self, key: str) -> None:
        with self.lock:
            self.counts[key] += 1


def device(n: int, port: int, token: str, site, codes, base: bytes, phase: Phase, until: float):
    auth = {"Authorization": f"Bearer {token}"}
    give_up = until + GIVE_UP_AFTER

    def send(method, path, body, headers, ok, timing):
        """Until acknowledged: an unanswered request or a 5xx is sent again (same ids)."""
        while time.monotonic() < give_up:
            started = time.perf_counter()
            try:
                status, data, retry_after = request(port, method, path, body, {**auth, **headers})
            except (OSError, http.client.HTTPException):  # the worker died mid-request
                phase.count("unanswered")
                time.sleep(0.2)
                continue
            took = (time.perf_counter() - started) * 1000
            if status == 503 and retry_after:
                phase.count("busy_503")
                time.sleep(min(float(retry_after), 1.0))
                continue
            if status >= 500:
                phase.count("server_errors")
                time.sleep(0.2)
                continue
            timing.append(took)
            return ok(status, data)
        phase.count("unacknowledged")
        return False

    i = 0
    while time.monotonic() < until:
        i += 1
        inspection_id = str(uuid.uuid4())
        notes = f"bench {phase.name} device {n} inspection {i}"
        photos = {
            str(uuid.uuid4()): unique_jpeg(base, f"{notes} photo {k}") for k in range(PHOTOS_EACH)
        }
        payload = inspection_payload(
            site,
            codes=codes,
            kind="village",
            notes=notes,
            photos=[(pid, hashlib.sha256(b).hexdigest()) for pid, b in photos.items()],
        )
        body = json.dumps(
            {
                "device_id": f"bench-{n}",
                "mutations": [mutation("inspection", inspection_id, payload)],
            }
        ).encode()

        def pushed(status, data, inspection_id=inspection_id, notes=notes):
            result = json.loads(data)["results"][0]["status"] if status == 200 else None
            if result in ("applied", "duplicate"):
                with phase.lock:
                    phase.acked_inspections[inspection_id] = notes
                return True
            phase.count("refused")
            return False

        if not send(
            "POST",
            "/api/v1/sync/push",
            body,
            {"Content-Type": "application/json"},
            pushed,
            phase.push_ms,
        ):
            continue
        for pid, data in photos.items():

            def stored(status, _data, pid=pid, inspection_id=inspection_id):
                if status in (200, 201):
                    with phase.lock:
                        phase.acked_photos[pid] = inspection_id
                    return True
                phase.count("refused")
                return False

            send(
                "PUT",
                f"/api/v1/photos/{pid}",
                data,
                {
                    "Content-Type": "image/jpeg",
                    "X-Content-SHA256": hashlib.sha256(data).hexdigest(),
                },
                stored,
                phase.photo_ms,
            )


def run_phase(name: str, server: Server, devices: int, seconds: float, world, kills: int = 0):
    sites, tokens, codes, base = world
    phase = Phase(name, seconds)
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=device,
            daemon=True,
            args=(n, server.port, tokens[n], sites[n % len(sites)], codes, base, phase, until),
        )
        for n in range(devices)
    ]
    started = time.monotonic()
    for t in threads:
        t.start()
    kill_at = [started + seconds * (k + 1) / (kills + 1) for k in range(kills)]  # evenly inside
    while any(t.is_alive() for t in threads):
        if kill_at and time.monotonic() >= kill_at[0]:
            kill_at.pop(0)
            phase.killed += server.kill_workers()
        if server.proc.poll() is not None:  # the master itself stopped: start it again, say so
            phase.restarts += 1
            server.start()
        time.sleep(0.1)
    return phase


# ------------------------------------------------------------------------------------ checks


def check(url: str, phases: list[Phase]) -> dict:
    """Read the database after the server stopped: acknowledged and there, once, whole."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            inspections = dict(conn.execute(text("SELECT id, notes FROM inspection")).all())
            answers = dict(
                conn.execute(
                    text("SELECT inspection_id, count(*) FROM answer GROUP BY inspection_id")
                ).all()
            )
            photos = dict(
                conn.execute(
                    text(
                        "SELECT p.id, p.inspection_id FROM photo p JOIN storedfile f ON f.id = p.file_id "
                        "WHERE length(f.data) > 0"
                    )
                ).all()
            )
            dup_inspections = conn.execute(
                text(
                    "SELECT coalesce(sum(n - 1), 0) FROM (SELECT count(*) AS n FROM inspection "
                    "WHERE notes LIKE 'bench %' GROUP BY notes) AS g"
                )
            ).scalar()
            dup_photos = conn.execute(
                text(
                    "SELECT coalesce(sum(n - 1), 0) FROM (SELECT count(*) AS n FROM photo "
                    "GROUP BY sha256) AS g"
                )
            ).scalar()
    finally:
        engine.dispose()
    out = {}
    for phase in phases:
        lost = sum(
            1
            for iid, notes in phase.acked_inspections.items()
            if inspections.get(iid) != notes or answers.get(iid) != ANSWERS
        )
        lost += sum(1 for pid, iid in phase.acked_photos.items() if photos.get(pid) != iid)
        out[phase.name] = lost
    out["duplicates"] = int(dup_inspections) + int(dup_photos)
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return round(values[0], 1)
    return round(statistics.quantiles(values, n=100, method="inclusive")[q - 1], 1)


def summary(phase: Phase, lost: int) -> dict:
    return {
        "inspections_per_s": round(len(phase.acked_inspections) / phase.seconds, 2),
        "photos_per_s": round(len(phase.acked_photos) / phase.seconds, 2),
        "push_p50_ms": pct(phase.push_ms, 50),
        "push_p95_ms": pct(phase.push_ms, 95),
        "photo_p50_ms": pct(phase.photo_ms, 50),
        "photo_p95_ms": pct(phase.photo_ms, 95),
        "acknowledged_inspections": len(phase.acked_inspections),
        "acknowledged_photos": len(phase.acked_photos),
        "lost": lost,
        **phase.counts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds per phase (60)")
    parser.add_argument(
        "--kill-duration",
        type=float,
        default=30.0,
        help="seconds of the phase whose workers are SIGKILLed twice (30; 0: skip)",
    )
    parser.add_argument("--devices", type=int, default=20)
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker (1)")
    parser.add_argument("--database", choices=sorted(DATABASES), default="sqlite")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmpdir, DATABASES[args.database](Path(tmpdir)) as url:
        tmp = Path(tmpdir)
        rulebook = twenty_five_item_rulebook(tmp)
        sites, tokens, codes = seed(url, rulebook, args.devices)
        world = (sites, tokens, codes, base_jpeg())
        log = tmp / "gunicorn.log"
        phases = []
        server = Server(url, rulebook, log, args.threads).start()
        try:  # the warm-up lets every worker load the app and fill its caches; not timed
            for name, devices, seconds, kills in (
                ("warm-up", args.devices, WARM_UP, 0),
                ("one", 1, args.duration, 0),
                ("many", args.devices, args.duration, 0),
                ("killed", args.devices, args.kill_duration, 2),
            ):
                if seconds > 0:
                    phases.append(run_phase(name, server, devices, seconds, world, kills))
        finally:
            server.stop()
        lost = check(url, phases)
        errors = log.read_text(errors="replace") if log.exists() else ""
        locked = errors.count("database is locked")
        if "Traceback" in errors or "Reason:" in errors:  # what the 5xx or a crash were
            last = max(errors.rfind("Traceback"), errors.rfind("Reason:"))
            print(errors[last:][:3000], file=sys.stderr)
    by = {p.name: summary(p, lost[p.name]) for p in phases}
    one, many = by["one"], by["many"]
    killed = by.get("killed")
    everything = list(by.values())  # the warm-up's acknowledged records count too
    figures = {
        "database": args.database,
        "workers": WORKERS,
        "threads": args.threads,
        "devices": args.devices,
        "seconds": args.duration,
        "answers_each": ANSWERS,
        "photos_each": PHOTOS_EACH,
        "inspections_per_s": many["inspections_per_s"],
        "photos_per_s": many["photos_per_s"],
        "push_p50_ms": many["push_p50_ms"],
        "push_p95_ms": many["push_p95_ms"],
        "photo_p50_ms": many["photo_p50_ms"],
        "photo_p95_ms": many["photo_p95_ms"],
        "one_device": {
            k: one[k]
            for k in (
                "inspections_per_s",
                "photos_per_s",
                "push_p50_ms",
                "push_p95_ms",
                "photo_p50_ms",
                "photo_p95_ms",
            )
        },
        "lost": sum(p["lost"] for p in everything),
        "duplicates": lost["duplicates"],
        "server_errors": sum(p["server_errors"] for p in everything),
        "database_locked": locked,
        "refused": sum(p["refused"] for p in everything),
        "unacknowledged": sum(p["unacknowledged"] for p in everything),
        "busy_503": sum(p["busy_503"] for p in everything),
        "server_restarts": sum(p.restarts for p in phases),
    }
    if killed:
        figures["kill_phase"] = {
            "seconds": args.kill_duration,
            "workers_killed": phases[-1].killed,
            "acknowledged_inspections": killed["acknowledged_inspections"],
            "acknowledged_photos": killed["acknowledged_photos"],
            "unanswered_requests": killed["unanswered"],
            "lost": killed["lost"],
        }

    def ratio(key: str) -> float:
        return round(many[key] / max(one[key], 0.01), 2)

    ratios = {
        "push_p95_many_vs_one": ratio("push_p95_ms"),
        "photo_p95_many_vs_one": ratio("photo_p95_ms"),
        "inspections_per_s_many_vs_one": ratio("inspections_per_s"),
    }
    targets = {
        "lost": 0,
        "duplicates": 0,
        "server_errors": 0,
        "push_p95_many_vs_one": "<= 10",
        "photo_p95_many_vs_one": "<= 10",
    }
    print(
        f"{args.devices} devices: {many['inspections_per_s']} inspections/s, push p95 "
        f"{many['push_p95_ms']} ms (1 device: {one['push_p95_ms']} ms); lost {figures['lost']}, "
        f"duplicates {figures['duplicates']}, 5xx {figures['server_errors']}, "
        f"'database is locked' {locked}"
    )
    print(
        json.dumps(
            {"bench": "concurrency", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
