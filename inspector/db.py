"""The database: one engine per app, a session per request, and the CLI that owns the schema.

SQLite-only statements live here and only here (pragmas, online backup), so the rest of the code
stays portable to PostgreSQL through DATABASE_URL.
"""
from __future__ import annotations

import sqlite3

import click
from flask import current_app, g
from flask.cli import with_appcontext
from sqlalchemy import event, inspect
from sqlmodel import Session, SQLModel, create_engine

from . import models  # noqa: F401  (registers every table on SQLModel.metadata)


def make_engine(url: str):
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):  # SQLite-specific: WAL, busy timeout, FKs
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA busy_timeout=15000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        # pysqlite's own transaction handling defers BEGIN; take it over so writes start with
        # BEGIN IMMEDIATE and concurrent writers queue on the busy timeout instead of failing.
        @event.listens_for(engine, "connect")
        def _no_autobegin(dbapi_conn, _record):
            dbapi_conn.isolation_level = None

        @event.listens_for(engine, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_pre_ping=True)


def init_app(app) -> None:
    app.extensions["engine"] = make_engine(app.config["DATABASE_URL"])
    app.teardown_appcontext(close_session)
    app.cli.add_command(init_db_command)
    app.cli.add_command(backup_command)


def engine():
    return current_app.extensions["engine"]


def get_session() -> Session:
    """The request's session (expire_on_commit off: pages read objects after the commit)."""
    if "db_session" not in g:
        g.db_session = Session(engine(), expire_on_commit=False)
    return g.db_session


def close_session(_exc=None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()


def create_all(eng=None) -> None:
    """Create missing tables, and the indexes a newer version added to tables that already exist
    (`create_all` alone only indexes the tables it creates). A column a newer version added cannot be
    made here safely: the database is refused with the list, before anything is written."""
    eng = eng or engine()
    missing = missing_columns(eng)
    if missing:
        raise SchemaError("The database was made by an older version of the app and lacks columns: "
                          + ", ".join(missing) + ". Back it up (`flask --app app backup FILE`) and "
                          "migrate it, or start a new database.")
    SQLModel.metadata.create_all(eng)
    for table in SQLModel.metadata.sorted_tables:
        for index in table.indexes:
            index.create(eng, checkfirst=True)


class SchemaError(RuntimeError):
    """The database's tables do not match the models (an older version's database)."""


def missing_columns(eng) -> list[str]:
    """`table.column` for every model column absent from a table that exists."""
    existing = inspect(eng)
    names = set(existing.get_table_names())
    missing = []
    for table in SQLModel.metadata.sorted_tables:
        if table.name in names:
            have = {c["name"] for c in existing.get_columns(table.name)}
            missing += [f"{table.name}.{c.name}" for c in table.columns if c.name not in have]
    return missing


def is_empty(session: Session) -> bool:
    from .models import User
    return session.exec(User.__table__.select().limit(1)).first() is None


def backup_sqlite(source_url: str, dest_path: str) -> None:
    """A consistent copy of the whole database (records and photo bytes) while the app keeps writing."""
    src = sqlite3.connect(source_url.removeprefix("sqlite:///"))
    dst = sqlite3.connect(dest_path)
    try:
        with dst:
            src.backup(dst)
    finally:
        dst.close()
        src.close()


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the tables and indexes that are missing (keeps existing data)."""
    try:
        create_all()
    except SchemaError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo("Database ready: " + current_app.config["DATABASE_URL"])


@click.command("backup")
@with_appcontext
@click.argument("dest", type=click.Path(dir_okay=False))
def backup_command(dest):
    """Copy the database, photos and documents included, to DEST while the server runs."""
    url = current_app.config["DATABASE_URL"]
    if not url.startswith("sqlite"):
        raise click.ClickException("backup works on SQLite; use the database server's own tools (pg_dump).")
    backup_sqlite(url, dest)
    click.echo(f"Backup written to {dest}")
