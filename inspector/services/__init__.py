"""Use cases as plain functions: each takes a Session, does one transaction's work, writes the audit trail.

Callers (web views, the sync API, CLI commands) commit; services only add and flush, so a caller can
combine several steps into one transaction and a failure rolls all of them back.
"""

from functools import cache

from sqlalchemy import bindparam, inspect
from sqlmodel import select

from ..db import read as db_read


class ServiceError(ValueError):
    """A refusal a user can read: nothing was written. `field` names the form field when there is one."""

    def __init__(self, message: str, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.message = message
        self.field = field
        self.status = status


class NotFound(ServiceError):
    def __init__(self, message: str = "Not found."):
        super().__init__(message, status=404)


class Forbidden(ServiceError):
    def __init__(self, message: str = "You are not allowed to do that."):
        super().__init__(message, status=403)


def read_rows(session, statement, params=None):
    """Rows of columns for a list that is only read, run on the session's connection: the rows
    session.exec would give, without the ORM's bookkeeping for each statement, which costs more CPU
    than SQLite spends on a page's small reads (db.read: a prebuilt statement runs as its SQL text).
    Pending changes are flushed first, as the ORM's autoflush would (a clean session flushes
    nothing)."""
    if session.autoflush:
        session.flush()
    return db_read(session.connection(), statement, params)


@cache
def _by_key(model):
    (column,) = inspect(model).primary_key
    return select(model).where(column == bindparam("key"))


def by_key(session, model, key):
    """The record of `model` with primary key `key`, or None: session.get's answer for a record
    not yet in the session, by a statement built once per model (session.get builds and keys a new
    SELECT each time, which costs more CPU than SQLite spends reading the row; every page reads
    its user this way)."""
    return session.execute(_by_key(model), {"key": key}).scalars().first()


@cache
def _in_keys(model, column: str | None):
    if column is None:
        (key,) = inspect(model).primary_key
        return select(model).where(key.in_(bindparam("keys", expanding=True)))
    return select(getattr(model, column)).where(
        getattr(model, column).in_(bindparam("keys", expanding=True))
    )


def by_keys(session, model, keys, *, mostly_new: bool = False) -> list:
    """The records of `model` whose primary key is one of `keys`, by a statement built once per
    model (a sync batch asks this of its 50 ids several times; building and keying the SELECT
    each time cost more than running it). `mostly_new`: keys a device has just made (a push's
    mutation and record ids), seldom stored yet: which are stored is read first as plain rows
    (read_rows), and records are loaded only for those, as the ORM's load of none cost a
    push's batch more than SQLite's read."""
    keys = list(keys)
    if mostly_new:
        (column,) = inspect(model).primary_key
        keys = [row[0] for row in read_rows(session, _in_keys(model, column.key), {"keys": keys})]
        if not keys:
            return []
    return list(session.execute(_in_keys(model, None), {"keys": keys}).scalars())


def values_among(session, model, column: str, keys) -> set:
    """Which of `keys` are values of `model.column`, by a statement built once (plain rows:
    read_rows)."""
    return {row[0] for row in read_rows(session, _in_keys(model, column), {"keys": list(keys)})}
