"""Rain readings taken by hand at a gauge, entered on the web form or pushed from a tablet: where
such a reading may go, its checks, and the period it covers (from where the gauge was last emptied).
A new reading re-evaluates its gauge's qualifying rains.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlmodel import Session, func, select

from ..models import RainGauge, RainReading, Site, SiteGauge, User
from ..rules import clocks
from ..rules import rain as rain_rules
from ..rules.rulebook import Rulebook
from . import NotFound, ServiceError
from .rain import HAND_READ, evaluate_gauge, store_reading
from .rain_gauge_readers import SHARED_GAUGE, gauges_for, shared_gauge_ids
from .sites import can_see_site, visible_sites_query


def check_manual_target(session: Session, user: User, gauge_id, site_id) -> RainGauge:
    """The gauge a hand-entered reading may go to, or the refusal. Sync runs the same checks on a
    reading id that is someone else's, so that id answers exactly like a new one."""
    try:
        gauge = session.get(RainGauge, int(gauge_id))
    except (TypeError, ValueError):
        gauge = None
    if gauge is None or gauge.id not in {g.id for g in gauges_for(session, user)}:
        shared = (
            user.role == "permittee"
            and gauge is not None
            and gauge.id in shared_gauge_ids(session, user)
        )
        if shared:
            raise ServiceError(SHARED_GAUGE, field="gauge_id")
        raise ServiceError("Choose a rain gauge from the list.", field="gauge_id")
    if site_id is not None and not can_see_site(session, user, int(site_id)):
        raise NotFound("No such site.")
    return gauge


def record_manual(
    session: Session,
    *,
    user: User,
    gauge_id,
    observed_at: datetime,
    amount_in,
    period_hours=24,
    device_uuid: str | None,
    site_id: int | None,
    now: datetime,
    rb: Rulebook,
) -> tuple[RainReading, bool]:
    """A gauge reading entered by hand (tablet or web). Idempotent by the device's UUID.
    Returns (reading, created)."""
    gauge = check_manual_target(session, user, gauge_id, site_id)
    try:
        value = float(amount_in)
    except (TypeError, ValueError):
        raise ServiceError("Enter the rain in inches, e.g. 0.65.", field="amount_in") from None
    if isinstance(amount_in, bool) or not math.isfinite(value) or value < 0:
        raise ServiceError("The amount cannot be negative.", field="amount_in")
    if value > rb["rain.max_daily_in"]:
        raise ServiceError(rb["rain.max_daily_note"], field="amount_in")
    window = rain_rules.settings(rb)["window_hours"]
    if (
        isinstance(period_hours, bool)
        or not isinstance(period_hours, (int, float))
        or not 0 < period_hours <= window
    ):
        raise ServiceError(f"The reading must cover 1 to {window:g} hours.", field="period_hours")
    if observed_at > now + timedelta(minutes=rb["rain.future_tolerance_minutes"]):
        raise ServiceError("The reading time is in the future.", field="observed_at")
    start = manual_period_start(session, gauge.id, observed_at, period_hours, rb)
    key = (
        f"device:{device_uuid}"
        if device_uuid
        else f"manual:{gauge.id}:{observed_at.isoformat()}:{user.id}"
    )
    reading, created = store_reading(
        session,
        gauge,
        {
            "period_start": start,
            "period_end": observed_at,
            "amount_in": round(value, 2),
            "trace": False,
            "source": "onsite" if gauge.kind == "onsite" else "manual",
            "source_key": key,
            "device_uuid": device_uuid,
        },
        user_id=user.id,
        site_id=_reading_site(session, user, gauge, site_id),
    )
    if created:
        evaluate_gauge(session, gauge.id, rb, since=reading.period_start)
    return reading, created


def manual_period_start(
    session: Session, gauge_id: int, observed_at: datetime, period_hours, rb: Rulebook
) -> datetime:
    """Where a reading taken by hand at `observed_at` starts (rulebook rain.manual_period_note).

    A day's reading ("the 24 hours before", the form's and the tablet's) reaches back to the same
    local time the day before (23 or 25 hours when the clocks change); another length is that
    many hours. The gauge was emptied when it was last read by hand: when an earlier hand reading
    of this gauge ended inside that period, at least rain.same_reading_minutes before this one,
    this reading starts where it ended, so the two follow one another and both are counted (read
    Mon 08:00 and Tue 07:30: Tue's covers from Mon 08:00). Readings closer together than that are
    the same rain read twice (the office's and a tablet's) and keep overlapping: counted once."""
    if period_hours == 24:
        start = clocks.day_before(observed_at, rb)
    else:
        start = observed_at - timedelta(hours=period_hours)
    same = timedelta(minutes=rb["rain.same_reading_minutes"])
    emptied = session.exec(
        select(func.max(RainReading.period_end)).where(
            RainReading.gauge_id == gauge_id,
            RainReading.source.in_(HAND_READ),
            RainReading.period_end > start,
            RainReading.period_end <= observed_at - same,
        )
    ).one()
    return max(start, emptied) if emptied is not None else start


def _reading_site(session: Session, user: User, gauge: RainGauge, site_id) -> int | None:
    """The site a manual reading is filed under: the one given, else one the user sees that uses the gauge."""
    if site_id is not None:
        return int(site_id)
    visible = visible_sites_query(user).with_only_columns(Site.id)
    return session.exec(
        select(SiteGauge.site_id).where(
            SiteGauge.gauge_id == gauge.id, SiteGauge.site_id.in_(visible)
        )
    ).first()
