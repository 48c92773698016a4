"""A site's public records page (NR 216.48(4)(c)): published at /public/<token> while turned on."""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlmodel import Field, SQLModel


class PublicRecords(SQLModel, table=True):
    """One row per site that was ever published. Turning the page off clears the token (the address
    answers 404); turning it on again issues a new one, so the DNR must be told the new address."""

    site_id: int = Field(primary_key=True, foreign_key="site.id")
    token: str | None = Field(default=None, max_length=64, unique=True, index=True)
    turned_on_at: NaiveDatetime | None = None
    turned_on_by: int | None = Field(default=None, foreign_key="user.id")
    turned_off_at: NaiveDatetime | None = None
    turned_off_by: int | None = Field(default=None, foreign_key="user.id")
    dnr_told_on: date | None = None  # the day the DNR was told this address (the Village's day)
    dnr_told_by: int | None = Field(default=None, foreign_key="user.id")
    dnr_told_recorded_at: NaiveDatetime | None = None
