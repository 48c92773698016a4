"""Inspections (frozen once submitted), their answers and photos.

Ids are UUIDs made on the device when the record is created; the server never renumbers.
"""

from __future__ import annotations

from datetime import date

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import JSON, Column, Index
from sqlmodel import Field, SQLModel

from .base import utcnow

INSPECTION_KINDS = ("weekly", "post_rain", "village", "follow_up", "complaint")
ANSWERS = ("pass", "fail", "na")


class Inspection(SQLModel, table=True):
    # Covers "each site's last inspection day" (schedule, dashboard) without reading the table.
    __table_args__ = (Index("ix_inspection_site_day", "site_id", "inspected_on", "kind"),)
    id: str = Field(primary_key=True, max_length=36)
    site_id: int = Field(foreign_key="site.id", index=True)
    permit_id: int | None = Field(default=None, foreign_key="permit.id")
    kind: str = Field(max_length=20)
    by_village: bool = (
        False  # entered by Village staff, or by the permittee (services/schedule.COUNTED_KINDS)
    )
    inspector_name: str = Field(max_length=200)
    inspected_on: date = Field(index=True)
    started_at: NaiveDatetime | None = None
    ended_at: NaiveDatetime | None = None
    weather: str = ""
    phase: str = ""
    notes: str = ""
    active_disturbance: bool = True  # land disturbance under way at the time (§ 256-10A(1))
    rain_event_id: int | None = None  # the qualifying rain a post-rain inspection answers
    finding_id: str | None = None  # the finding a follow-up inspection checks
    catalog_version: str = Field(max_length=40)
    # Indexed: schedule and enforcement ask "is this inspection replaced?" of every row they read.
    replaces_id: str | None = Field(default=None, foreign_key="inspection.id", index=True)
    photos_expected: int = 0
    sha256: str | None = Field(default=None, max_length=64)  # of the record as the device sent it
    user_id: int | None = Field(default=None, foreign_key="user.id")
    device_id: str | None = Field(default=None, max_length=64)
    submitted_at: NaiveDatetime = Field(default_factory=utcnow)
    received_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    # Drawn on the device under the rulebook's certification statement (docs/device-storage.md):
    # {"width", "height", "strokes": [[[x, y, ms], ...], ...]}. None on records from before signing.
    signature: dict | None = Field(default=None, sa_column=Column(JSON))
    signature_statement_version: str | None = Field(default=None, max_length=40)
    signed_by_name: str | None = Field(default=None, max_length=200)
    signed_at: NaiveDatetime | None = None


class Answer(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    inspection_id: str = Field(foreign_key="inspection.id", index=True, max_length=36)
    item_code: str = Field(max_length=20)
    result: str = Field(max_length=4)  # pass | fail | na
    note: str = ""
    corrective_action: str = ""
    measurements: dict = Field(default_factory=dict, sa_column=Column(JSON))
    calculator: dict | None = Field(default=None, sa_column=Column(JSON))


class Photo(SQLModel, table=True):
    """Photo metadata; the bytes live in StoredFile. A photo may arrive before its record."""

    id: str = Field(primary_key=True, max_length=36)
    inspection_id: str | None = Field(default=None, index=True, max_length=36)
    finding_id: str | None = Field(default=None, index=True, max_length=36)
    item_code: str | None = Field(default=None, max_length=20)
    sha256: str = Field(max_length=64)
    content_type: str = Field(default="image/jpeg", max_length=40)
    width: int
    height: int
    size: int
    taken_at: NaiveDatetime | None = None
    latitude: float | None = None
    longitude: float | None = None
    file_id: int = Field(foreign_key="storedfile.id")
    thumb_file_id: int | None = Field(default=None, foreign_key="storedfile.id")
    user_id: int | None = Field(default=None, foreign_key="user.id")
    device_id: str | None = Field(default=None, max_length=64)
    received_at: NaiveDatetime = Field(default_factory=utcnow)
    # Where taken_at came from: "exif" (the camera), "file" (the file's date: may be when it was
    # copied) or "device-clock" (when the tablet processed it). None: no time, or from before.
    taken_at_source: str | None = Field(default=None, max_length=12)
