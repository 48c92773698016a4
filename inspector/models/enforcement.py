"""Stop-work orders (§ 256-10) and their append-only history.

An order is PROPOSED by the rules (or posted in the field by an inspector), then a supervisor issues or
dismisses it; an issued order runs a compliance clock, after which the permit may be revoked (§ 256-10B) or,
where there is no permit, a cease-and-desist order requested (§ 256-10C); the Village or the Zoning Board of
Appeals may retract an order or a revocation (§ 256-10D).
"""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import JSON, Column, Index
from sqlmodel import Field, SQLModel

from .base import utcnow

# "withdrawn": a proposal the rules themselves took back because its grounds were withdrawn (a finding
# recorded in error, or repaired and verified) before a supervisor decided; never an issued order.
ORDER_STATUSES = (
    "proposed",
    "dismissed",
    "withdrawn",
    "issued",
    "posted",
    "complied",
    "revoked_permit",
    "cease_desist_requested",
    "retracted",
)
# Never shown to the permittee: proposals and what became of them before a supervisor issued anything.
INTERNAL_STATUSES = ("proposed", "dismissed", "withdrawn")
# Orders that still bind (or await a decision): they block a second proposal for the same grounds.
OPEN_STATUSES = ("proposed", "issued", "posted", "revoked_permit", "cease_desist_requested")
IN_FORCE_STATUSES = ("issued", "posted")
GROUNDS = ("no_permit", "plan_not_implemented", "conditions_not_met")
RETRACTING_BODIES = ("village", "zoning_board")


class StopWorkOrder(SQLModel, table=True):
    __table_args__ = (Index("ix_stopworkorder_site_status", "site_id", "status"),)

    id: str = Field(
        primary_key=True, max_length=36
    )  # UUID; made on the device when posted in the field
    site_id: int = Field(foreign_key="site.id", index=True)
    permit_id: int | None = Field(default=None, foreign_key="permit.id")
    status: str = Field(default="proposed", max_length=30, index=True)
    source: str = Field(default="rules", max_length=10)  # "rules" | "field" | "supervisor"
    # [{"ground", "citation", "words", "rule", "rule_citation", "reason", "keys": [...]}]
    grounds: list = Field(default_factory=list, sa_column=Column(JSON))
    # {"inspections": [ids], "findings": [ids], "photos": [ids]}
    evidence: dict = Field(default_factory=dict, sa_column=Column(JSON))
    notes: str = ""
    proposed_at: NaiveDatetime = Field(default_factory=utcnow)
    issued_at: NaiveDatetime | None = None
    issued_by: int | None = Field(default=None, foreign_key="user.id")
    posted_at: NaiveDatetime | None = None
    posted_by: int | None = Field(default=None, foreign_key="user.id")
    notice_photo_id: str | None = Field(default=None, max_length=36)
    compliance_due: NaiveDatetime | None = None
    permit_status_before: str | None = Field(default=None, max_length=20)  # restored on retraction
    dismissed_reason: str | None = None
    dismissed_by: int | None = Field(default=None, foreign_key="user.id")
    dismissed_at: NaiveDatetime | None = None
    complied_at: NaiveDatetime | None = None
    complied_by: int | None = Field(default=None, foreign_key="user.id")
    complied_note: str | None = None
    revoked_at: NaiveDatetime | None = None
    revoked_by: int | None = Field(default=None, foreign_key="user.id")
    revocation_reason: str | None = None
    cease_desist_at: NaiveDatetime | None = None
    cease_desist_by: int | None = Field(default=None, foreign_key="user.id")
    cease_desist_details: str | None = None
    retracted_at: NaiveDatetime | None = None
    retracted_by: int | None = Field(default=None, foreign_key="user.id")
    retracted_by_body: str | None = Field(default=None, max_length=20)  # "village" | "zoning_board"
    retracted_reason: str | None = None
    device_id: str | None = Field(default=None, max_length=64)
    sha256: str | None = Field(
        default=None, max_length=64
    )  # of the field payload as the device sent it
    version: int = 1
    updated_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    # The issuing supervisor's drawn signature under the rulebook's order statement (signed at
    # issued_at); None on orders issued before signing, or not issued.
    issued_signature: dict | None = Field(default=None, sa_column=Column(JSON))
    issued_statement_version: str | None = Field(default=None, max_length=40)
    issued_signed_by_name: str | None = Field(default=None, max_length=200)


class OrderEvent(SQLModel, table=True):
    """The order's history: append-only, one row per change of status."""

    id: int | None = Field(default=None, primary_key=True)
    order_id: str = Field(foreign_key="stopworkorder.id", index=True, max_length=36)
    status: str = Field(max_length=30)
    note: str = ""
    by_user_id: int | None = Field(default=None, foreign_key="user.id")
    at: NaiveDatetime = Field(default_factory=utcnow)
