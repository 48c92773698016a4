"""bulk.insert stores exactly what SQLAlchemy's own insert stores: the same text for times, days and
booleans, the same JSON (read raw from the driver, not through the column types)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from inspector.models import AuditEvent, Inspection, SyncMutation
from inspector.models.seals import Seal
from inspector.services import bulk

WHEN = datetime(2026, 11, 30, 15, 4, 5, 123456)


def rows(site, user):
    """(table, key column, one row for SQLAlchemy's insert, one for bulk.insert) per table."""
    inspection = {
        "site_id": site.id,
        "permit_id": None,
        "kind": "village",
        "by_village": True,
        "inspector_name": "Pat Field ✓",
        "inspected_on": date(2026, 11, 30),
        "started_at": WHEN,
        "ended_at": datetime(2026, 11, 30, 16, 0),
        "weather": "",
        "phase": "Grading",
        "notes": "line one\nline two",
        "active_disturbance": False,
        "rain_event_id": None,
        "finding_id": None,
        "catalog_version": "2026.12-2",
        "replaces_id": None,
        "photos_expected": 0,
        "sha256": "ab" * 32,
        "user_id": user.id,
        "device_id": None,
        "submitted_at": WHEN,
        "received_at": WHEN,
        "signature": {"width": 600, "height": 200, "strokes": [[[1, 2, 0], [3, 4, 16]]]},
        "signature_statement_version": "2026-11",
        "signed_by_name": "Pat Field",
        "signed_at": None,
    }
    event = {
        "at": WHEN,
        "user_id": user.id,
        "device_id": "dev",
        "entity": "inspection",
        "entity_id": "x",
        "action": "submit",
        "site_id": site.id,
        "before": None,
        "after": {"kind": "village", "answers": 25, "note": "déjà", "ratio": 0.1},
    }
    mutation = {
        "device_id": "dev",
        "user_id": user.id,
        "entity": "inspection",
        "entity_id": "x",
        "result": {"status": "applied", "version": 1, "data": None},
        "received_at": WHEN,
    }
    seal = {
        "kind": "inspection",
        "record_id": "x",
        "format": 2,
        "record_hash": "cd" * 32,
        "prev": "0" * 64,
        "sealed_at": WHEN,
        "origin": "receipt",
    }
    return [
        (Inspection, "id", {**inspection, "id": "a-1"}, {**inspection, "id": "b-1"}),
        (AuditEvent, "id", event, event),
        (
            SyncMutation,
            "mutation_id",
            {**mutation, "mutation_id": "a-2"},
            {**mutation, "mutation_id": "b-2"},
        ),
        (Seal, "seq", {**seal, "seq": 1, "seal": "1" * 64}, {**seal, "seq": 2, "seal": "2" * 64}),
    ]


def test_bulk_insert_stores_what_sqlalchemy_stores(db, make, people):
    site = make.site(people["supervisor"], name="Bulk")
    conn = db.connection()
    for model, key, theirs, ours in rows(site, people["inspector"]):
        table = model.__table__
        conn.execute(table.insert(), [theirs])
        bulk.insert(conn, table, [ours])
        quote = conn.dialect.identifier_preparer.quote
        same = [c.name for c in table.c if c.name != key and theirs.get(c.name) == ours.get(c.name)]
        columns = ", ".join(quote(name) for name in same)
        raw = conn.exec_driver_sql(
            f"SELECT {columns} FROM {quote(table.name)} ORDER BY {quote(key)} DESC LIMIT 2"
        ).all()
        assert len(raw) == 2 and raw[0] == raw[1], (table.name, raw)
    db.rollback()


def test_a_column_with_a_default_must_be_given(db):
    with pytest.raises(ValueError, match="default"):
        bulk.insert(db.connection(), Seal.__table__, [{"seq": 1, "kind": "x"}])
    db.rollback()


def test_rows_sharing_times_store_each_time_as_sqlalchemy_does(db, make, people):
    """Times repeated across rows are converted once per insert: each row still gets its own."""
    from datetime import UTC, timedelta, timezone

    site = make.site(people["supervisor"], name="Times")
    conn = db.connection()
    table = AuditEvent.__table__
    later = WHEN + timedelta(seconds=1)
    noon_utc = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    same_moment_in_chicago = noon_utc.astimezone(timezone(timedelta(hours=-6)))
    moments = [WHEN, WHEN, later, WHEN, noon_utc, same_moment_in_chicago]
    event = rows(site, people["inspector"])[1][2]
    theirs = [{**event, "at": at, "entity_id": f"a{i}"} for i, at in enumerate(moments)]
    ours = [{**event, "at": at, "entity_id": f"b{i}"} for i, at in enumerate(moments)]
    for row in theirs:  # one at a time: SQLAlchemy converts each value itself
        conn.execute(table.insert(), [row])
    bulk.insert(conn, table, ours)
    raw = dict(conn.exec_driver_sql("SELECT entity_id, at FROM auditevent").all())
    assert [raw[f"b{i}"] for i in range(6)] == [raw[f"a{i}"] for i in range(6)]
    assert raw["b0"] != raw["b2"]
    db.rollback()


def test_json_columns_read_back_what_was_written(db, make, people):
    """The engine writes JSON with orjson where it reads back the same, json.dumps elsewhere."""
    import math

    from sqlalchemy import select
    from sqlalchemy.exc import StatementError

    site = make.site(people["supervisor"], name="JSON")
    values = {
        "plain": {"kind": "village", "answers": 25, "ratio": 0.1, "whole": 2.0},
        "text": {"note": "déjà vu ✓ 🌧", "lines": "one\ntwo", "quote": 'say "hi"'},
        "nested": {"strokes": [[[1, 2, 0], [3, 4, 16]]], "empty": {}, "none": None},
        "big": {"n": 2**70, "small": -(2**63)},
    }
    if db.get_bind().dialect.name == "sqlite":  # PostgreSQL's json refuses NaN, as before
        values["nan"] = {"x": float("nan"), "y": [None, {"z": float("inf")}]}
    conn = db.connection()
    table = AuditEvent.__table__
    event = rows(site, people["inspector"])[1][2]
    for key, value in values.items():
        conn.execute(table.insert(), [{**event, "entity_id": key, "after": value}])
    bulk.insert(
        conn, table, [{**event, "entity_id": "bulk-" + k, "after": v} for k, v in values.items()]
    )
    stored = dict(conn.execute(select(table.c.entity_id, table.c.after)).all())
    for key, value in values.items():
        for got in (stored[key], stored["bulk-" + key]):
            if key == "nan":
                assert math.isnan(got["x"]) and got["y"] == [None, {"z": math.inf}]
            else:
                assert got == value
    assert type(stored["plain"]["whole"]) is float and stored["big"]["n"] == 2**70
    with pytest.raises((StatementError, TypeError)):  # a time inside JSON: refused as before
        conn.execute(table.insert(), [{**event, "entity_id": "t", "after": {"at": WHEN}}])
    db.rollback()


def test_a_single_column_goes_through_its_type_as_any_other(db):
    """A row of one value: the value still passes through its column type's bind processor."""
    from sqlalchemy import JSON, Column, MetaData, Table

    table = Table("bulk_one_column", MetaData(), Column("after", JSON))
    conn = db.connection()
    table.create(conn)
    conn.execute(table.insert(), [{"after": {"answers": 25}}])
    bulk.insert(conn, table, [{"after": {"answers": 25}}])
    theirs, ours = conn.exec_driver_sql("SELECT after FROM bulk_one_column").scalars().all()
    assert ours == theirs
    db.rollback()
