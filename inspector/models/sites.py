"""Construction sites: the facts the ordinance's applicability and regime rules read."""
from __future__ import annotations


from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from typing import Optional

from sqlmodel import Field, SQLModel

from .base import utcnow

PROJECT_KINDS = ("land_disturbance", "subdivision_plat", "building_lot", "street_work", "underground_pipe")


class SiteBase(SQLModel):
    name: str = Field(max_length=200)
    address: str = Field(default="", max_length=300)
    legal_description: str = Field(default="", max_length=2000)
    latitude: Optional[float] = None
    longitude: Optional[float] = None
    project_kind: str = Field(max_length=40)
    area_acres: Optional[float] = None
    length_ft: Optional[float] = None
    disturbed_acres: Optional[float] = None
    channel_originates: bool = False
    state_funded: bool = False
    extraterritorial: bool = False
    has_stockpiles: bool = False
    has_dewatering: bool = False


class Site(SiteBase, table=True):
    id: Optional[int] = Field(default=None, primary_key=True)
    version: int = 1  # bumped on every change; sync pushes state the version they started from
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    updated_at: NaiveDatetime = Field(default_factory=utcnow, index=True)


class SitePublic(SiteBase):
    id: int
    version: int
