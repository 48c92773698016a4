"""PostgreSQL counterparts of inspector/db.py's SQLite parts (DATABASE_URL=postgresql+psycopg://).

One writer at a time. SQLite starts every transaction with BEGIN IMMEDIATE, so writers queue and a
transaction that reads, checks and writes (a sync batch's idempotency check, a finding's version, an
order's status, the sign-in failure counter) sees no other writer between its read and its write.
PostgreSQL runs reads concurrently (MVCC); writers queue on one transaction-scoped advisory lock:

- a request that may change something (POST, PUT, PATCH, DELETE) takes it when its transaction
  begins, before its first read, as BEGIN IMMEDIATE does (`writer_session`);
- any other transaction takes it just before its first INSERT, UPDATE, DELETE, SELECT ... FOR UPDATE
  or SAVEPOINT (an engine hook), so no write ever happens without it.

Holding it from before the first write until COMMIT also keeps the pull sequence (AuditEvent.id, a
PostgreSQL sequence) gap-safe: ids are drawn in commit order, so a device that has pulled up to id N
can never later meet an id below N committed after its pull. The lock is released at COMMIT or
ROLLBACK (also when the worker is killed: the server ends the session).

Backups: `flask --app app backup FILE` runs pg_dump (one consistent snapshot while the app writes).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess

from sqlalchemy import event, make_url
from sqlmodel import Session

# The same key as services/seals.py's head lock, so the two are one lock and cannot deadlock.
WRITER_LOCK_KEY = 0x5EA1C4A1
LOCK_SQL = "SELECT pg_advisory_xact_lock(%s)"
_WRITES = re.compile(
    r"\s*(?:INSERT|UPDATE|DELETE|SAVEPOINT|MERGE)\b"
    r"|.*\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b",
    re.IGNORECASE | re.DOTALL,
)
_FLAG = "fairwater_writer_lock"


def setup_engine(engine, *, lock_timeout_seconds: int) -> None:
    """`lock_timeout_seconds` (db.WRITER_WAIT_SECONDS, as SQLite's busy timeout): a writer stuck
    this long fails instead of hanging."""

    @event.listens_for(engine, "connect")
    def _lock_timeout(dbapi_conn, _record):
        dbapi_conn.execute(f"SET lock_timeout = '{lock_timeout_seconds}s'")
        dbapi_conn.commit()

    @event.listens_for(engine, "begin")
    def _new_transaction(conn):
        conn.info[_FLAG] = False

    @event.listens_for(engine, "before_cursor_execute")
    def _lock_before_first_write(conn, cursor, statement, _params, _context, _executemany):
        if not conn.info.get(_FLAG) and conn.in_transaction() and _WRITES.match(statement):
            cursor.execute(LOCK_SQL, (WRITER_LOCK_KEY,))
            conn.info[_FLAG] = True


def lock_for_writing(connection) -> None:
    """Take the writer lock now, in `connection`'s transaction (a no-op on SQLite, whose BEGIN
    IMMEDIATE already holds the write lock, and when this transaction holds it already)."""
    if connection.dialect.name == "postgresql" and not connection.info.get(_FLAG):
        connection.exec_driver_sql(LOCK_SQL, (WRITER_LOCK_KEY,))
        connection.info[_FLAG] = True


def writer_session(session: Session) -> Session:
    """Every transaction of this session takes the writer lock when it begins (module doc)."""
    session.info[_FLAG] = True
    if session.in_transaction():
        lock_for_writing(session.connection())
    return session


@event.listens_for(Session, "after_begin")
def _writer_sessions_lock_at_begin(session, _transaction, connection):
    if session.info.get(_FLAG):
        lock_for_writing(connection)


def _tool(name: str) -> str:
    """pg_dump from PATH, else the newest of Debian's /usr/lib/postgresql/*/bin."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0,
    )
    if not versions:
        raise FileNotFoundError(f"{name} is not installed (Debian: postgresql-client)")
    return versions[-1]


def backup(url: str, dest: str) -> None:
    """pg_dump's custom format (compressed, records and the photo and document bytes together, one
    snapshot). Restore into an empty database: pg_restore --no-owner -d DATABASE FILE.
    The password goes through the environment, never the command line."""
    u = make_url(url)
    env = {**os.environ}
    if u.password:
        env["PGPASSWORD"] = str(u.password)
    dsn = u.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    done = subprocess.run(
        [_tool("pg_dump"), "--format=custom", "--no-owner", "--file", dest, dsn],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError("pg_dump failed: " + done.stderr.strip())
