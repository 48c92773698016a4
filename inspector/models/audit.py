"""The audit trail: append-only, who changed what, when, from which device, before and after."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from .base import utcnow


class AuditEvent(SQLModel, table=True):
    id: int | None = Field(
        default=None, primary_key=True
    )  # also a monotonically increasing sequence
    at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    device_id: str | None = Field(default=None, max_length=64)
    entity: str = Field(max_length=40)
    entity_id: str = Field(max_length=64)
    action: str = Field(max_length=40)
    site_id: int | None = Field(default=None, index=True)
    before: dict | None = Field(default=None, sa_column=Column(JSON))
    after: dict | None = Field(default=None, sa_column=Column(JSON))
