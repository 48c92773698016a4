"""SQLite's writers wait in line on a lock file, not on SQLite's busy handler.

SQLite lets one connection write at a time. A writer that finds the database taken sleeps and tries
again, in steps that grow to 100 ms (SQLite's busy handler), so with a few server processes pushing
at once most of the wait is sleep after the writer before it had finished: 20 devices got two
thirds of one device's throughput (bench/bench_concurrency.py). Here a writer first takes an
exclusive lock on a file beside the database (flock: one per connection, given up when the
transaction ends or the process dies), looking again every fraction of a millisecond, and only then
begins (BEGIN IMMEDIATE), which then finds the database free. Readers take no part (WAL: they never
wait for a writer). Past the busy timeout a writer stops waiting here and begins anyway, so a writer
outside the app, or a second connection of one thread, meets SQLite's own timeout as before.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import time

FIRST_PAUSE, LONGEST_PAUSE = 0.0002, 0.001  # seconds between looks at a taken lock


def lock_path(database: str | None) -> str | None:
    """The lock file of a database file (None for an in-memory database: one connection, no line)."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return f"{database}-writers.lock"


class QueuedConnection(sqlite3.Connection):
    """A pysqlite connection (sqlite3.connect(factory=...)) whose write transactions queue first."""

    lock_file: str | None = None  # set when the engine opens it
    wait_at_most: float = 0  # seconds, set with lock_file (db.WRITER_WAIT_SECONDS)
    _handle: int | None = None
    _opened_by: int | None = None  # the process that opened _handle: a forked child opens its own
    _holding = False

    def queue_to_write(self) -> None:
        """Wait for this connection's turn to write (bounded by wait_at_most)."""
        if self.lock_file is None or self._holding:
            return
        if self._handle is None or self._opened_by != os.getpid():
            self._handle = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
            self._opened_by = os.getpid()
        deadline, pause = time.monotonic() + self.wait_at_most, FIRST_PAUSE
        while True:
            try:
                fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return  # SQLite's busy timeout decides from here
                time.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                continue
            self._holding = True
            return

    def leave_queue(self) -> None:
        if self._holding:
            self._holding = False
            fcntl.flock(self._handle, fcntl.LOCK_UN)

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self.leave_queue()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self.leave_queue()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.leave_queue()
            if self._handle is not None and self._opened_by == os.getpid():
                os.close(self._handle)
            self._handle = None
