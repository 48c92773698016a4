"""Companies (permittees' firms) and users with their roles."""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy.orm import relationship
from sqlmodel import Field, Relationship, SQLModel

from .base import utcnow

ROLES = ("permittee", "inspector", "supervisor")


class Company(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)
    contact_email: str | None = Field(default=None, max_length=254)
    phone: str | None = Field(default=None, max_length=40)


class UserBase(SQLModel):
    email: str = Field(index=True, unique=True, max_length=254)
    name: str = Field(max_length=200)
    role: str = Field(max_length=20)  # one of ROLES
    company_id: int | None = Field(default=None, foreign_key="company.id", index=True)


class User(UserBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    password_hash: str
    active: bool = True
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    # Copied into the session cookie at sign-in and compared on every request: raising it (sign-out,
    # password change, account disabled) ends every session signed in before, in every server process.
    session_generation: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    # The inspector's qualification (e.g. a WisDOT erosion-control certification): the device warns
    # and the report shows when it is missing or expired on the day inspected.
    certification_type: str | None = Field(default=None, max_length=120)
    certification_number: str | None = Field(default=None, max_length=60)
    certification_expires_on: date | None = None
    # A permittee's company (company_id; None for staff); a relationship, no column of its own.
    company: Company | None = Relationship(sa_relationship=relationship("Company"))


class SignInThrottle(SQLModel, table=True):
    """Recent failed sign-ins for one e-mail address or one client address, in the database so that
    every server process counts the same tries."""

    key: str = Field(primary_key=True, max_length=300)  # "email:<address>" or "client:<address>"
    failures: int = 0
    first_failure_at: NaiveDatetime
    locked_until: NaiveDatetime | None = None
