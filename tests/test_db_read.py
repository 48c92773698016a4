"""db.read: a prebuilt SELECT run as its SQL text gives the rows SQLAlchemy's own run gives (the
same values, of the same types, under the same names), fires the engine's events, and refuses a
missing parameter as SQLAlchemy does."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import event, exc

from inspector import charts
from inspector.db import _plan, read
from inspector.models import Finding, Inspection
from inspector.services import schedule, site_page
from tests.services.test_schedule import active_site, add_inspection, add_rain, link_gauge

__all__ = ["active_site"]  # the fixture, used by name

NOW = datetime(2026, 11, 26, 12, 0)


@pytest.fixture
def site_with_history(db, active_site):
    """Inspections with a correction, findings resolved and not, rain on a gauge."""
    gauge = link_gauge(db, active_site)
    first = add_inspection(db, active_site, datetime(2026, 11, 20, 14, 0))
    db.add(
        Inspection(
            **{
                **first.model_dump(),
                "id": "fix",
                "replaces_id": first.id,
                "inspected_on": date(2026, 11, 24),
                "started_at": datetime(2026, 11, 24, 15, 0),
            }
        )
    )
    add_inspection(db, active_site, datetime(2026, 11, 25, 9, 0), kind="follow_up")
    add_inspection(db, active_site, datetime(2026, 11, 18, 8, 0), kind="post_rain")
    for status, made in (("open", NOW - timedelta(days=90)), ("closed", NOW - timedelta(days=3))):
        db.add(
            Finding(
                id=f"finding-{status}",
                site_id=active_site.id,
                inspection_id=first.id,
                item_code="SILT",
                severity="minor",
                status=status,
                citation="§ 256-7B(3)",
                description="Silt fence down.",
                required_action="Reset it.",
                created_at=made,
                due_at=made + timedelta(days=1),
            )
        )
    db.commit()
    add_rain(db, gauge, datetime(2026, 11, 22, 6, 0))
    return active_site, gauge


def cases(site, gauge):
    """(what, statement, parameters): the kinds of statement pages run through read()."""
    span = {"gauge_id": gauge.id, "start": NOW - timedelta(days=30), "end": NOW}
    return [
        ("one site's last visit (a recursive CTE, lists written in it)",
         schedule._last_visits_of("one"), {"site_id": site.id}),
        ("several sites' last visits (a list bound when it runs)",
         schedule._last_visits_of("list"), {"site_ids": [site.id, site.id + 1000]}),
        ("the chart's marks (dates bound)", charts._statements()["inspections"],
         {"site_id": site.id, "first": date(2026, 11, 1), "today": date(2026, 11, 30)}),
        ("the chart's rain (times bound)", charts._statements()["events"], span),
        ("findings (statuses written in, a time bound)", site_page._read_statements()["findings"],
         {"site_id": site.id, "since": NOW - timedelta(days=42)}),
        ("the timeline with its photos (a LIMIT, an outer join)",
         site_page._timeline_statements()["inspections"],
         {"site_id": site.id, "received": NOW - timedelta(days=400)}),
    ]  # fmt: skip


def test_rows_are_sqlalchemys_rows(db, site_with_history):
    conn = db.connection()
    for what, statement, params in cases(*site_with_history):
        expected = conn.execute(statement, params).all()
        got = read(conn, statement, params)
        assert expected, what  # each case reads rows: a comparison of nothing proves nothing
        assert [tuple(r) for r in got] == [tuple(r) for r in expected], what
        assert [type(v) for v in got[0]] == [type(v) for v in expected[0]], what
        assert got[0]._fields == tuple(expected[0]._fields), what
        assert got.first() == got[0] and got.all() == list(got)
    if conn.dialect.name == "sqlite":  # the three with lists ran as text, the others as before
        as_text = [what for what, st, _p in cases(*site_with_history) if _plan(st, conn.dialect)]
        assert len(as_text) == 3, as_text


def test_each_read_is_one_statement_the_engine_sees(db, site_with_history, app):
    seen = []
    conn = db.connection()  # its BEGIN before counting
    engine = app.extensions["engine"]
    listener = lambda _c, _cur, statement, *_a: seen.append(statement)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        for _what, statement, params in cases(*site_with_history):
            read(conn, statement, params)
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert len(seen) == len(cases(*site_with_history))
    assert all(s.lstrip().upper().startswith(("SELECT", "WITH")) for s in seen)


def test_a_missing_parameter_is_refused_not_read_as_null(db, site_with_history):
    """As its text (lists in it) or through SQLAlchemy (StatementError wraps the same words)."""
    refused = (exc.InvalidRequestError, exc.StatementError)
    with pytest.raises(refused, match="required for bind parameter 'site_id'"):
        read(db.connection(), schedule._last_visits_of("one"), {})
    with pytest.raises(refused, match="required for bind parameter 'since'"):
        read(db.connection(), site_page._read_statements()["findings"], {"site_id": 1})
