"""Migrations: a database the release before migrations made upgrades in place with every record and
page intact; the migrations build exactly what the models declare; every revision steps down and up
again; a database newer than the code is refused untouched. (SQLite files: the upgrade a Village
running the app on one file gets from `make run`.)"""

from __future__ import annotations

import json
import sqlite3
from itertools import pairwise
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from inspector import create_app, schema
from inspector.db import make_engine

PREVIOUS = Path(__file__).with_name("previous_release.sql")
IDS = json.loads(PREVIOUS.read_text().splitlines()[1].split(". ", 1)[1])
SUPERVISOR, INSPECTOR, PASSWORD = (
    "supervisor@fairwater.example",
    "inspector@fairwater.example",
    "fairwater-demo",
)


def previous_release_db(tmp_path) -> Path:
    """The file the last release before migrations made: demo data, a synced inspection with a
    photo and a pending one, an unclaimed photo (tests/db/make_previous_release.py)."""
    path = tmp_path / "fairwater.sqlite3"
    with sqlite3.connect(path) as con:
        con.executescript(PREVIOUS.read_text())
    con.close()
    return path


def make_app(path):
    return create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "t",
            "DATABASE_URL": f"sqlite:///{path}",
        }
    )


def flask(app, *args):
    """`flask --app app ARGS` (which runs every command inside the app's context)."""
    with app.app_context():
        return app.test_cli_runner().invoke(args=list(args))


def rows(path, sql, *params):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


def counts(path) -> dict[str, int]:
    tables = [
        r[0]
        for r in rows(
            path,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND "
            "name NOT LIKE 'sqlite_%' AND name != 'alembic_version'",
        )
    ]
    return {t: rows(path, f'SELECT count(*) FROM "{t}"')[0][0] for t in tables}


def files(path) -> dict:
    """Every stored byte (photos, thumbnails, control-plan documents) by what points at it."""
    return {
        **{
            ("photo", pid): data
            for pid, data in rows(
                path, "SELECT p.id, f.data FROM photo p JOIN storedfile f ON f.id = p.file_id"
            )
        },
        **{
            ("doc", did): data
            for did, data in rows(
                path,
                "SELECT d.id, f.data FROM controlplandocument d "
                "JOIN storedfile f ON f.id = d.file_id",
            )
        },
    }


def version(path) -> list[str]:
    try:
        return [r[0] for r in rows(path, "SELECT version_num FROM alembic_version")]
    except sqlite3.OperationalError:
        return []


def schema_of(path, ordered: bool = True) -> dict:
    """Tables (columns in order, constraints as a set) and indexes, as SQLite stores them. A column
    a migration adds comes last, where the models may declare it earlier: `ordered=False`."""
    out = {}
    for kind, name, sql in rows(
        path,
        "SELECT type, name, sql FROM sqlite_master WHERE name "
        "NOT LIKE 'sqlite_%' AND name != 'alembic_version'",
    ):
        if kind == "table":
            body = [line.strip().rstrip(",").strip() for line in sql.split("\n")[1:-1]]
            cons = {
                b
                for b in body
                if b.startswith(("PRIMARY KEY", "FOREIGN KEY", "UNIQUE", "CONSTRAINT", "CHECK"))
            }
            cols = [b for b in body if b not in cons]
            out[name] = (cols if ordered else sorted(cols), cons)
        else:
            out[name] = sql
    return out


def differences(url) -> list:
    eng = make_engine(url)
    try:
        with eng.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"compare_type": True})
            return compare_metadata(ctx, SQLModel.metadata)
    finally:
        eng.dispose()


def login(client, email):
    res = client.post("/login", data={"email": email, "password": PASSWORD})
    assert res.status_code == 302, res.get_data(as_text=True)[:500]


# ------------------------------------------------------------------------------------- (a)


def test_previous_release_database_upgrades_in_place_and_its_pages_render(tmp_path):
    path = previous_release_db(tmp_path)
    before_counts, before_files = counts(path), files(path)
    assert version(path) == [] and before_counts["photo"] == 2 and before_counts["photoclaim"] == 2

    app = make_app(path)
    result = flask(app, "db", "upgrade")
    assert result.exit_code == 0, result.output
    assert "from the release before migrations" in result.output
    assert version(path) == [schema.head()]
    after = counts(path)
    assert {t: after[t] for t in before_counts} == before_counts  # every row of every table kept
    assert files(path) == before_files  # photo and document bytes
    assert differences(f"sqlite:///{path}") == []  # now the models' schema
    assert rows(path, "PRAGMA integrity_check") == [("ok",)]

    again = flask(app, "db", "upgrade")  # current: a no-op
    assert again.exit_code == 0 and "nothing to do" in again.output
    seeded = flask(app, "seed-demo", "--if-empty")  # `make run`'s next step
    assert seeded.exit_code == 0 and "already has data" in seeded.output
    assert counts(path) == after

    client = app.test_client()
    login(client, SUPERVISOR)
    assert client.get("/dashboard").status_code == 200
    for (site_id,) in rows(path, "SELECT id FROM site"):
        assert client.get(f"/sites/{site_id}").status_code == 200, site_id
    for (permit_id,) in rows(path, "SELECT id FROM permit"):
        assert client.get(f"/permits/{permit_id}").status_code == 200, permit_id
    for (inspection_id,) in rows(path, "SELECT id FROM inspection"):
        assert client.get(f"/inspections/{inspection_id}").status_code == 200, inspection_id
    for doc_id, permit_id in rows(path, "SELECT id, permit_id FROM controlplandocument"):
        res = client.get(f"/permits/{permit_id}/documents/{doc_id}")
        assert res.status_code == 200 and res.data == before_files[("doc", doc_id)]

    synced = client.get(f"/inspections/{IDS['inspection']}")
    assert "Synced from the truck tablet" in synced.get_data(as_text=True)
    photo = client.get(f"/inspections/{IDS['inspection']}/photos/{IDS['photo']}")
    assert photo.status_code == 200 and photo.data == before_files[("photo", IDS["photo"])]
    assert client.get(f"/photos/{IDS['photo']}").data == before_files[("photo", IDS["photo"])]

    sender = app.test_client()  # the unclaimed photo: sender's
    login(sender, INSPECTOR)
    unclaimed = sender.get(f"/photos/{IDS['unclaimed']}")
    assert unclaimed.status_code == 200
    assert unclaimed.data == before_files[("photo", IDS["unclaimed"])]
    app.extensions["engine"].dispose()


def test_the_baseline_is_the_previous_release_schema_exactly(tmp_path):
    previous = previous_release_db(tmp_path)
    fresh = tmp_path / "baseline.sqlite3"
    eng = make_engine(f"sqlite:///{fresh}")
    schema.upgrade(eng, schema.BASELINE)
    eng.dispose()
    assert schema_of(fresh) == schema_of(previous)


# ------------------------------------------------------------------------------------- (b)


def test_migrations_build_exactly_what_the_models_declare(tmp_path):
    """Fails when a model changes without a migration (or a migration without its model)."""
    path = tmp_path / "empty.sqlite3"
    app = make_app(path)
    result = flask(app, "db", "upgrade")
    assert result.exit_code == 0 and "from empty" in result.output, result.output
    assert differences(f"sqlite:///{path}") == []

    made = tmp_path / "create_all.sqlite3"  # the tests' shortcut: the same
    eng = make_engine(f"sqlite:///{made}")
    schema.create_all(eng)
    eng.dispose()
    assert schema_of(made, ordered=False) == schema_of(path, ordered=False)
    assert version(made) == version(path)
    app.extensions["engine"].dispose()


def test_the_comparison_sees_a_column_added_without_a_migration(tmp_path):
    path = tmp_path / "head.sqlite3"
    eng = make_engine(f"sqlite:///{path}")
    schema.upgrade(eng)
    models = sa.MetaData()
    for table in SQLModel.metadata.sorted_tables:
        table.to_metadata(models)
    models.tables["site"].append_column(sa.Column("surveyor", sa.String(80)))
    with eng.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), models)
    eng.dispose()
    assert [(d[0], d[2], d[3].name) for d in diff] == [("add_column", "site", "surveyor")]


# ------------------------------------------------------------------------------------- (c)


def test_each_migration_downgrades_and_upgrades_again_keeping_the_records(tmp_path):
    path = previous_release_db(tmp_path)
    app = make_app(path)
    assert flask(app, "db", "upgrade").exit_code == 0
    kept, kept_files = counts(path), files(path)
    chain = [rev.revision for rev in schema.scripts().walk_revisions()]  # head first
    for rev, parent in pairwise(chain):
        result = flask(app, "db", "downgrade")
        assert result.exit_code == 0, result.output
        assert version(path) == [parent], rev
    for table, n in counts(path).items():  # tables the baseline has
        assert n == kept[table], table
    assert files(path) == kept_files

    refused = flask(app, "db", "downgrade")  # below the baseline: every table
    assert refused.exit_code != 0 and "delete every table" in refused.output
    assert version(path) == [schema.BASELINE] and counts(path)["photo"] == kept["photo"]

    assert flask(app, "db", "upgrade").exit_code == 0
    assert version(path) == [schema.head()] and counts(path) == kept
    assert differences(f"sqlite:///{path}") == []
    app.extensions["engine"].dispose()


# ------------------------------------------------------------------------------------- (d)


@pytest.mark.parametrize("command", [("db", "upgrade"), ("init-db",), ("seed-demo",)])
def test_a_database_newer_than_the_code_is_refused_and_left_untouched(tmp_path, command):
    path = previous_release_db(tmp_path)
    app = make_app(path)
    assert flask(app, "db", "upgrade").exit_code == 0
    with sqlite3.connect(path) as con:  # a later version upgraded it
        con.execute("UPDATE alembic_version SET version_num = 'f00dfacade01'")
    con.close()
    before = (schema_of(path), counts(path), files(path))

    result = flask(app, *command)
    assert result.exit_code != 0
    assert "revision f00dfacade01, which this version of the app does not know" in result.output
    assert "Nothing was written" in result.output and "backup" in result.output
    assert (schema_of(path), counts(path), files(path)) == before
    assert version(path) == ["f00dfacade01"]
    app.extensions["engine"].dispose()


def test_an_empty_database_gets_every_migration_and_says_where_it_stands(tmp_path):
    app = make_app(tmp_path / "new.sqlite3")
    assert flask(app, "init-db").exit_code == 0
    current = flask(app, "db", "current")
    assert current.exit_code == 0
    assert f"database: {schema.head()}" in current.output
    assert f"code head: {schema.head()}" in current.output
    heads = flask(app, "db", "heads")
    assert heads.output.split() == [schema.head()]  # one head: no unmerged branches
    app.extensions["engine"].dispose()
