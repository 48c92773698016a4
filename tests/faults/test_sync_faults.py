"""The real server in its own process, killed with SIGKILL mid-push and mid-upload, backed up while writing:
every acknowledged record and photo is there exactly once, nothing is half-written, SQLite's
integrity_check is ok. On SQLite, or on PostgreSQL when the suite runs against a server
(tests/support/database.py); the backup is the online copy of the file, or pg_dump and
pg_restore."""

from __future__ import annotations

import io
import json
import os
import shutil
import socket
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from sqlalchemy import bindparam, create_engine, make_url, text
from sqlalchemy.pool import NullPool

from inspector import create_app
from inspector.db import get_session
from inspector.services import devices as device_auth
from tests.conftest import Factory
from tests.support import database
from tests.sync.helpers import checklist_codes, inspection_payload, jpeg, mutation, sha, uid

from .server import ROOT, Client, ServerProcess

pytestmark = pytest.mark.slow  # a real server process, started and killed several times


class World:
    def __init__(self, db_url: str, token: str, site, codes: list[str]):
        self.db_url, self.token, self.site, self.codes = db_url, token, site, codes

    def batch(self, n: int, photos_each: int = 0) -> tuple[list[dict], dict[str, bytes]]:
        mutations, photo_bytes = [], {}
        for i in range(n):
            photos = []
            for _ in range(photos_each):
                data = jpeg(320, 240, color=(len(photo_bytes) % 255, 80, 120))
                pid = uid()
                photo_bytes[pid] = data
                photos.append((pid, sha(data)))
            mutations.append(
                mutation(
                    "inspection",
                    uid(),
                    inspection_payload(
                        self.site,
                        codes=self.codes,
                        kind="village",
                        photos=photos,
                        notes=f"batch item {i}",
                    ),
                )
            )
        return mutations, photo_bytes


@pytest.fixture
def world(tmp_path):
    db_url = database.new_database_url(tmp_path, "fault")
    app = create_app({"DATABASE_URL": db_url, "SECRET_KEY": "fault-tests-secret"})
    with app.app_context():
        session = get_session()
        make = Factory(session)
        supervisor = make.user("supervisor")
        inspector = make.user("inspector")
        permittee = make.user("permittee", company="Acme Earthworks")
        site = make.site(supervisor, name="Crash Test Lot")
        make.permit(site, permittee.company_id, supervisor, issued=True)
        _, token = device_auth.enroll(session, inspector, "Crash tablet")
        session.commit()
        codes = checklist_codes(site, app.extensions["rulebook"])
        session.expunge_all()
    app.extensions["engine"].dispose()
    yield World(db_url, token, site, codes)
    database.release_database(db_url)


@pytest.fixture
def server(world):
    proc = ServerProcess(world.db_url).start()
    yield proc
    proc.stop()


def db_rows(db_url: str, sql: str, **params):
    """Rows of `sql` (named parameters; a list value is expanded for IN)."""
    stmt = text(sql).bindparams(
        *[bindparam(k, expanding=True) for k, v in params.items() if isinstance(v, list)]
    )
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return conn.execute(stmt, params).all()
    finally:
        engine.dispose()


def assert_intact(db_url: str) -> None:
    """SQLite: the file's own check. PostgreSQL keeps its files consistent through its write-ahead
    log after a client is killed; what these tests check there is the rows themselves."""
    if db_url.startswith("sqlite"):
        assert db_rows(db_url, "PRAGMA integrity_check")[0][0] == "ok"


def push_or_none(client: Client, mutations: list[dict], out: dict) -> None:
    try:
        out["response"] = client.push(mutations)
    except (
        OSError
    ) as exc:  # the connection died with the server: no answer, so the device keeps the batch
        out["error"] = exc


@contextmanager
def writer_probe(db_url: str):
    """A check of whether another connection is inside a transaction that writes: SQLite's write lock
    is taken (writes begin with BEGIN IMMEDIATE, inspector/db.py), or on PostgreSQL another client
    of the database has a transaction open. The server begins it when a request starts and answers
    a push only after its commit. One connection for every check: each costs a millisecond."""
    if db_url.startswith("sqlite"):
        import sqlite3

        conn = sqlite3.connect(make_url(db_url).database, timeout=0, isolation_level=None)

        def writing() -> bool:
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    return True
                raise
            conn.execute("ROLLBACK")
            return False

        try:
            yield writing
        finally:
            conn.close()
        return
    engine = create_engine(db_url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    query = text(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
        "AND xact_start IS NOT NULL"
    )
    try:
        with engine.connect() as conn:
            yield lambda: bool(conn.execute(query).scalar())
    finally:
        engine.dispose()


def test_sigkill_mid_push_leaves_no_half_batch_and_retries_apply_once(world, server):
    client = Client(server.port, world.token)
    warm, _ = world.batch(50)
    status, body = client.push(warm)
    assert status == 200 and {r["status"] for r in body["results"]} == {"applied"}
    acknowledged = {m["entity_id"] for m in warm}

    batches: list[list[dict]] = []
    unanswered = 0
    for _ in range(3):
        # Killed inside the push's transaction, however fast or slow the machine is today. On a
        # loaded machine a push may be answered before the probe first looks: that batch is simply
        # acknowledged, and another one is sent to be killed.
        for _attempt in range(10):
            batch = world.batch(50)[0]
            batches.append(batch)
            out: dict = {}
            thread = threading.Thread(target=push_or_none, args=(client, batch, out))
            thread.start()
            seen = False
            with writer_probe(world.db_url) as writing:
                while thread.is_alive() and not seen:
                    seen = writing()
                    if not seen:
                        time.sleep(0.001)
            if seen:
                server.kill()
            thread.join()
            ids = [m["entity_id"] for m in batch]
            stored = db_rows(
                world.db_url, "SELECT count(*) FROM inspection WHERE id IN :ids", ids=ids
            )[0][0]
            answers = db_rows(
                world.db_url, "SELECT count(*) FROM answer WHERE inspection_id IN :ids", ids=ids
            )[0][0]
            assert stored in (0, len(batch)), "a batch is one transaction: all of it or none"
            assert answers == stored * len(world.codes)
            assert_intact(world.db_url)
            if "response" in out and out["response"][0] == 200:
                acknowledged.update(ids)
            else:
                unanswered += 1
            if seen:
                server.start()
                client = Client(server.port, world.token)
                break
    assert unanswered >= 1, "at least one kill must land while a push was in flight"

    # The devices retry every batch (they cannot know what arrived); the same push three times is applied once.
    for _ in range(3):
        for batch in batches:
            status, body = client.push(batch)
            assert status == 200
            assert {r["status"] for r in body["results"]} <= {"applied", "duplicate"}
            acknowledged.update(m["entity_id"] for m in batch)
    server.stop()
    everything = {m["entity_id"] for b in batches + [warm] for m in b}
    assert acknowledged == everything
    rows = db_rows(world.db_url, "SELECT id FROM inspection")
    assert sorted(r[0] for r in rows) == sorted(
        everything
    )  # each exactly once (and the PK forbids twins)
    assert db_rows(world.db_url, "SELECT count(*) FROM answer")[0][0] == len(everything) * len(
        world.codes
    )
    assert_intact(world.db_url)


def big_photo() -> bytes:
    im = Image.effect_noise((4000, 3000), 64).convert(
        "RGB"
    )  # 12 MP of detail: slow enough to kill mid-way
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90)
    return out.getvalue()


def test_sigkill_mid_photo_upload_stores_all_or_nothing(world, server):
    client = Client(server.port, world.token)
    files_before = db_rows(world.db_url, "SELECT count(*) FROM storedfile")[0][0]
    data = big_photo()
    pid = uid()
    # 1. The server dies while the body is still arriving.
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(
        (
            f"PUT /api/v1/photos/{pid} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {world.token}\r\n"
            f"Content-Type: image/jpeg\r\nX-Content-SHA256: {sha(data)}\r\nContent-Length: {len(data)}\r\n\r\n"
        ).encode()
        + data[: len(data) // 2]
    )
    server.kill()
    sock.close()
    server.start()
    client = Client(server.port, world.token)
    assert client.head_photo(pid) == 404
    assert db_rows(world.db_url, "SELECT count(*) FROM storedfile")[0][0] == files_before
    # 2. The server dies while processing the complete upload.
    out: dict = {}
    thread = threading.Thread(target=lambda: out.update(r=_safe(client.put_photo, pid, data)))
    thread.start()
    time.sleep(0.15)
    server.kill()
    thread.join()
    server.start()
    client = Client(server.port, world.token)
    if client.head_photo(pid) == 404:  # not acknowledged: nothing of it may be there
        assert db_rows(world.db_url, "SELECT count(*) FROM storedfile")[0][0] == files_before
        status, body = client.put_photo(pid, data)
        assert status == 201, body
    assert client.head_photo(pid) == 200
    assert client.put_photo(pid, data)[0] == 200  # the retry of an acknowledged photo is a no-op
    # 3. The record names the photo after it arrived: it is linked and counted.
    m = mutation(
        "inspection",
        uid(),
        inspection_payload(
            world.site, codes=world.codes, kind="village", photos=[(pid, sha(data))]
        ),
    )
    status, body = client.push([m])
    assert body["results"][0]["photos_received"] == 1
    server.stop()
    photo = db_rows(
        world.db_url,
        "SELECT file_id, thumb_file_id, inspection_id FROM photo WHERE id = :pid",
        pid=pid,
    )
    assert len(photo) == 1 and photo[0][2] == m["entity_id"]
    assert (
        db_rows(world.db_url, "SELECT count(*) FROM storedfile")[0][0] == files_before + 2
    )  # no orphans
    blobs = db_rows(
        world.db_url,
        "SELECT length(data) FROM storedfile WHERE id IN :ids",
        ids=[photo[0][0], photo[0][1]],
    )
    assert len(blobs) == 2 and all(b[0] > 0 for b in blobs)
    assert_intact(world.db_url)


def _safe(fn, *args):
    try:
        return fn(*args)
    except OSError as exc:
        return exc


def test_backup_during_writes_restores_every_acknowledged_record_and_photo(world, server, tmp_path):
    client = Client(server.port, world.token)
    acked: list[tuple[float, str, list[str]]] = []  # (acknowledged at, inspection id, photo ids)
    stop = threading.Event()
    failures: list = []

    def writer():
        writer_client = Client(server.port, world.token)
        while not stop.is_set():
            mutations, photos = world.batch(5, photos_each=1)
            try:
                status, body = writer_client.push(mutations)
                assert status == 200
                for pid, data in photos.items():
                    assert writer_client.put_photo(pid, data)[0] == 201
            except Exception as exc:  # noqa: BLE001 - reported below
                failures.append(exc)
                return
            now = time.monotonic()
            for m in mutations:
                acked.append((now, m["entity_id"], [p["id"] for p in m["payload"]["photos"]]))

    thread = threading.Thread(target=writer)
    thread.start()
    while len(acked) < 20:
        time.sleep(0.02)
    backup = tmp_path / "backup"
    started = time.monotonic()
    env = {
        **os.environ,
        "FAIRWATER_DATABASE_URL": world.db_url,
        "FAIRWATER_SECRET_KEY": "fault-tests-secret",
    }
    done = subprocess.run(
        [str(ROOT / ".venv/bin/flask"), "--app", "app", "backup", str(backup)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    time.sleep(0.3)  # writes keep going after the backup
    stop.set()
    thread.join()
    assert not failures, failures
    before = [(iid, pids) for at, iid, pids in acked if at < started]
    assert len(before) >= 20 and len(acked) > len(before)

    # Restore (README), then serve the restored database.
    server.stop()
    restored = restore(world.db_url, backup, tmp_path)
    assert_intact(restored)
    server.env["FAIRWATER_DATABASE_URL"] = restored
    server.start()
    client = Client(server.port, world.token)
    for iid, pids in before:
        status, body = client.request("GET", f"/api/v1/inspections/{iid}")
        assert status == 200, iid
        record = json.loads(body)
        assert record["photos_received"] == len(pids) == 1
        for pid in pids:
            assert client.head_photo(pid) == 200
    files = db_rows(
        restored,
        "SELECT p.id, length(f.data), length(t.data) FROM photo p "
        "JOIN storedfile f ON f.id = p.file_id "
        "JOIN storedfile t ON t.id = p.thumb_file_id",
    )
    assert all(full > 0 and thumb > 0 for _, full, thumb in files)
    assert {pid for _, pids in before for pid in pids} <= {row[0] for row in files}
    server.stop()
    database.release_database(restored)


def restore(db_url: str, backup: Path, tmp_path: Path) -> str:
    """As the README says. SQLite: the copy replaces the file (no -wal/-shm left over). PostgreSQL:
    pg_restore into a new, empty database (then DATABASE_URL names it)."""
    if db_url.startswith("sqlite"):
        path = Path(make_url(db_url).database)
        for suffix in ("-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        shutil.copyfile(backup, path)
        return db_url
    from inspector.postgresql import _tool

    target = database.new_database_url(tmp_path, "restored", schema=False)
    dsn = make_url(target).set(drivername="postgresql").render_as_string(hide_password=False)
    done = subprocess.run(
        [_tool("pg_restore"), "--no-owner", "--exit-on-error", "-d", dsn, str(backup)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return target
