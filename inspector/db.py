"""The database: one engine per app, a session per request, and the CLI that owns the schema.

SQLite-only statements live here and only here (pragmas, online backup; schema.py's migration
runner switches foreign keys off around a migration), their PostgreSQL counterparts (one writer at
a time, pg_dump) in postgresql.py, so the rest of the code is the same on both (DATABASE_URL).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import math
import os
import sqlite3
from collections import namedtuple
from contextlib import contextmanager
from functools import lru_cache

import click
import orjson
from flask import current_app, g, has_request_context, request
from flask.cli import AppGroup, with_appcontext
from sqlalchemy import event, exc, make_url
from sqlmodel import Session, create_engine

from . import (
    models,  # noqa: F401  (registers every table on SQLModel.metadata)
    postgresql,
    schema,
    sqlite_writers,
)

READS_ONLY = "fairwater_reads_only"  # execution option of the engine that GET requests use

# How long a writer waits for the writers ahead of it, then fails instead of hanging: SQLite's busy
# timeout and the wait in line on the writers' lock file (sqlite_writers.py), and PostgreSQL's
# lock_timeout (postgresql.py).
WRITER_WAIT_SECONDS = 15


# A value orjson would write otherwise than json.dumps reads it back (a subclass of str, int or
# dict, a datetime, a dataclass) is refused by it and written by json.dumps, as before.
_ORJSON = (
    orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
)


def json_text(value) -> str:
    """The text of a JSON column's value. orjson writes a push's signatures and log rows some ten
    times faster than json.dumps, and both read back the same value; what orjson refuses (an
    integer beyond 64 bits, a key that is not text) or would change (it writes NaN and infinities
    as null) is written by json.dumps as before."""
    if value is None:
        return "null"
    try:
        text = orjson.dumps(value, option=_ORJSON)
    except TypeError:
        return json.dumps(value)
    if b"null" in text and _not_finite(value):
        return json.dumps(value)
    return text.decode()


def _not_finite(value) -> bool:
    """Whether a NaN or an infinity is in `value` (a JSON value: dicts, lists, scalars). A
    container of text, whole numbers, booleans and nulls only (an audit event's `after`, a push
    result) is passed over whole: its values' types are read in one pass (map in C)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            items = item.values()
        elif kind is list or kind is tuple:
            items = item
        else:
            if isinstance(item, float) and not math.isfinite(item):
                return True
            continue
        if not _NO_FLOAT.issuperset(map(type, items)):
            stack.extend(items)
    return False


_NO_FLOAT = frozenset((str, int, bool, type(None)))


class Rows(list):
    """A read's rows, all fetched: a list, with `first()` and `all()` as a Result has them."""

    def first(self):
        return self[0] if self else None

    def all(self):
        return list(self)


def read(connection, statement, params=None) -> Rows:
    """The rows of a SELECT built once (a module's prebuilt statement), run on `connection`.

    On SQLite a statement with a list in it (IN ('weekly', ...), or ids bound when it runs) is
    compiled once and run as its SQL text: SQLAlchemy would hash its whole cache key and render
    its lists again at every run, which costs a page more than SQLite spends on the read. The text
    goes through `exec_driver_sql`, so the engine's events still see every statement; the columns'
    own types turn values to and from SQLite's text (times, dates, JSON) as SQLAlchemy would. Other
    statements and other databases take SQLAlchemy's usual path
    (docs/decisions/prebuilt-reads-as-sql-text.md)."""
    plan = _plan(statement, connection.dialect) if connection.dialect.name == "sqlite" else None
    if plan is None:
        return Rows(connection.execute(statement, params).all())
    return plan.run(connection, params or {})


class _Plan:
    """A statement compiled once for a dialect: its SQL text with the lists written in it (IN
    ('weekly', ...)) expanded once (SQLAlchemy's ExpandedState), the order and converters of its
    parameters, and the converters and names of its columns. A list bound only when the statement
    runs is expanded at each run instead."""

    def __init__(self, compiled, dialect, columns):
        self.compiled = compiled
        binds = compiled.binds.values()
        self.required = frozenset(b.key for b in binds if b.required)
        # A name the dialect must escape, or a list bound at run time: expanded at each run.
        self.per_run = bool(compiled.escaped_bind_names) or any(
            b.expanding and b.required for b in binds
        )
        self.fixed = None if self.per_run else self._expand(dict.fromkeys(self.required))
        procs = [c.type.dialect_impl(dialect).result_processor(dialect, None) for c in columns]
        self.converters = [(i, p) for i, p in enumerate(procs) if p is not None]
        self.row = namedtuple("Row", [c.key for c in columns])

    def _expand(self, params: dict):
        state = self.compiled.construct_expanded_state(params)
        return state.statement, state.parameters, state.processors, state.positiontup

    def run(self, connection, params: dict) -> Rows:
        missing = self.required.difference(params)
        if missing:
            raise exc.InvalidRequestError(  # as SQLAlchemy says it
                f"A value is required for bind parameter {min(missing)!r}"
            )
        if self.fixed is None:
            sql, values, procs, order = self._expand(params)
        else:
            sql, values, procs, order = self.fixed
            values = {**values, **params}
        for name, proc in procs.items():
            if name in values:
                values[name] = proc(values[name])
        args = tuple(values[name] for name in order) if order is not None else values
        rows = connection.exec_driver_sql(sql, args).fetchall()
        make, converters = self.row._make, self.converters
        if not converters:
            return Rows(map(make, rows))
        out = Rows()
        for row in rows:
            row = list(row)
            for i, proc in converters:
                if row[i] is not None:
                    row[i] = proc(row[i])
            out.append(make(row))
        return out


@lru_cache(maxsize=512)
def _plan(statement, dialect) -> _Plan | None:
    """None for a statement SQLAlchemy runs as quickly: one with no list in it. Building a result
    from the text's own column description costs more than SQLAlchemy's compiled one, so the text
    pays only where SQLAlchemy renders lists again at every run (IN (...): 56 µs saved on a site's
    last visit, 20 on the chart's marks; 46 µs lost on the site's orders, a list of 20 columns)."""
    compiled = statement.compile(dialect=dialect)
    if not any(b.expanding for b in compiled.binds.values()):
        return None
    try:
        return _Plan(compiled, dialect, list(statement.selected_columns))
    except ValueError:  # a column named as no tuple field can be (a keyword, twice): a Row names it
        return None


def make_engine(url: str):
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={
                "check_same_thread": False,
                "timeout": WRITER_WAIT_SECONDS,
                "factory": sqlite_writers.QueuedConnection,
            },
            json_serializer=json_text,
        )
        writers_lock = sqlite_writers.lock_path(make_url(url).database)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):  # SQLite-specific: WAL, busy timeout, FKs
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA busy_timeout={WRITER_WAIT_SECONDS * 1000}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
            dbapi_conn.lock_file = writers_lock  # sqlite_writers.py: writers wait in line
            dbapi_conn.wait_at_most = WRITER_WAIT_SECONDS

        # pysqlite's own transaction handling defers BEGIN; take it over so writes start with
        # BEGIN IMMEDIATE, concurrent writers first waiting in line on the writers' lock file
        # (sqlite_writers.py; past its bound, on the busy timeout) instead of failing.
        # A request that only reads (GET) begins a plain read transaction on a read-only
        # connection: it never waits for a writer (WAL), and a page load that tried to write
        # would fail loudly instead of racing the writers (docs/layers.md, "Reads and writes").
        @event.listens_for(engine, "connect")
        def _no_autobegin(dbapi_conn, _record):
            dbapi_conn.isolation_level = None

        @event.listens_for(engine, "begin")
        def _begin(conn):
            reads_only = bool(conn.get_execution_options().get(READS_ONLY))
            if conn.info.get(READS_ONLY, False) != reads_only:  # a pooled connection keeps it
                conn.exec_driver_sql(f"PRAGMA query_only = {'ON' if reads_only else 'OFF'}")
                conn.info[READS_ONLY] = reads_only
            if reads_only:
                conn.exec_driver_sql("BEGIN")
                return
            raw = conn.connection.dbapi_connection
            raw.queue_to_write()
            try:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            except BaseException:
                raw.leave_queue()
                raise

        return engine
    engine = create_engine(url, pool_pre_ping=True, json_serializer=json_text)
    if engine.dialect.name == "postgresql":
        postgresql.setup_engine(engine, lock_timeout_seconds=WRITER_WAIT_SECONDS)
    return engine


def init_app(app) -> None:
    app.extensions["engine"] = make_engine(app.config["DATABASE_URL"])
    app.teardown_appcontext(close_session)


def engine():
    return current_app.extensions["engine"]


def get_session() -> Session:
    """The request's session (expire_on_commit off: pages read objects after the commit). A GET,
    HEAD or OPTIONS request reads through reader(); any other queues behind other writers before
    its first read, as SQLite's BEGIN IMMEDIATE does (postgresql.writer_session)."""
    if "db_session" not in g:
        safe_method = has_request_context() and request.method in ("GET", "HEAD", "OPTIONS")
        g.db_session = Session(reader() if safe_method else engine(), expire_on_commit=False)
        if has_request_context() and not safe_method:
            postgresql.writer_session(g.db_session)
    return g.db_session


def reads_only(session: Session) -> bool:
    """Whether `session` is a read-only request's (get_session on a GET)."""
    return bool(session.get_bind().get_execution_options().get(READS_ONLY))


def reader():
    """The engine's read-only face: GET requests read through it (SQLite: no write lock taken,
    writes refused; PostgreSQL: a READ ONLY transaction)."""
    writer, extensions = engine(), current_app.extensions
    made_for, reads = extensions.get("reader", (None, None))
    if made_for is not writer:  # first use, or the engine was replaced (tests do)
        options = {READS_ONLY: True}
        if writer.dialect.name == "postgresql":
            options["postgresql_readonly"] = True
        reads = writer.execution_options(**options)
        extensions["reader"] = (writer, reads)
    return reads


def close_session(_exc=None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()


def create_all(eng=None) -> None:
    """A new database straight from the models, stamped at the head revision (tests, benchmarks).
    Existing databases are upgraded with `flask --app app db upgrade` (schema.upgrade)."""
    schema.create_all(eng or engine())


def is_empty(session: Session) -> bool:
    from .models import User

    return session.exec(User.__table__.select().limit(1)).first() is None


def backup_sqlite(source_url: str, dest_path: str) -> None:
    """A consistent copy of the whole database (records and photo bytes) while the app keeps writing.
    The copy is written beside DEST and renamed when complete, so a run killed half-way never
    leaves a partial file under the backup's name. A source that is not there is refused (a
    mistyped DATABASE_URL would otherwise be created empty and "backed up")."""
    source = make_url(source_url).database or ""
    if not source or source == ":memory:" or not os.path.isfile(source):
        raise RuntimeError(
            f"No database at {source or source_url}: check DATABASE_URL "
            "(FAIRWATER_DATABASE_URL). Nothing was written."
        )
    if os.path.exists(dest_path) and os.path.samefile(source, dest_path):
        raise RuntimeError(
            f"{dest_path} is the database itself: write the backup to another file. "
            "Nothing was written."
        )
    folder = os.path.dirname(os.path.abspath(dest_path))
    if not os.path.isdir(folder):
        raise RuntimeError(f"Cannot write the backup to {dest_path}: no folder {folder}.")
    partial = f"{dest_path}.partial-{os.getpid()}"
    src = sqlite3.connect(f"file:{source}?mode=rw", uri=True)
    try:
        dst = sqlite3.connect(partial)
        try:
            with dst:
                src.backup(dst)
        finally:
            dst.close()
        os.replace(partial, dest_path)
    except sqlite3.Error as exc:
        raise RuntimeError(f"Cannot write the backup to {dest_path}: {exc}.") from None
    finally:
        src.close()
        if os.path.exists(partial):
            os.remove(partial)


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create or upgrade the database (the same as `db upgrade`; keeps every record)."""
    _run(schema.upgrade, engine())
    _after_upgrade()


db_group = AppGroup("db", help="The database schema: upgrade, downgrade, current, heads, revision.")


@db_group.command("upgrade")
@click.argument("target", default="head")
def db_upgrade_command(target):
    """Upgrade the database in place to TARGET (default: head), keeping every record."""
    _run(schema.upgrade, engine(), target)
    if target == "head":
        _after_upgrade()


@db_group.command("downgrade")
@click.argument("target", default="-1")
def db_downgrade_command(target):
    """Undo migrations down to TARGET (default: one step back). Back up first."""
    _run(schema.downgrade, engine(), target)


@db_group.command("current")
def db_current_command():
    """Print the database's revision and the code's head."""
    with engine().connect() as conn:
        revs = schema.current(conn)
    click.echo(f"database: {', '.join(revs) or 'none'}    code head: {schema.head()}")


@db_group.command("heads")
def db_heads_command():
    """Print the code's head revision(s): there must be exactly one."""
    for rev in schema.scripts().get_heads():
        click.echo(rev)


@db_group.command("revision")
@click.option("-m", "--message", required=True)
@click.option(
    "--autogenerate",
    is_flag=True,
    help="Fill it with the difference between the models and the migrations' head.",
)
def db_revision_command(message, autogenerate):
    """Create a new migration whose parent is the current head (see docs/migrations.md)."""
    path = schema.new_revision(message, autogenerate)
    click.echo(f"Created {path}: review it, then run tests/db/test_migrations.py")


def _run(fn, *args):
    try:
        click.echo(fn(*args))
    except schema.SchemaError as exc:
        raise click.ClickException(str(exc)) from None
    url = make_url(current_app.config["DATABASE_URL"])
    click.echo("Database: " + url.render_as_string(hide_password=True))


def require_current() -> None:
    """For the commands that read or write records (cron's tick, send-reminders, verify, …): a
    clear error, and nothing created or written, when DATABASE_URL names no database or one not
    upgraded to this version of the code."""
    url = make_url(current_app.config["DATABASE_URL"])
    path = url.database or ""
    if url.get_backend_name() == "sqlite" and path not in ("", ":memory:"):
        if not os.path.isfile(path):  # connecting would create it, empty
            raise click.ClickException(
                f"No database at {path}: check DATABASE_URL (FAIRWATER_DATABASE_URL), or create "
                "it with `flask --app app db upgrade`. Nothing was written."
            )
    try:
        with reader().connect() as conn:
            schema.check_current(conn, url.render_as_string(hide_password=True))
    except schema.SchemaError as exc:
        raise click.ClickException(str(exc)) from None


@contextmanager
def one_run_at_a_time(name: str):
    """True with the command `name` held for this database, False while another process runs it
    (a lock file in the instance folder, per DATABASE_URL: cron on the app's host; the lock goes
    with the process, even one killed)."""
    tag = hashlib.sha256(current_app.config["DATABASE_URL"].encode()).hexdigest()[:12]
    path = os.path.join(current_app.instance_path, f"{name}-{tag}.lock")
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _after_upgrade() -> None:
    """Steps other parts of the app take once the schema is current, listed by create_app in
    app.extensions["after_upgrade"] (sealing the records stored before sealing began:
    cli_seals.py)."""
    for step in current_app.extensions.get("after_upgrade", []):
        click.echo(step())


@click.command("backup")
@with_appcontext
@click.argument("dest", type=click.Path(dir_okay=False))
def backup_command(dest):
    """Copy the database, photos and documents included, to DEST while the server runs (SQLite: the
    online backup, a database file; PostgreSQL: pg_dump's custom format, for pg_restore)."""
    url = current_app.config["DATABASE_URL"]
    dialect = make_url(url).get_backend_name()
    try:
        if dialect == "sqlite":
            backup_sqlite(url, dest)
        elif dialect == "postgresql":
            postgresql.backup(url, dest)
        else:
            raise click.ClickException(
                f"backup knows SQLite and PostgreSQL, not {dialect}: "
                "use the database server's own tools."
            )
    except (OSError, RuntimeError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Backup written to {dest}")
