"""Findings: a failed checklist item becomes a corrective action with a deadline."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import Index
from sqlmodel import Field, Relationship, SQLModel

from .base import utcnow
from .sites import Site

# withdrawn: recorded in error, as the correction of its inspection showed (terminal, like closed).
FINDING_STATES = ("open", "corrected", "closed", "reopened", "withdrawn")
# Not yet resolved: a repair still owed, or one reported and awaiting the Village's verification.
UNRESOLVED_STATES = ("open", "corrected", "reopened")


class Finding(SQLModel, table=True):
    # Covers the per-site open/overdue counts of the dashboard without reading the table.
    __table_args__ = (Index("ix_finding_site_status_due", "site_id", "status", "due_at"),)
    id: str = Field(primary_key=True, max_length=36)
    site_id: int = Field(foreign_key="site.id", index=True)
    inspection_id: str = Field(foreign_key="inspection.id", index=True, max_length=36)
    item_code: str = Field(max_length=20)
    severity: str = Field(max_length=10)
    description: str = ""
    required_action: str = ""
    citation: str = ""
    due_at: NaiveDatetime = Field(index=True)
    status: str = Field(default="open", max_length=10, index=True)
    company_id: int | None = Field(default=None, foreign_key="company.id")
    corrected_note: str = ""
    corrected_at: NaiveDatetime | None = None
    corrected_by: int | None = Field(default=None, foreign_key="user.id")
    verified_by: int | None = Field(default=None, foreign_key="user.id")
    verified_at: NaiveDatetime | None = None
    version: int = 1
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    updated_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    site: Site = Relationship()  # (site_id); no column of its own
