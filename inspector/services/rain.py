"""Rain records: gauges, the site each gauge stands for, readings (manual or imported), qualifying rains.

Every new reading re-evaluates its gauge's qualifying rains (`inspector.rules.rain`). A new or grown rain
writes an audit event `rain_event`, and one `site`/`packet` event for every site linked to the gauge, so
tablets re-pull those sites' due items. Readings are immutable: the same `source_key` again is a no-op.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from operator import attrgetter

from sqlmodel import Session, func, select

from ..imports import FileProblem, ParsedRow, RowIssue, cocorahs, ghcn, noaa
from ..models import (
    GAUGE_KINDS,
    AuditEvent,
    Company,
    RainEvent,
    RainGauge,
    RainReading,
    Site,
    SiteGauge,
    User,
)
from ..models.base import utcnow
from ..rules import clocks
from ..rules import rain as rain_rules
from ..rules.rulebook import Rulebook
from . import NotFound, ServiceError, audit, seals
from .sites import can_see_site, visible_sites_query

FORMATS = ("auto", "ghcn", "cocorahs")  # "ghcn", "auto": recognised from the file (imports/noaa.py)


def parse_file(
    data: bytes | str, fmt: str, units: str | None, rb: Rulebook, now: datetime
) -> tuple[noaa.Product, object]:
    """(which product the file was taken to be, its parsed rows). Raises FileProblem."""
    if fmt not in FORMATS:
        raise FileProblem("Choose the file's format: recognised from the file, NOAA, or CoCoRaHS.")
    if fmt == "cocorahs":
        product = noaa.Product(
            "cocorahs",
            "CoCoRaHS daily precipitation export (TotalPrecipAmt in inches)",
            1.0,
            "cocorahs",
        )
        return product, cocorahs.parse(data, rb, now)
    product, text = noaa.recognise(data, units)
    if product.key == "cocorahs" and fmt == "ghcn":
        raise FileProblem(
            "This is a CoCoRaHS export, not a NOAA file: choose CoCoRaHS, or let the "
            "app recognise the file."
        )
    if product.key == "cocorahs":
        return product, cocorahs.parse(text, rb, now)
    if product.key == "ghcnd_by_station":
        return product, ghcn.parse_by_station(text, rb, now, product.per_inch)
    return product, ghcn.parse(text, rb, now, product.per_inch)


EARTH_RADIUS_MI = 3958.8


def haversine_mi(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_MI * math.asin(math.sqrt(a))


# ---------------------------------------------------------------- gauges and site links


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
    gauge = _new_gauge(session, user_id, name, kind, station_code, **coords)
    if link_sites:  # False when several gauges are added at once: link once they are all there
        link_nearest(session, rb)
    return gauge


def _new_gauge(session, user_id, name, kind, station_code, *, latitude, longitude) -> RainGauge:
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


SHARED_GAUGE = (
    "This gauge also stands for other companies' sites: a reading from you would start "
    "their post-rain deadlines, so a permittee's reading counts only for its own sites. "
    "The Village records readings at this gauge; ask it for an on-site gauge of your own."
)


def gauges_for(session: Session, user: User) -> list[RainGauge]:
    """Gauges a user may record readings at: all for staff; for a permittee, those that stand only
    for its own sites. A reading counts for every site using its gauge, so a permittee's reading at
    a gauge that also stands for another company's site (or one nobody holds) would move their
    clocks."""
    query = select(RainGauge).order_by(RainGauge.name)
    if user.role != "permittee":
        return list(session.exec(query).all())
    visible = visible_sites_query(user).with_only_columns(Site.id)
    mine = select(SiteGauge.gauge_id).where(SiteGauge.site_id.in_(visible))
    linked = session.exec(query.where(RainGauge.id.in_(mine))).all()
    shared = shared_gauge_ids(session, user)
    return [g for g in linked if g.id not in shared]


def gauges_seen_by(session: Session, user: User, rb: Rulebook) -> list[RainGauge]:
    """Gauges a user may look at: all for staff; for a permittee, every gauge that stands for one of
    its sites, shared or not, since that gauge's rain starts the site's post-rain deadlines (it
    records readings only at gauges_for's)."""
    if user.role != "permittee":
        return all_gauges(session)
    mine = session.exec(visible_sites_query(user)).all()
    seen = {gauge.id: gauge for gauge in gauges_for_sites(session, list(mine), rb).values()}
    return sorted(seen.values(), key=lambda gauge: (gauge.name, gauge.id))


def readers_of(session: Session, gauge_ids: list[int], viewer: User) -> dict[int, list[str]]:
    """Who reads each gauge, from the readings taken at it by hand (RainReading.user_id): "the
    Village" for staff, the company's name for a permittee; the Village first, then by name. A
    permittee is told another company's name no more than its sites: "another company"."""
    if not gauge_ids:
        return {}
    rows = _hand_readers(session, gauge_ids)
    own = viewer.company.name if viewer.role == "permittee" and viewer.company else None
    found: dict[int, set[str]] = {}
    for gauge_id, role, _company_id, company in rows:
        who = _reader(role, company)
        if viewer.role == "permittee" and who not in ("the Village", own):
            who = "another company"
        found.setdefault(gauge_id, set()).add(who)
    return {
        gauge_id: sorted(names, key=lambda n: (n != "the Village", n == "another company", n))
        for gauge_id, names in found.items()
    }


def _reader(role: str, company: str | None) -> str:
    """Who a hand reading's author reads for: its company's name for a permittee, else "the
    Village" (staff)."""
    return company if role == "permittee" and company else "the Village"


def _hand_readers(session: Session, gauge_ids: list[int]) -> list:
    """(gauge id, role, company id, company name) of each person who read these gauges by hand."""
    return session.exec(
        select(RainReading.gauge_id, User.role, Company.id, Company.name)
        .join(User, User.id == RainReading.user_id)
        .join(Company, Company.id == User.company_id, isouter=True)
        .where(RainReading.gauge_id.in_(gauge_ids), RainReading.source.in_(HAND_READ))
        .distinct()
    ).all()


def linking_costs(session: Session, gauges: list, holder_id: int | None) -> dict[int, dict]:
    """For staff choosing a site's gauge: each on-site gauge read by hand, with who reads it ("the
    Village", company names) and the companies among them that could no longer record readings
    there once a site held by `holder_id` (None: no one) is linked to it: a permittee records only
    at a gauge that stands for its own sites alone (gauges_for), and that site's post-rain deadlines
    would run on the readings taken there."""
    ids = [gauge.id for gauge in gauges if gauge.kind == "onsite"]
    if not ids:
        return {}
    found: dict[int, dict] = {}
    for gauge_id, role, company_id, company in _hand_readers(session, ids):
        entry = found.setdefault(gauge_id, {"readers": set(), "lose": set()})
        who = _reader(role, company)
        entry["readers"].add(who)
        if company and who == company and company_id != holder_id:  # a permittee's company
            entry["lose"].add(company)
    return {
        gauge_id: {
            "readers": sorted(e["readers"], key=lambda n: (n != "the Village", n)),
            "lose": sorted(e["lose"]),
        }
        for gauge_id, e in found.items()
    }


def shared_gauge_ids(session: Session, user: User) -> set[int]:
    """Gauges that also stand for a site this permittee does not hold: linked to it, or (for a site
    not linked yet) its nearest gauge."""
    visible = visible_sites_query(user).with_only_columns(Site.id)
    others = select(SiteGauge.gauge_id).where(SiteGauge.site_id.not_in(visible))
    ids = set(session.exec(others).all())
    unlinked = session.exec(
        select(Site).where(Site.id.not_in(visible), Site.id.not_in(select(SiteGauge.site_id)))
    ).all()
    for site in unlinked:
        nearest = nearest_gauge(session, site)
        if nearest is not None:
            ids.add(nearest[0].id)
    return ids


# ---------------------------------------------------------------- readings and qualifying rains


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


def _stored_readings(session: Session, keys: list[str]) -> dict[str, RainReading]:
    """Readings already stored under these source keys, in a few queries (an import can have thousands)."""
    found: dict[str, RainReading] = {}
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        found.update(
            (r.source_key, r)
            for r in session.exec(
                select(RainReading).where(RainReading.source_key.in_(chunk))
            ).all()
        )
    return found


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


HAND_READ = ("manual", "onsite")  # the sources of readings a person took at the gauge


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


@dataclass
class ImportReport:
    format: str
    product: str = ""  # which product the file was taken to be, with its unit
    stored: int = 0
    unchanged: int = 0
    errors: list[RowIssue] = field(default_factory=list)
    skipped: list[RowIssue] = field(default_factory=list)
    notes: list[RowIssue] = field(default_factory=list)  # e.g. a new gauge made from the file
    new_gauges: list[str] = field(default_factory=list)
    rain_events: list[RainEvent] = field(default_factory=list)

    @property
    def rows_read(self) -> int:
        return self.stored + self.unchanged + len(self.errors) + len(self.skipped)

    def by_line(self) -> list[tuple[int, str, str]]:
        """Every remark in file order: (line, "error"|"note"|"skipped", reason)."""
        rows = [(i.line, "error", i.reason) for i in self.errors] + [
            (i.line, "note", i.reason) for i in self.notes
        ]
        return sorted(rows + [(i.line, "skipped", i.reason) for i in self.skipped])


def import_file(
    session: Session,
    data: bytes | str,
    fmt: str,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    units: str | None = None,
) -> ImportReport:
    """Import a NOAA daily precipitation file or a CoCoRaHS export, in inches whatever the file's
    unit (report.product says which product it was taken to be). Good rows are stored, bad rows
    reported with line numbers. `units`: what a Climate Data Online / Access Data Service export
    was requested in.

    A station not seen before becomes a gauge from the file's own station columns (reported as a note); a
    row of an unknown station without a location is reported as an error (it could not be placed).
    A row already imported is counted as unchanged; one that now says a different amount is reported and the
    stored reading kept (readings are never overwritten silently). Raises FileProblem for an unusable file.
    """
    product, parsed = parse_file(data, fmt, units, rb, now)
    fmt = product.source
    report = ImportReport(
        format=fmt, product=product.label, errors=list(parsed.errors), skipped=list(parsed.skipped)
    )
    gauges = {g.station_code: g for g in session.exec(select(RainGauge)).all()}
    stored = _stored_readings(session, [row.source_key for row in parsed.rows])
    seen: dict[str, ParsedRow] = {}
    earliest: dict[int, datetime] = {}
    fresh: list[RainReading] = []
    for row in parsed.rows:
        if row.source_key in seen:
            first = seen[row.source_key]
            if first.amount_in != row.amount_in:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Same station and day as line {first.line} with a "
                        "different amount: this line was not imported.",
                    )
                )
            else:
                report.unchanged += 1
            continue
        seen[row.source_key] = row
        gauge = gauges.get(row.station_code)
        if gauge is None:
            if row.latitude is None or row.longitude is None:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Unknown station {row.station_code} and the row has no "
                        "location: add the gauge first.",
                    )
                )
                continue
            gauge = _new_gauge(
                session,
                user_id,
                row.station_name,
                fmt,
                row.station_code,
                latitude=row.latitude,
                longitude=row.longitude,
            )
            gauges[row.station_code] = gauge
            report.new_gauges.append(row.station_code)
            report.notes.append(
                RowIssue(
                    row.line,
                    f"New gauge {row.station_code} ({row.station_name}) made from "
                    "the file's station columns.",
                )
            )
        existing = stored.get(row.source_key)
        if existing is not None:
            if round(existing.amount_in, 2) != row.amount_in or existing.trace != row.trace:
                report.errors.append(
                    RowIssue(
                        row.line,
                        f"Already imported as {existing.amount_in:.2f} in; the "
                        f"stored reading was kept (file says {row.amount_in:.2f}).",
                    )
                )
            else:
                report.unchanged += 1
            continue
        fresh.append(
            RainReading(
                gauge_id=gauge.id,
                user_id=user_id,
                period_start=row.period_start,
                period_end=row.period_end,
                amount_in=row.amount_in,
                trace=row.trace,
                source=fmt,
                source_key=row.source_key,
            )
        )
        report.stored += 1
        earliest[gauge.id] = min(earliest.get(gauge.id, row.period_start), row.period_start)
    _after_last_observation(session, fresh, fmt, rb)
    # One flush and one audit event for the whole file (thousands of rows): each reading keeps its own
    # provenance (source, source_key, user, recorded_at), and devices never pull imported readings.
    session.add_all(fresh)
    session.flush()
    seals.seal(session, "rain_reading", *fresh, at=now)
    if fresh:
        audit.record(
            session,
            entity="rain_import",
            entity_id=fmt,
            action="import",
            user_id=user_id,
            after={
                "format": fmt,
                "product": product.key,
                "stored": report.stored,
                "unchanged": report.unchanged,
                "errors": len(report.errors),
                "stations": sorted({r.source_key.split(":")[1] for r in fresh}),
                "first": min(r.period_start for r in fresh).isoformat(),
                "last": max(r.period_end for r in fresh).isoformat(),
            },
        )
    if report.new_gauges:
        link_nearest(session, rb)
    for gauge_id, since in earliest.items():
        report.rain_events += evaluate_gauge(session, gauge_id, rb, since=since)
    report.errors.sort(key=lambda issue: issue.line)
    return report


def _after_last_observation(session: Session, fresh: list, source: str, rb: Rulebook) -> None:
    """A day's reading starts no earlier than the same station's previous observation: the observer
    empties the gauge when reading it, so a reading at 06:30 after one at 07:00 the day before covers
    23.5 hours, not the 24 that overlap the day before's by half an hour (which would count the two
    as the same rain read twice and drop one day's rain). Readings less than
    rain.same_reading_minutes apart keep their periods, as hand readings do (manual_period_start)."""
    same = timedelta(minutes=rb["rain.same_reading_minutes"])
    by_gauge: dict[int, list] = {}
    for reading in fresh:
        by_gauge.setdefault(reading.gauge_id, []).append(reading)
    for gauge_id, readings in by_gauge.items():
        readings.sort(key=attrgetter("period_end"))
        ends = sorted(
            session.exec(
                select(RainReading.period_end).where(
                    RainReading.gauge_id == gauge_id,
                    RainReading.source == source,
                    RainReading.period_end > readings[0].period_start,
                    RainReading.period_end < readings[-1].period_end,
                )
            ).all()
        )
        for reading in readings:
            i = bisect.bisect_right(ends, reading.period_end - same)
            if i and ends[i - 1] > reading.period_start:  # the last observation inside its period
                reading.period_start = ends[i - 1]
            bisect.insort(ends, reading.period_end)


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
