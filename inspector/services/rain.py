"""Rain records as every part reads them: the gauges, the gauge that stands for each site, the
readings stored at a gauge and the qualifying rains ("each rain of 0.5 inch or more", § 256-8D(3)(g))
that start a site's post-rain deadlines.

Every new reading re-evaluates its gauge's qualifying rains (`inspector.rules.rain`). A new or grown rain
writes an audit event `rain_event`, and one `site`/`packet` event for every site linked to the gauge, so
tablets re-pull those sites' due items. Readings are immutable: the same `source_key` again is a no-op.
Adding gauges and linking sites: rain_gauges.py; who reads and records at a gauge:
rain_gauge_readers.py; readings taken by hand: rain_hand_readings.py; station files: rain_imports.py.
"""

from __future__ import annotations

import math
from datetime import datetime
from functools import cache

from sqlmodel import Session, select

from ..models import RainEvent, RainGauge, RainReading, Site, SiteGauge
from ..rules import rain as rain_rules
from ..rules.rulebook import Rulebook
from . import NotFound, audit, seals

HAND_READ = ("manual", "onsite")  # the sources of readings a person took at the gauge

EARTH_RADIUS_MI = 3958.8


def haversine_mi(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_MI * math.asin(math.sqrt(a))


def nearest_gauge(
    session: Session, site: Site, *, gauges: list[RainGauge] | None = None
) -> tuple[RainGauge, float] | None:
    """The nearest gauge to the site and its distance in miles (None without a site position or
    gauges); `gauges`: every gauge, when the caller has read them."""
    if site.latitude is None or site.longitude is None:
        return None
    ranked = sorted(
        (
            (haversine_mi(site.latitude, site.longitude, g.latitude, g.longitude), g.id, g)
            for g in (all_gauges(session) if gauges is None else gauges)
        ),
        key=lambda t: (t[0], t[1]),
    )
    return (ranked[0][2], ranked[0][0]) if ranked else None


def gauges_for_sites(
    session: Session, site_list: list, rb: Rulebook, *, every_site: bool = False
) -> dict[int, RainGauge]:
    """The gauge that stands for each site, in two queries: its stored link, or (a site added after the
    gauges, not linked yet) its nearest gauge within the radius, read the same way `link_nearest` would
    store it. `every_site`: the list is every site of the Village, so every link is read (no IN list)."""
    # Two columns, not 1,000 ORM objects: the dashboard reads this for every site.
    query = select(SiteGauge.site_id, SiteGauge.gauge_id)
    if not every_site:
        query = query.where(SiteGauge.site_id.in_(tuple(s.id for s in site_list)))
    links = dict(session.exec(query).all())
    gauges = {g.id: g for g in all_gauges(session)}
    radius = rb["rain.gauge_radius_mi"]
    out: dict[int, RainGauge] = {}
    for site in site_list:
        if site.id in links:
            out[site.id] = gauges[links[site.id]]
        elif site.latitude is not None and site.longitude is not None and gauges:
            distance, _, gauge = min(
                (haversine_mi(site.latitude, site.longitude, g.latitude, g.longitude), g.id, g)
                for g in gauges.values()
            )
            if distance <= radius:
                out[site.id] = gauge
    return out


@cache
def _every_gauge():
    return select(RainGauge)  # built once: building and keying it cost more than the read


def all_gauges(session: Session) -> list[RainGauge]:
    return list(session.exec(_every_gauge()).all())


def site_gauge(session: Session, site_id: int) -> tuple[SiteGauge | None, RainGauge | None]:
    link = session.get(SiteGauge, site_id)
    return link, (session.get(RainGauge, link.gauge_id) if link else None)


def store_reading(
    session: Session,
    gauge: RainGauge,
    row: dict,
    *,
    user_id: int | None,
    site_id: int | None = None,
) -> tuple[RainReading, bool]:
    existing = session.exec(
        select(RainReading).where(RainReading.source_key == row["source_key"])
    ).first()
    if existing is not None:
        return existing, False
    return _insert(session, gauge, row, user_id=user_id, site_id=site_id), True


def _insert(
    session: Session,
    gauge: RainGauge,
    row: dict,
    *,
    user_id: int | None,
    site_id: int | None = None,
) -> RainReading:
    reading = RainReading(gauge_id=gauge.id, user_id=user_id, **row)
    session.add(reading)
    session.flush()
    seals.seal(session, "rain_reading", reading, at=reading.recorded_at)
    # A tablet's reading is known by the UUID the device made (docs/sync-protocol.md); an imported one by its row id.
    # The site (when given) lets a permittee's other devices pull their own reading.
    audit.record(
        session,
        entity="rain_reading",
        entity_id=reading.device_uuid or reading.id,
        action="create",
        user_id=user_id,
        site_id=site_id,
        after=audit.snapshot(reading),
    )
    return reading


def evaluate_gauge(
    session: Session, gauge_id: int, rb: Rulebook, since: datetime | None = None
) -> list[RainEvent]:
    """Recompute a gauge's qualifying rains from `since` on; store new ones, grow changed ones.
    Returns the events created or changed (their sites were told to re-pull)."""
    back = rain_rules.look_back(rb)
    since = (since or datetime.min + back) - back
    readings = session.exec(
        select(RainReading).where(RainReading.gauge_id == gauge_id, RainReading.period_end >= since)
    ).all()
    rains = rain_rules.qualifying_rains(
        [
            rain_rules.Reading(r.period_start, r.period_end, r.amount_in, r.trace, r.id)
            for r in readings
        ],
        rb,
    )
    existing = list(
        session.exec(
            select(RainEvent).where(RainEvent.gauge_id == gauge_id, RainEvent.end >= since)
        ).all()
    )
    touched: list = []
    for rain in rains:
        # sharing more than an instant: a rain that only touches a stored one is a rain of its own
        overlapping = [e for e in existing if e.start < rain.end and rain.start < e.end]
        if overlapping:
            event, extra = overlapping[0], overlapping[1:]
            for gone in extra:  # two stored rains joined by a new reading: keep the first
                existing.remove(gone)
                session.delete(gone)
                audit.record(
                    session,
                    entity="rain_event",
                    entity_id=gone.id,
                    action="merge",
                    user_id=None,
                    before=audit.snapshot(gone),
                    after={"merged_into": event.id},
                )
            if (event.start, event.end, event.total_in) == (
                rain.start,
                rain.end,
                rain.total_in,
            ) and not extra:
                continue
            before = audit.snapshot(event)
            event.start, event.end, event.total_in = rain.start, rain.end, rain.total_in
            action = "update"
        else:
            event, before, action = (
                RainEvent(
                    gauge_id=gauge_id, start=rain.start, end=rain.end, total_in=rain.total_in
                ),
                None,
                "create",
            )
            existing.append(event)
        session.add(event)
        touched.append((event, action, before))
    session.flush()  # once for all the rains (a year's import finds hundreds)
    for event, action, before in touched:
        audit.record(
            session,
            entity="rain_event",
            entity_id=event.id,
            action=action,
            user_id=None,
            before=before,
            after=audit.snapshot(event),
        )
    touched = [event for event, _, _ in touched]
    if touched:
        for link in session.exec(select(SiteGauge).where(SiteGauge.gauge_id == gauge_id)).all():
            audit.record(
                session,
                entity="site",
                entity_id=link.site_id,
                action="packet",
                user_id=None,
                after={"rain_events": [e.id for e in touched]},
                site_id=link.site_id,
            )
    return touched


HAND_READ = ("manual", "onsite")  # the sources of readings a person took at the gauge


def daily_readings(session: Session, gauge_id: int, since: datetime) -> list[RainReading]:
    return list(
        session.exec(
            select(RainReading)
            .where(RainReading.gauge_id == gauge_id, RainReading.period_end >= since)
            .order_by(RainReading.period_end.desc())
        ).all()
    )


def get_gauge(session: Session, gauge_id: int) -> RainGauge:
    gauge = session.get(RainGauge, gauge_id)
    if gauge is None:
        raise NotFound("No such rain gauge.")
    return gauge
