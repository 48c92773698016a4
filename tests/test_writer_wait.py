"""A writer behind another waits 15 seconds, then fails instead of hanging: on SQLite in line on
the writers' lock file and on the busy timeout, on PostgreSQL on the lock timeout. One figure,
db.WRITER_WAIT_SECONDS, sets all three."""

from __future__ import annotations

import pytest

from inspector import db
from tests.support import database


def test_a_sqlite_writer_waits_15_seconds_in_line_and_on_the_busy_timeout(tmp_path):
    assert db.WRITER_WAIT_SECONDS == 15
    engine = db.make_engine(f"sqlite:///{tmp_path / 'wait.sqlite3'}")
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 15000
            assert conn.connection.dbapi_connection.wait_at_most == 15
    finally:
        engine.dispose()


@pytest.mark.skipif(not database.on_postgresql(), reason="PostgreSQL only")
def test_a_postgresql_writer_waits_15_seconds_on_the_lock_timeout(tmp_path):
    url = database.new_database_url(tmp_path, "wait", schema=False)
    engine = db.make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("SHOW lock_timeout").scalar() == "15s"
    finally:
        engine.dispose()
        database.release_database(url)
