"""SQLite's writers wait in line (inspector/sqlite_writers.py): a second writer begins as soon as the
first one ends, by commit, rollback or a closed connection, never during it; readers never wait;
and a writer that waits past its bound is left to SQLite's own busy timeout, as before. Its effect
on many devices at once is bench/bench_concurrency.py's."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time

import pytest
from sqlalchemy import text
from sqlmodel import Session

from inspector.db import READS_ONLY, make_engine
from inspector.sqlite_writers import QueuedConnection, lock_path


@pytest.fixture
def engine(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'queue.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE visit (note TEXT)"))
    yield engine
    engine.dispose()


def write(engine, note: str, hold=None, end="commit"):
    """One write transaction, kept open until `hold` is set; `end`: commit, rollback or close."""
    session = Session(engine)
    session.execute(text("INSERT INTO visit VALUES (:note)"), {"note": note})
    if hold is not None:
        hold.wait(5)
    if end == "commit":
        session.commit()
    elif end == "rollback":
        session.rollback()
    session.close()


def someone_writes(engine, end="commit"):
    """A writer in another thread that has begun and waits to be let go."""
    hold, begun = threading.Event(), threading.Event()

    def run():
        session = Session(engine)
        session.execute(text("INSERT INTO visit VALUES ('first')"))
        begun.set()
        hold.wait(5)
        if end == "commit":
            session.commit()
        elif end == "rollback":
            session.rollback()
        else:  # the connection dropped (a killed request's, say): SQLAlchemy closes it
            session.connection().invalidate()
        session.close()

    thread = threading.Thread(target=run)
    thread.start()
    assert begun.wait(5)
    return hold, thread


def notes(engine) -> list[str]:
    with engine.connect() as conn:
        return [row[0] for row in conn.execute(text("SELECT note FROM visit ORDER BY rowid"))]


@pytest.mark.parametrize("end", ["commit", "rollback", "close"])
def test_a_second_writer_begins_when_the_first_ends_and_not_before(engine, end):
    hold, first = someone_writes(engine, end)
    second_done = threading.Event()
    second = threading.Thread(target=lambda: (write(engine, "second"), second_done.set()))
    second.start()
    assert not second_done.wait(0.3)  # in line behind the first
    hold.set()
    first.join(5)
    assert second_done.wait(5)
    second.join(5)
    assert notes(engine) == (["first", "second"] if end == "commit" else ["second"])


def test_the_line_is_held_only_while_a_write_transaction_is_open(engine, tmp_path):
    path = lock_path(str(tmp_path / "queue.sqlite3"))
    hold, first = someone_writes(engine)
    probe = os.open(path, os.O_RDWR)
    try:
        with pytest.raises(BlockingIOError):
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        hold.set()
        first.join(5)
        fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once it committed
        fcntl.flock(probe, fcntl.LOCK_UN)
    finally:
        os.close(probe)


def test_a_reader_does_not_wait_for_a_writer(engine):
    hold, first = someone_writes(engine)
    try:
        started = time.monotonic()
        with engine.execution_options(**{READS_ONLY: True}).connect() as conn:
            conn.execute(text("SELECT count(*) FROM visit")).scalar_one()
        assert time.monotonic() - started < 1
    finally:
        hold.set()
        first.join(5)


def test_past_its_bound_a_writer_meets_sqlites_own_timeout(tmp_path):
    path = str(tmp_path / "bound.sqlite3")
    sqlite3.connect(path).execute("CREATE TABLE visit (note TEXT)").connection.close()

    def connect(wait_at_most):
        conn = sqlite3.connect(path, timeout=0.1, factory=QueuedConnection, isolation_level=None)
        conn.lock_file, conn.wait_at_most = lock_path(path), wait_at_most
        return conn

    first, second = connect(15), connect(0.2)
    first.queue_to_write()
    first.execute("BEGIN IMMEDIATE")
    started = time.monotonic()
    second.queue_to_write()  # gives up waiting in line after 0.2 s
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        second.execute("BEGIN IMMEDIATE")  # and SQLite refuses, as without the line
    assert time.monotonic() - started < 5
    first.rollback()
    second.queue_to_write()
    second.execute("BEGIN IMMEDIATE")
    second.execute("INSERT INTO visit VALUES ('after')")
    second.commit()
    first.close()
    second.close()


def test_an_in_memory_database_has_no_line():
    assert lock_path(":memory:") is None and lock_path(None) is None
    assert lock_path("/srv/fairwater.sqlite3") == "/srv/fairwater.sqlite3-writers.lock"
