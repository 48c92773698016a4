"""Construction sites: the facts the ordinance's applicability and regime rules read."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlmodel import Field, SQLModel

from .base import utcnow

PROJECT_KINDS = (
    "land_disturbance",
    "subdivision_plat",
    "building_lot",
    "street_work",
    "underground_pipe",
)
# § 256-4: not "land disturbing construction activity" (agricultural uses, gardens, trees,
# landscaping).
EXCLUDED_USES = ("agricultural", "gardening", "tree_harvesting", "landscaping")


class SiteBase(SQLModel):
    name: str = Field(max_length=200)
    address: str = Field(default="", max_length=300)
    legal_description: str = Field(default="", max_length=2000)
    latitude: float | None = None
    longitude: float | None = None
    project_kind: str = Field(max_length=40)
    area_acres: float | None = None
    length_ft: float | None = None
    disturbed_acres: float | None = None
    channel_originates: bool = False
    state_funded: bool = False
    extraterritorial: bool = False
    has_stockpiles: bool = False
    has_dewatering: bool = False
    excluded_use: str | None = Field(default=None, max_length=40)  # EXCLUDED_USES, § 256-4


class Site(SiteBase, table=True):
    id: int | None = Field(default=None, primary_key=True)
    version: int = 1  # bumped on every change; sync pushes state the version they started from
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    updated_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    # Readings the ordinance leaves to the Village, recorded by a supervisor (who and when).
    # Until then the protective reading: runoff leaves the site (§ 256-7B(5)), the Village
    # exercises its extraterritorial option (§ 256-3), the dewatering water holds particles over
    # 100 µm (§ 256-7B(1)).
    runoff_leaves_site: bool = Field(default=True, sa_column_kwargs={"server_default": "1"})
    runoff_recorded_by: int | None = None  # a user id (SQLite adds no foreign key in place)
    runoff_recorded_at: NaiveDatetime | None = None
    extraterritorial_exercised: bool = Field(default=True, sa_column_kwargs={"server_default": "1"})
    extraterritorial_recorded_by: int | None = None
    extraterritorial_recorded_at: NaiveDatetime | None = None
    dewatering_fines_only: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    dewatering_recorded_by: int | None = None
    dewatering_recorded_at: NaiveDatetime | None = None
