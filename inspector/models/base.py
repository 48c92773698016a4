"""Shared column helpers for the tables."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime


def utcnow() -> datetime:
    """Naive UTC: the one time convention of the database (rules convert to local time)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_id() -> str:
    return str(uuid.uuid4())


MAX_ID = 2**31 - 1  # the largest database id (INTEGER columns: 32 bits on PostgreSQL)
