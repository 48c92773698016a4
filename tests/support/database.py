"""Where a test's database lives: a new SQLite file in the test's tmp_path (the default), or, when
FAIRWATER_TEST_DATABASE_URL names a PostgreSQL server (see tests/support/pgcluster.py), a database
on it that no other test is using.

The schema is built once per run into a template (a file, or a template database). SQLite: each test
gets a copy of the file. PostgreSQL: copying a database costs ~0.5 s, so a database a test has given
back is emptied (every table's rows deleted, sequences restarted: one round trip) and handed to the
next test; a second database is copied from the template only when a test needs two at once."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

SERVER_URL = os.environ.get("FAIRWATER_TEST_DATABASE_URL") or None
_names = itertools.count(1)
_template: str | None = None
_engine = None
_free: list[str] = []  # emptied on reuse
_resetters: dict = {}  # database name -> engine used to empty it


def on_postgresql() -> bool:
    return SERVER_URL is not None


def _admin():
    global _engine
    if _engine is None:
        _engine = create_engine(SERVER_URL, isolation_level="AUTOCOMMIT")
    return _engine


def _url_for(name: str) -> str:
    return make_url(SERVER_URL).set(database=name).render_as_string(hide_password=False)


def _exec(*statements: str) -> None:
    with _admin().connect() as conn:
        for statement in statements:
            conn.execute(text(statement))


def build_schema(url: str) -> None:
    """The schema on an empty database: on PostgreSQL through the migrations, as
    `flask --app app db upgrade` builds it (so the suite also proves they work there); on SQLite in
    one step from the models (tests/db/test_migrations.py proves the two agree)."""
    from inspector import schema
    from inspector.db import create_all, make_engine

    engine = make_engine(url)
    try:
        schema.upgrade(engine) if engine.dialect.name == "postgresql" else create_all(engine)
    finally:
        engine.dispose()


def _template_name() -> str:
    """The template database (PostgreSQL) or file (SQLite), made on first use."""
    global _template
    if _template is None:
        if on_postgresql():
            name = f"fw_template_{os.getpid()}"
            _exec(f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"')
            build_schema(_url_for(name))
        else:
            name = os.path.join(tempfile.mkdtemp(prefix="fairwater-template-"), "template.sqlite3")
            build_schema(f"sqlite:///{name}")
        _template = name
    return _template


def _empty(name: str) -> None:
    """Delete every row (children first) and restart the sequences, so ids start at 1 again."""
    from sqlmodel import SQLModel

    if name not in _resetters:
        _resetters[name] = create_engine(_url_for(name), pool_size=1)
    tables = reversed(SQLModel.metadata.sorted_tables)
    deletes = "; ".join(f'DELETE FROM "{t.name}"' for t in tables)
    with _resetters[name].begin() as conn:
        conn.exec_driver_sql("SET LOCAL lock_timeout = '10s'")  # a test left a transaction open
        conn.exec_driver_sql(
            deletes + "; SELECT setval(quote_ident(schemaname) || '.' || "
            "quote_ident(sequencename), 1, false) FROM pg_sequences "
            "WHERE schemaname = current_schema()"
        )


def new_database_url(tmp_path: Path, name: str = "test", *, schema: bool = True) -> str:
    """A URL of a database nobody else uses: with the app's tables (schema=True) or empty.
    Give it back with release_database(url)."""
    if not on_postgresql():
        path = tmp_path / f"{name}.sqlite3"
        if schema:
            shutil.copyfile(_template_name(), path)
        return f"sqlite:///{path}"
    if schema and _free:
        db = _free.pop()
        _empty(db)
        return _url_for(db)
    db = f"fw_{os.getpid()}_{next(_names)}" + ("" if schema else "_bare")
    template = _template_name() if schema else "template0"
    _exec(f'CREATE DATABASE "{db}" TEMPLATE "{template}"')
    return _url_for(db)


def release_database(url: str) -> None:
    """Give a database back: a server one with the app's tables is reused (emptied) by a later test,
    an empty-schema one is dropped; SQLite files go with tmp_path."""
    if not (on_postgresql() and url.startswith("postgresql")):
        return
    db = make_url(url).database
    if db.endswith("_bare"):
        _exec(f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)')
    else:
        _free.append(db)


def drop_all() -> None:
    """After the run: the template and every database handed out are removed."""
    global _template, _engine
    for engine in _resetters.values():
        engine.dispose()
    _resetters.clear()
    while _free:
        _exec(f'DROP DATABASE IF EXISTS "{_free.pop()}" WITH (FORCE)')
    if _template is not None and on_postgresql():
        _exec(f'DROP DATABASE IF EXISTS "{_template}"')
    elif _template is not None:
        shutil.rmtree(os.path.dirname(_template), ignore_errors=True)
    _template = None
    if _engine is not None:
        _engine.dispose()
        _engine = None
