"""Permits, their control plan documents, status history, extensions, bonds and condition workflows (§ 256-8)."""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import Column, LargeBinary
from sqlmodel import Field, Relationship, SQLModel

from .accounts import Company
from .base import utcnow

# The permit's status history uses these words (§ 256-8, § 256-10).
PERMIT_STATUSES = (
    "applied",
    "under_review",
    "issued",
    "denied",
    "extended",
    "expired",
    "suspended",
    "revoked",
    "closed",
)


class PermitBase(SQLModel):
    site_id: int = Field(foreign_key="site.id", index=True)
    company_id: int = Field(foreign_key="company.id", index=True)
    applicant_name: str = Field(max_length=200)
    application_received_on: date
    fee_paid_on: date | None = None
    building_permit_until: date | None = None


class Permit(PermitBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    number: str | None = Field(default=None, max_length=40, index=True)
    status: str = Field(default="applied", max_length=20, index=True)
    issued_on: date | None = None
    expires_on: date | None = None
    extension_days: int = 0
    decision_reason: str | None = None
    decided_by: int | None = Field(default=None, foreign_key="user.id")
    decided_at: NaiveDatetime | None = None
    commenced_at: NaiveDatetime | None = None  # land disturbance began (§ 256-8D(3)(a))
    commencement_notified_at: NaiveDatetime | None = None
    conditions_acknowledged_at: NaiveDatetime | None = None
    conditions_acknowledged_by: int | None = Field(default=None, foreign_key="user.id")
    version: int = 1
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    updated_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    company: Company = Relationship()  # the permittee (company_id); no column of its own


class PermitEvent(SQLModel, table=True):
    """The permit's status history: append-only."""

    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    status: str = Field(max_length=20)
    note: str = ""
    by_user_id: int | None = Field(default=None, foreign_key="user.id")
    at: NaiveDatetime = Field(default_factory=utcnow)


class StoredFile(SQLModel, table=True):
    """Bytes kept inside the database, so that a record and its file commit together and one backup covers both."""

    id: int | None = Field(default=None, primary_key=True)
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class ControlPlanDocument(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    kind: str = Field(max_length=40)  # rulebook control_plan_documents[].kind
    filename: str = Field(max_length=255)
    content_type: str = Field(max_length=100)
    size: int
    sha256: str = Field(max_length=64)
    file_id: int = Field(foreign_key="storedfile.id")
    uploaded_by: int | None = Field(default=None, foreign_key="user.id")
    uploaded_at: NaiveDatetime = Field(default_factory=utcnow)


class PermitExtension(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    days: int
    conditions: str = ""  # added control measures required as a condition (§ 256-8D(1))
    granted_by: int | None = Field(default=None, foreign_key="user.id")
    granted_at: NaiveDatetime = Field(default_factory=utcnow)
    new_expires_on: date


class SuretyBond(SQLModel, table=True):
    """§ 256-8D(2): a surety bond or an irrevocable letter of credit."""

    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    kind: str = Field(max_length=30)  # "surety_bond" | "letter_of_credit"
    amount: float
    issuer: str = Field(max_length=200)
    effective_on: date
    expires_on: date | None = None


class ControlMeasureNotice(SQLModel, table=True):
    """§ 256-8D(3)(b): notice of completion of a control measure, due 14 days after installation."""

    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    measure: str = Field(max_length=200)
    installed_on: date
    notified_at: NaiveDatetime = Field(default_factory=utcnow)
    notified_by: int | None = Field(default=None, foreign_key="user.id")


class PlanModificationRequest(SQLModel, table=True):
    """§ 256-8D(3)(c): written permission before modifying the control plan."""

    id: int | None = Field(default=None, primary_key=True)
    permit_id: int = Field(foreign_key="permit.id", index=True)
    description: str
    requested_by: int | None = Field(default=None, foreign_key="user.id")
    requested_at: NaiveDatetime = Field(default_factory=utcnow)
    decision: str | None = Field(default=None, max_length=20)  # "granted" | "refused"
    decision_text: str | None = None
    decided_by: int | None = Field(default=None, foreign_key="user.id")
    decided_at: NaiveDatetime | None = None
