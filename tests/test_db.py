"""The schema command (`flask init-db`, the same as `db upgrade`) on databases the releases before
migrations made: what is missing is added, nothing is lost, and what cannot be added safely is refused
with a clear reason (migrations themselves: tests/db/test_migrations.py)."""

from __future__ import annotations

import sqlite3

import pytest

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


def test_backup_of_a_mistyped_database_path_writes_nothing_and_says_so(tmp_path):
    # DATABASE_URL names a file that is not there (a typo in cron's environment): the backup must
    # not report success with an empty copy, nor leave an empty database at the typo's path.
    missing = tmp_path / "fairwatr.sqlite3"
    app = make_app(missing)
    dest = tmp_path / "backup.sqlite3"
    result = app.test_cli_runner().invoke(args=["backup", str(dest)])
    assert result.exit_code != 0
    assert f"No database at {missing}" in result.output
    assert "Backup written" not in result.output
    assert not dest.exists() and not missing.exists()
    app.extensions["engine"].dispose()


def test_backup_into_a_folder_that_does_not_exist_says_so(tmp_path):
    path = tmp_path / "live.sqlite3"
    app = make_app(path)
    schema.upgrade(app.extensions["engine"])
    dest = tmp_path / "no-such-folder" / "backup.sqlite3"
    result = app.test_cli_runner().invoke(args=["backup", str(dest)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert f"Cannot write the backup to {dest}" in result.output
    app.extensions["engine"].dispose()


def test_backup_is_a_complete_database_under_its_name_and_nothing_else_is_left(tmp_path):
    path = tmp_path / "live.sqlite3"
    app = make_app(path)
    schema.upgrade(app.extensions["engine"])
    with sqlite3.connect(path) as con:
        con.execute("INSERT INTO company (name) VALUES ('Prairie Builders')")
    dest = tmp_path / "out" / "backup.sqlite3"
    dest.parent.mkdir()
    result = app.test_cli_runner().invoke(args=["backup", str(dest)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in dest.parent.iterdir()] == ["backup.sqlite3"]
    with sqlite3.connect(dest) as con:
        assert con.execute("SELECT name FROM company").fetchall() == [("Prairie Builders",)]
    app.extensions["engine"].dispose()


@pytest.mark.parametrize("command", ["tick", "verify", "send-reminders"])
def test_a_cron_command_on_a_database_that_is_not_there_names_the_setting(tmp_path, command):
    # A mistyped DATABASE_URL in cron's environment: a clear line for the mail cron sends, not a
    # traceback about a missing table, and no empty database left at the typo's path.
    missing = tmp_path / "fairwatr.sqlite3"
    app = make_app(missing)
    result = app.test_cli_runner().invoke(args=[command])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert f"No database at {missing}" in result.output
    assert "DATABASE_URL" in result.output
    assert not missing.exists()
    app.extensions["engine"].dispose()


@pytest.mark.parametrize("command", ["tick", "verify", "send-reminders"])
def test_a_cron_command_on_a_database_not_yet_upgraded_says_to_upgrade(tmp_path, command):
    # The code was updated (git pull) and cron ran before `db upgrade`: nothing is written.
    path = tmp_path / "live.sqlite3"
    app = make_app(path)
    schema.upgrade(app.extensions["engine"], schema.BASELINE)
    result = app.test_cli_runner().invoke(args=[command])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert f"is at revision {schema.BASELINE}" in result.output
    assert "flask --app app db upgrade" in result.output
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (schema.BASELINE,)
        ]
    app.extensions["engine"].dispose()


def test_backup_over_the_live_database_is_refused(tmp_path):
    path = tmp_path / "live.sqlite3"
    app = make_app(path)
    schema.upgrade(app.extensions["engine"])
    with sqlite3.connect(path) as con:
        con.execute("INSERT INTO company (name) VALUES ('Prairie Builders')")
    result = app.test_cli_runner().invoke(args=["backup", str(tmp_path / "." / "live.sqlite3")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert "is the database itself" in result.output
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT name FROM company").fetchall() == [("Prairie Builders",)]
    app.extensions["engine"].dispose()
