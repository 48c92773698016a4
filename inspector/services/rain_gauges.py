"""Rain gauges added and sites linked to them: a gauge added by hand (or made from an imported file's
station columns), each site linked to its nearest gauge within the rulebook's radius, a gauge staff
choose for a site, and the gauges a site was linked to before. A link tells devices to re-pull the
site and the gauge.
"""

from __future__ import annotations

import math
from datetime import datetime

from sqlmodel import Session, select

from ..models import GAUGE_KINDS, AuditEvent, RainGauge, Site, SiteGauge, User
from ..models.base import utcnow
from ..rules.rulebook import Rulebook
from . import ServiceError, audit
from .rain import haversine_mi


def create_gauge(
    session: Session,
    *,
    name: str,
    kind: str,
    station_code: str,
    latitude,
    longitude,
    user_id: int | None,
    rb: Rulebook,
    link_sites: bool = True,
) -> RainGauge:
    name, station_code = (name or "").strip(), (station_code or "").strip()
    if not name:
        raise ServiceError("A gauge needs a name.", field="name")
    if kind not in GAUGE_KINDS:
        raise ServiceError("Choose the kind of gauge.", field="kind")
    if not station_code:
        raise ServiceError(
            "Enter the station code (any short unique name for an on-site gauge).",
            field="station_code",
        )
    if session.exec(select(RainGauge).where(RainGauge.station_code == station_code)).first():
        raise ServiceError("A gauge with this station code exists already.", field="station_code")
    coords = {}
    for key, low, high in (("latitude", -90, 90), ("longitude", -180, 180)):
        value = latitude if key == "latitude" else longitude
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ServiceError(f"The {key} must be a number.", field=key) from None
        if not math.isfinite(number) or not low <= number <= high:
            raise ServiceError(f"The {key} must be between {low} and {high}.", field=key)
        coords[key] = number
    gauge = new_gauge(session, user_id, name, kind, station_code, **coords)
    if link_sites:  # False when several gauges are added at once: link once they are all there
        link_nearest(session, rb)
    return gauge


def new_gauge(session, user_id, name, kind, station_code, *, latitude, longitude) -> RainGauge:
    """A gauge added by hand or from an imported file's station columns, and its audit event."""
    gauge = RainGauge(
        name=name[:200],
        kind=kind,
        station_code=station_code[:60],
        latitude=latitude,
        longitude=longitude,
    )
    session.add(gauge)
    session.flush()
    audit.record(
        session,
        entity="rain_gauge",
        entity_id=gauge.id,
        action="create",
        user_id=user_id,
        after=audit.snapshot(gauge),
    )
    return gauge


def link_nearest(session: Session, rb: Rulebook, sites: list[Site] | None = None) -> list[int]:
    """Link each site that has a location and no gauge yet to its nearest gauge within the rulebook's radius.
    Returns the ids of sites newly linked.

    A site already linked keeps its gauge when a nearer one appears later (staff may switch it on the site
    page, which points the nearer one out): switching silently would drop the post-rain inspections owed for
    rain recorded at the old gauge."""
    gauges = session.exec(select(RainGauge)).all()
    sites = (
        sites
        if sites is not None
        else session.exec(select(Site).where(Site.latitude.is_not(None))).all()
    )
    links = {link.site_id: link for link in session.exec(select(SiteGauge)).all()}
    radius = rb["rain.gauge_radius_mi"]
    changed = []
    for site in sites:
        if site.latitude is None or site.longitude is None:
            continue
        if site.id in links:
            continue
        ranked = sorted(
            (haversine_mi(site.latitude, site.longitude, g.latitude, g.longitude), g.id)
            for g in gauges
        )
        if not ranked or ranked[0][0] > radius:
            continue
        distance, gauge_id = ranked[0]
        session.add(SiteGauge(site_id=site.id, gauge_id=gauge_id, distance_mi=round(distance, 2)))
        changed.append((site.id, gauge_id))
    session.flush()
    for site_id, gauge_id in changed:
        _announce_link(session, site_id, gauge_id, None)
    return [site_id for site_id, _ in changed]


def gauges_left(session: Session, site_id: int) -> dict[int, datetime]:
    """The gauges a site was linked to before its current one, each with when it last left it,
    from the links _announce_link records. A rain that ended at such a gauge before then was the
    site's rain: a tablet may have begun its post-rain inspection from it before staff linked the
    site elsewhere."""
    links = session.exec(
        select(AuditEvent.entity_id, AuditEvent.at)
        .where(
            AuditEvent.entity == "rain_gauge",
            AuditEvent.action == "link",
            AuditEvent.site_id == site_id,
        )
        .order_by(AuditEvent.id)
    ).all()
    return {int(gauge): left for (gauge, _), (_, left) in zip(links, links[1:], strict=False)}


def choose_gauge(session: Session, site: Site, gauge_id: int, *, user: User) -> SiteGauge:
    """Staff link a site to a gauge of their choice (kept over the nearest one)."""
    gauge = session.get(RainGauge, gauge_id)
    if gauge is None:
        raise ServiceError("Choose a gauge from the list.", field="gauge_id")
    link = session.get(SiteGauge, site.id) or SiteGauge(site_id=site.id, gauge_id=gauge.id)
    before = audit.snapshot(link) if link.gauge_id else None
    distance = (
        haversine_mi(site.latitude, site.longitude, gauge.latitude, gauge.longitude)
        if site.latitude is not None and site.longitude is not None
        else None
    )
    link.gauge_id, link.chosen_by, link.updated_at = gauge.id, user.id, utcnow()
    link.distance_mi = round(distance, 2) if distance is not None else None
    session.add(link)
    session.flush()
    _announce_link(session, site.id, gauge.id, user.id, before=before, after=audit.snapshot(link))
    return link


def _announce_link(
    session: Session, site_id: int, gauge_id: int, user_id: int | None, *, before=None, after=None
):
    """Devices re-pull the site (its rain and due items) and the gauge (the offline reading form lists it);
    the gauge event carries the site so a permittee of that site receives it."""
    audit.record(
        session,
        entity="site",
        entity_id=site_id,
        action="packet",
        user_id=user_id,
        before=before,
        after=after or {"gauge_id": gauge_id},
        site_id=site_id,
    )
    audit.record(
        session,
        entity="rain_gauge",
        entity_id=gauge_id,
        action="link",
        user_id=user_id,
        after={"site_id": site_id},
        site_id=site_id,
    )
