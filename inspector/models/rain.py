"""Rain gauges, their readings, the qualifying rains found in them, which gauge stands for each site,
and the log of reminders already sent (so a reminder is never sent twice)."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlmodel import Field, SQLModel, UniqueConstraint

from .base import utcnow

GAUGE_KINDS = ("onsite", "ghcn", "cocorahs")


class RainGauge(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    kind: str = Field(max_length=20)  # onsite | ghcn | cocorahs
    station_code: str = Field(
        max_length=60, unique=True
    )  # the public station id, or a made-up one on site
    latitude: float
    longitude: float
    created_at: NaiveDatetime = Field(default_factory=utcnow)


class RainReading(SQLModel, table=True):
    """Rain measured at a gauge over [period_start, period_end] (naive UTC). Immutable once stored."""

    id: int | None = Field(default=None, primary_key=True)
    gauge_id: int = Field(foreign_key="raingauge.id", index=True)
    period_start: NaiveDatetime
    period_end: NaiveDatetime = Field(index=True)
    amount_in: float  # a trace is stored as 0 with trace=True
    trace: bool = False
    source: str = Field(max_length=20)  # onsite | ghcn | cocorahs | manual
    # What makes a re-import or a re-sent tablet reading a no-op: "ghcn:USC00470000:2026-05-01",
    # "cocorahs:WI-FD-1:2026-05-01", or "device:<uuid>".
    source_key: str = Field(max_length=120, unique=True)
    device_uuid: str | None = Field(default=None, max_length=36, index=True)
    user_id: int | None = Field(default=None, foreign_key="user.id")
    recorded_at: NaiveDatetime = Field(default_factory=utcnow)


class RainEvent(SQLModel, table=True):
    """A qualifying rain (§ 256-8D(3)(g)): the rulebook's threshold reached within its window."""

    id: int | None = Field(default=None, primary_key=True)
    gauge_id: int = Field(foreign_key="raingauge.id", index=True)
    start: NaiveDatetime
    end: NaiveDatetime = Field(index=True)
    total_in: float
    created_at: NaiveDatetime = Field(default_factory=utcnow)


class SiteGauge(SQLModel, table=True):
    """The gauge that represents a site: the nearest one unless staff chose another."""

    site_id: int = Field(primary_key=True, foreign_key="site.id")
    gauge_id: int = Field(foreign_key="raingauge.id", index=True)
    chosen_by: int | None = Field(
        default=None, foreign_key="user.id"
    )  # None: nearest, chosen by the app
    distance_mi: float | None = None
    updated_at: NaiveDatetime = Field(default_factory=utcnow)


class NotificationLog(SQLModel, table=True):
    """One row per reminder sent; the unique key makes `send-reminders` safe to run again."""

    __table_args__ = (UniqueConstraint("user_id", "key"),)
    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    key: str = Field(max_length=200)  # e.g. "post_rain:3:rain-12:before"
    site_id: int | None = Field(default=None, foreign_key="site.id")
    subject: str = Field(max_length=300)
    sent_at: NaiveDatetime = Field(default_factory=utcnow)
