"""The schema command (`flask init-db`, the same as `db upgrade`) on databases the releases before
migrations made: what is missing is added, nothing is lost, and what cannot be added safely is refused
with a clear reason (migrations themselves: tests/db/test_migrations.py)."""

from __future__ import annotations

import sqlite3

from inspector import create_app, schema


def make_app(path):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": f"sqlite:///{path}"})


def indexes(path) -> set[str]:
    with sqlite3.connect(path) as con:
        return {
            row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'index'")
        }


def test_init_db_adds_an_index_a_newer_version_declares_and_keeps_the_data(tmp_path):
    path = tmp_path / "old.sqlite3"
    app = make_app(path)
    schema.upgrade(app.extensions["engine"], schema.BASELINE)  # the last release before migrations
    with sqlite3.connect(path) as con:  # an older version: no such index yet, one user
        con.execute("DROP TABLE alembic_version")  # and no migrations yet
        con.execute("DROP INDEX ix_finding_site_status_due")
        con.execute("INSERT INTO company (name) VALUES ('Prairie Builders')")
    assert "ix_finding_site_status_due" not in indexes(path)

    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert "ix_finding_site_status_due" in indexes(path)
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT name FROM company").fetchall() == [("Prairie Builders",)]
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (schema.head(),)
        ]
    assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0  # again: nothing to do
    app.extensions["engine"].dispose()


def test_init_db_refuses_a_database_missing_a_column_and_changes_nothing(tmp_path):
    path = tmp_path / "older.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE company (id INTEGER PRIMARY KEY)")  # no name column
    app = make_app(path)
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code != 0
    assert "lacks company.name" in result.output and "Nothing was written" in result.output
    assert "backup" in result.output
    with sqlite3.connect(path) as con:  # nothing else was created
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"company"}
    app.extensions["engine"].dispose()
