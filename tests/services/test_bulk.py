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
