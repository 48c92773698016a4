"""Schema upgrades: the Alembic revisions in migrations/, applied by `flask --app app db upgrade`.

One upgrade runs in one transaction on the app's engine (SQLite's DDL is transactional under the
engine's BEGIN IMMEDIATE): it either reaches the head revision or writes nothing. A database made by
the release before migrations (tables, no alembic_version) is checked against the frozen baseline,
given what an even earlier release lacked, and stamped; a database at a revision this code does not
know (a newer version upgraded it) is refused.
"""

from __future__ import annotations

import tempfile
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import inspect
from sqlmodel import SQLModel

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
BASELINE = "0001_baseline"
BACKUP_HINT = "`flask --app app backup FILE` makes a copy first."


class SchemaError(RuntimeError):
    """The database cannot be brought to this version's schema; nothing was written."""


def alembic_config(connection=None) -> Config:
    """Alembic's configuration built in code (no alembic.ini), bound to `connection` if given."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


@lru_cache(maxsize=1)
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head() -> str:
    """The code's head revision (one head: two would mean unmerged branches of migrations)."""
    heads = scripts().get_heads()
    if len(heads) != 1:
        raise SchemaError(
            f"The migrations have {len(heads)} heads ({', '.join(heads)}); "
            "merge them (`flask --app app db merge`) before upgrading."
        )
    return heads[0]


def current(connection) -> tuple[str, ...]:
    return tuple(MigrationContext.configure(connection).get_current_heads())


def _unknown(revisions) -> list[str]:
    directory = scripts()
    unknown = []
    for rev in revisions:
        try:
            if directory.get_revision(rev) is None:
                unknown.append(rev)
        except CommandError:
            unknown.append(rev)
    return unknown


@contextmanager
def _migrating(eng):
    """A connection in one transaction; on SQLite with foreign keys off while tables are rebuilt
    (batch mode copies and drops tables), and checked before the commit."""
    sqlite = eng.dialect.name == "sqlite"
    with eng.connect() as conn:
        if sqlite:  # outside any transaction, where SQLite accepts this pragma
            conn.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                yield conn
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise SchemaError(
                            f"The migration would break {len(broken)} references "
                            f"(first: {tuple(broken[0])}); nothing was written."
                        )
        finally:
            if sqlite:
                conn.connection.driver_connection.execute("PRAGMA foreign_keys=ON")


def _refuse_newer(conn) -> tuple[str, ...]:
    revs = current(conn)
    unknown = _unknown(revs)
    if unknown:
        raise SchemaError(
            f"The database is at revision {', '.join(unknown)}, which this "
            "version of the app does not know: a newer version upgraded it. Run that "
            "version, or restore the backup made before that upgrade "
            "(`flask --app app backup FILE`). Nothing was written."
        )
    return revs


def check_current(conn, where: str) -> None:
    """Refuse to run on a database that is not at the code's head (a mistyped DATABASE_URL, or
    the code updated and `db upgrade` not run yet): a command would fail half-way on a missing
    table or column."""
    revs = _refuse_newer(conn)
    want = head()
    if revs == (want,):
        return
    if not revs and not inspect(conn).get_table_names():
        raise SchemaError(
            f"The database at {where} has no tables: check DATABASE_URL "
            "(FAIRWATER_DATABASE_URL), or create it with `flask --app app db upgrade`. "
            "Nothing was written."
        )
    made = f"is at revision {', '.join(revs)}" if revs else "was made by an earlier release"
    raise SchemaError(
        f"The database at {where} {made}; this version of the app needs {want}: run "
        "`flask --app app db upgrade` (make a copy first: `flask --app app backup FILE`). "
        "Nothing was written."
    )


def upgrade(eng, target: str = "head") -> str:
    """Bring the database to `target`; returns what was done, in a sentence."""
    with _migrating(eng) as conn:
        before = _refuse_newer(conn)
        adopted = not before and _adopt_previous_release(conn)
        command.upgrade(alembic_config(conn), target)
        after = current(conn)
    if before == after and not adopted:
        return f"Database already at revision {', '.join(after) or 'none'}: nothing to do."
    start = "the release before migrations" if adopted else (", ".join(before) or "empty")
    return f"Database upgraded from {start} to revision {', '.join(after)}."


def downgrade(eng, target: str = "-1") -> str:
    with _migrating(eng) as conn:
        before = _refuse_newer(conn)
        if not before:
            raise SchemaError("The database has no revision to downgrade from.")
        command.downgrade(alembic_config(conn), target)
        after = current(conn)
        if not after:  # raised inside the transaction: rolled back, every table kept
            raise SchemaError("Refused: that would undo the baseline and delete every table.")
    return f"Database downgraded from {', '.join(before)} to {', '.join(after) or 'empty'}."


def _adopt_previous_release(conn) -> bool:
    """A database made before migrations: check its columns against the baseline, create the tables
    and indexes an earlier release did not have yet, stamp the baseline. False when empty."""
    have = set(inspect(conn).get_table_names()) - {"alembic_version"}
    if not have:
        return False
    baseline = scripts().get_revision(BASELINE).module.schema()
    if not have & set(baseline.tables):
        raise SchemaError(
            "The database holds other tables ("
            + ", ".join(sorted(have)[:5])
            + ") and none of this app's: is DATABASE_URL the right database?"
        )
    problems = []
    insp = inspect(conn)
    for table in baseline.sorted_tables:
        if table.name in have:
            cols = {c["name"] for c in insp.get_columns(table.name)}
            known = set(table.columns.keys())
            problems += [f"lacks {table.name}.{c}" for c in table.columns.keys() if c not in cols]
            problems += [f"has unknown {table.name}.{c}" for c in sorted(cols - known)]
    if problems:
        raise SchemaError(
            "The database does not match any earlier release of the app: "
            + ", ".join(problems)
            + ". Nothing was written: keep using the version "
            "that made it, or start a new database. " + BACKUP_HINT
        )
    baseline.create_all(conn, checkfirst=True)
    for table in baseline.sorted_tables:
        for index in table.indexes:
            index.create(conn, checkfirst=True)
    MigrationContext.configure(conn).stamp(scripts(), BASELINE)
    return True


def new_revision(message: str, autogenerate: bool) -> str:
    """A new revision file after the head; autogenerate compares the models with a scratch SQLite
    database upgraded to the head, so the developer's own database does not matter."""
    from .db import make_engine

    with tempfile.TemporaryDirectory() as tmp:
        eng = make_engine(f"sqlite:///{tmp}/scratch.sqlite3")
        try:
            upgrade(eng)
            with eng.connect() as conn:
                script = command.revision(
                    alembic_config(conn), message=message, autogenerate=autogenerate
                )
        finally:
            eng.dispose()
    scripts.cache_clear()
    return script.path


def create_all(eng) -> None:
    """A new, empty database straight from the models, stamped at the head revision: what the
    migrations build (tests/db/test_migrations.py proves they agree), in one step, for tests and
    benchmarks that make thousands of databases. Real databases go through upgrade()."""
    with eng.begin() as conn:
        revs = current(conn)
        tables = set(inspect(conn).get_table_names())
        if revs != (head(),) and (revs or tables):
            raise SchemaError(
                "This database already has a schema: upgrade it with `flask --app app db upgrade`."
            )
        SQLModel.metadata.create_all(conn)
        if not revs:
            MigrationContext.configure(conn).stamp(scripts(), head())
