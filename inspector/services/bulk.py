"""Many rows of one table inserted with a single executemany straight to the driver.

A push writes some 10,000 rows (inspections, answers, photo claims, audit events, seals, the
mutation log). Through `connection.execute(table.insert(), rows)` SQLAlchemy builds and processes
a parameter dict per row, which cost more than SQLite's own work. Here the statement is compiled
once per (table, columns, dialect) and each row becomes a plain tuple (or dict, for drivers that
take named parameters), each value passed through its column type's own bind processor for the
connection's dialect: the database stores exactly what SQLAlchemy would store (times as the same
text on SQLite, JSON by the engine's serializer, booleans as the dialect writes them).
tests/services/test_bulk.py compares the stored values both ways, on SQLite and PostgreSQL."""

from __future__ import annotations

import weakref
from operator import itemgetter

from sqlalchemy import Date, DateTime, Table

_PLANS: weakref.WeakKeyDictionary = (
    weakref.WeakKeyDictionary()
)  # dialect -> {(table, columns): plan}


class _Plan:
    __slots__ = ("sql", "names", "getter", "processors", "positional", "remembered")

    def __init__(self, conn, table: Table, names: tuple[str, ...]):
        dialect = conn.dialect
        for column in table.c:
            if column.name not in names and column.default is not None:
                raise ValueError(f"{table.name}.{column.name} has a default: give it in each row")
        compiled = table.insert().compile(dialect=dialect, column_keys=names, for_executemany=True)
        self.sql = compiled.string
        self.positional = compiled.positional
        self.names = tuple(compiled.positiontup) if self.positional else names
        # A row's values in statement order, always a tuple (itemgetter of one name is not).
        self.getter = itemgetter(*self.names) if len(self.names) > 1 else _one(self.names[0])
        self.processors = [
            (i, proc)
            for i, name in enumerate(self.names)
            if (proc := table.c[name].type.dialect_impl(dialect).bind_processor(dialect))
            is not None
        ]
        # Times and days: a batch's rows share a few (its receipt time on every row of every
        # table), and SQLite's text for one costs microseconds; each is made once per insert.
        self.remembered = frozenset(
            i
            for i, _ in self.processors
            if isinstance(table.c[self.names[i]].type, (Date, DateTime))
        )


def _one(name: str):
    return lambda row: (row[name],)


def insert(conn, table: Table, rows: list[dict]) -> None:
    """Insert `rows` (dicts with the same keys) into `table` in the connection's transaction. Every
    column with a Python-side default must be given (an autoincrement key may be left out)."""
    if not rows:
        return
    names = tuple(rows[0])
    plans = _PLANS.setdefault(conn.dialect, {})
    plan = plans.get((table, names))
    if plan is None:
        plan = plans[(table, names)] = _Plan(conn, table, names)
    getter, processors = plan.getter, plan.processors
    if not processors:
        params = [getter(row) for row in rows]
    else:
        known = {i: {} for i in plan.remembered}
        params = []
        for row in rows:
            values = list(getter(row))
            for i, process in processors:
                value = values[i]
                seen = known.get(i)
                if seen is None or getattr(value, "tzinfo", None) is not None:
                    values[i] = process(value)  # equal aware times may differ in offset
                elif value in seen:
                    values[i] = seen[value]
                else:
                    values[i] = seen[value] = process(value)
            params.append(tuple(values))
    if not plan.positional:
        params = [dict(zip(plan.names, values, strict=True)) for values in params]
    conn.exec_driver_sql(plan.sql, params)
