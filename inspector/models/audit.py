"""The audit trail: append-only, who changed what, when, from which device, before and after."""
from __future__ import annotations


from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from typing import Optional

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel

from .base import utcnow


class AuditEvent(SQLModel, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)  # also a monotonically increasing sequence
    at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    user_id: Optional[int] = Field(default=None, foreign_key="user.id")
    device_id: Optional[str] = Field(default=None, max_length=64)
    entity: str = Field(max_length=40)
    entity_id: str = Field(max_length=64)
    action: str = Field(max_length=40)
    site_id: Optional[int] = Field(default=None, index=True)
    before: Optional[dict] = Field(default=None, sa_column=Column(JSON))
    after: Optional[dict] = Field(default=None, sa_column=Column(JSON))
