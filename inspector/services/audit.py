"""Append-only audit trail records."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlmodel import Session, SQLModel

from ..models import AuditEvent


def snapshot(obj: SQLModel | None) -> dict | None:
    """A JSON-safe copy of a record's columns (bytes left out)."""
    if obj is None:
        return None
    out: dict[str, Any] = {}
    for key, value in obj.model_dump().items():
        if isinstance(value, (datetime, date)):
            value = value.isoformat()
        elif isinstance(value, bytes):
            continue
        out[key] = value
    return out


def record(
    session: Session,
    *,
    entity: str,
    entity_id,
    action: str,
    user_id: int | None,
    before: dict | None = None,
    after: dict | None = None,
    site_id: int | None = None,
    device_id: str | None = None,
) -> AuditEvent:
    event = AuditEvent(
        entity=entity,
        entity_id=str(entity_id),
        action=action,
        user_id=user_id,
        before=before,
        after=after,
        site_id=site_id,
        device_id=device_id,
    )
    session.add(event)
    return event
