"""Everything the office site page shows, read in one call (`read`): the status at a glance, what is
due, the permits with their clocks, stop-work orders, the public records switch, unresolved findings,
the rain gauge and chart, and the timeline. Each question is asked once and its answer shared by the
sections that show it (the due list, the findings, the orders, the gauge). Reads only: a page never
writes (docs/layers.md)."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache, partial
from typing import NamedTuple

from sqlalchemy import and_, bindparam, func, literal, or_
from sqlalchemy.orm import joinedload
from sqlmodel import Session, select

from .. import charts
from ..models import (
    Answer,
    ControlMeasureNotice,
    ControlPlanDocument,
    Finding,
    Inspection,
    Permit,
    Photo,
    PublicRecords,
    RainEvent,
    RainGauge,
    Site,
    SiteGauge,
    StopWorkOrder,
    User,
)
from ..rules.rulebook import Rulebook
from . import (
    enforcement,
    findings,
    permit_clocks,
    permits,
    public_records,
    rain,
    rain_gauge_readers,
    read_rows,
    schedule,
    sites,
    stop_work_status,
)
from .inspection_report import after_the_visit
from .inspections import kinds_for

TIMELINE_DAYS = 42


class Thumb(NamedTuple):
    """A photo the timeline shows as a thumbnail."""

    id: str


def read(session: Session, site: Site, user: User, now: datetime, rb: Rulebook) -> dict:
    """The page's sections, for a user who may see the site (the caller checked)."""
    q = _read_statements()
    one_site = {"site_id": site.id}
    site_permits, docs = permits_and_documents(session, site.id)
    current = max(site_permits, key=permits.current_key) if site_permits else None
    gauges, link = gauges_and_link(session, site.id)
    linked, nearest = site_gauge(session, site, link, gauges, rb)
    # The schedule takes the permit and gauge read here instead of reading them again.
    every = schedule.due_items_many(
        session,
        [site],
        now,
        rb,
        permits={site.id: current} if current else {},
        site_gauges={site.id: linked} if linked else {},
    )[site.id]
    since = now - timedelta(days=TIMELINE_DAYS)
    unresolved, recent_findings = site_findings(session, site.id, since)
    orders = list(read_rows(session, q["orders"], one_site))  # as stop_work_status.orders_for_sites
    stop = stop_work_status.public_status(stop_work_status.status_of(site.id, orders, now), user)
    shown = orders_shown(orders, user)
    return {
        "view": sites.ordinance_view(site, rb),
        "overview": overview(every, unresolved, stop, current, user, now, rb),
        "permits": [
            (p, permit_clocks.clocks_view(session, p, site, rb, now, docs=docs.get(p.id, [])))
            for p in permits_shown(site_permits, user)
        ],
        "readings": recorded_readings(session, site, rb),
        "orders": orders_section(shown, stop),
        "public": public_section(session, site, user),
        "findings": {
            "rows": unresolved,
            "overdue": {f.id for f in unresolved if findings.is_overdue(f, now)},
        },
        "rain": {
            **rain_section(session, site, now, rb, every, link, gauges, linked, nearest, current),
            **gauge_notes(session, user, rb, site_permits, gauges, linked, nearest),
        },
        "timeline": timeline(session, site, now, rb, shown, site_permits, link, recent_findings),
    }


@lru_cache(maxsize=1)
def _read_statements() -> dict:
    """The page's own statements, built once with bound parameters (as the timeline's): building
    and keying a statement costs more CPU than SQLite spends running these."""
    site_id = bindparam("site_id")
    return {
        # The site's permits, newest first, each with its one company and its plan documents (a
        # row per document) in the same read.
        "permits": select(Permit, ControlPlanDocument)
        .outerjoin(ControlPlanDocument, ControlPlanDocument.permit_id == Permit.id)
        .options(joinedload(Permit.company))
        .where(Permit.site_id == site_id)
        .order_by(Permit.created_at.desc(), Permit.id.desc(), ControlPlanDocument.uploaded_at),
        # The unresolved findings and the timeline's, in one read: the site's findings unresolved
        # or made since the timeline's start (the statuses as bound constants: a list to expand
        # into the statement would be rebuilt on every run). Rows of columns: only shown.
        "findings": select(*Finding.__table__.columns).where(
            Finding.site_id == site_id,
            or_(
                Finding.status.in_([literal(x) for x in findings.UNRESOLVED]),
                Finding.created_at >= bindparam("since"),
            ),
        ),
        "public": select(*PublicRecords.__table__.columns).where(PublicRecords.site_id == site_id),
        # Every gauge, with the site's link beside the gauge it names: one read for both. Rows of
        # columns: a Village may have a gauge per site, and the page only shows and ranks them.
        "gauges": select(
            *RainGauge.__table__.columns,
            SiteGauge.site_id.label("link_site_id"),
            SiteGauge.chosen_by.label("link_chosen_by"),
            SiteGauge.distance_mi.label("link_distance_mi"),
        ).outerjoin(
            SiteGauge, and_(SiteGauge.gauge_id == RainGauge.id, SiteGauge.site_id == site_id)
        ),
        "orders": select(*StopWorkOrder.__table__.columns)  # rows of columns: only shown
        .where(StopWorkOrder.site_id == site_id)
        .order_by(StopWorkOrder.proposed_at.desc()),
    }


def _site_permit_ids(site_id):
    return select(Permit.id).where(Permit.site_id == site_id).scalar_subquery()


def site_findings(session: Session, site_id: int, since: datetime) -> tuple[list, list]:
    """The site's unresolved findings, newest first (as findings.for_sites), and those made since
    `since` (the timeline's)."""
    rows = list(
        read_rows(session, _read_statements()["findings"], {"site_id": site_id, "since": since})
    )
    unresolved = [f for f in rows if f.status in findings.UNRESOLVED]
    unresolved.sort(key=lambda f: f.created_at, reverse=True)
    return unresolved, [f for f in rows if f.created_at >= since]


class GaugeLink(NamedTuple):
    """The site's stored link to a gauge (SiteGauge), as the page shows it."""

    gauge_id: int
    chosen_by: int | None
    distance_mi: float | None


def gauges_and_link(session: Session, site_id: int) -> tuple[list, GaugeLink | None]:
    """Every gauge (as rain.all_gauges, rows with a RainGauge's columns) and the site's stored
    link to one (None: not linked)."""
    gauges, link = [], None
    for row in read_rows(session, _read_statements()["gauges"], {"site_id": site_id}):
        gauges.append(row)
        if row.link_site_id is not None:
            link = GaugeLink(row.id, row.link_chosen_by, row.link_distance_mi)
    return gauges, link


def permits_and_documents(session: Session, site_id: int) -> tuple[list, dict[int, list]]:
    """The site's permits, newest first (the first is permits.current_permit's), and their plan
    documents by permit, in the order they were uploaded."""
    site_permits: dict[int, Permit] = {}
    docs: dict[int, list] = {}
    for permit, doc in session.execute(_read_statements()["permits"], {"site_id": site_id}):
        site_permits.setdefault(permit.id, permit)
        if doc is not None:
            docs.setdefault(permit.id, []).append(doc)
    return list(site_permits.values()), docs


def permits_shown(site_permits: list[Permit], user: User) -> list[Permit]:
    """The site's permits this person may see: staff every one; a permittee its company's only
    (another company's application, denied or taken over, is refused on its own page as well)."""
    if user.role != "permittee":
        return site_permits
    return [p for p in site_permits if p.company_id == user.company_id]


def start_for(due: list[dict], user: User) -> dict:
    """The inspection to start: the most urgent due one this person may record (overdue first),
    else their own kind (the Village's inspection for staff, the weekly one for a permittee)."""
    may = kinds_for(user)
    for item in due:
        if item["kind"] in may:
            return {"kind": item["kind"], "rain_event_id": item["rain_event_id"]}
    return {"kind": "village" if "village" in may else "weekly", "rain_event_id": None}


def overview(every, unresolved, stop, permit, user, now, rb) -> dict:
    """The status at a glance: permit, stop-work order, what is overdue, and what is due."""
    due = [d for d in every if d["state"] != "not_active"]
    due.sort(key=lambda d: (d["state"] != "overdue", schedule.due_key(d)))
    return {
        "permit": permit,
        "stop_work": stop,
        "due": due,
        "not_active": [d for d in every if d["state"] == "not_active"],
        "overdue_inspections": sum(d["state"] == "overdue" for d in due),
        "open_findings": len(unresolved),
        "overdue_findings": sum(findings.is_overdue(f, now, rb) for f in unresolved),
        "start": start_for(due, user),
    }


def orders_shown(orders, user) -> list:
    """The orders this person may see: a permittee not the Village's internal proposals (nor
    their dismissal or withdrawal), as enforcement.get_visible_order. Every section that lists
    orders takes these."""
    if user.role == "permittee":
        return [o for o in orders if o.status not in enforcement.INTERNAL_STATUSES]
    return orders


def orders_section(orders, stop) -> dict:
    """`orders`: orders_shown's."""
    return {
        "orders": orders,
        "entry": stop,
        "current": next((o for o in orders if o.id == stop["order_id"]), None),
    }


def public_section(session, site, user) -> dict:
    # public_records.state's record, as a row of columns: the page only shows it.
    row = read_rows(session, _read_statements()["public"], {"site_id": site.id}).first()
    names = {}
    if row is not None:
        ids = {row.turned_on_by, row.turned_off_by, row.dnr_told_by} - {None}
        names = {u.id: u.name for u in (session.get(User, i) for i in ids) if u}
    return {
        "row": row,
        "names": names,
        "may_manage": public_records.may_manage(session, user, site),
    }


def site_gauge(session, site, link, gauges, rb) -> tuple:
    """The gauge that stands for the site (its link, else the nearest within the radius, as
    rain.gauges_for_sites reads it) and the nearest gauge with its distance."""
    nearest = rain.nearest_gauge(session, site, gauges=gauges)
    if link is not None:
        linked = next((g for g in gauges if g.id == link.gauge_id), None)
    else:
        near = nearest is not None and nearest[1] <= rb["rain.gauge_radius_mi"]
        linked = nearest[0] if near else None
    return linked, nearest


def rain_section(session, site, now, rb, every, link, gauges, linked, nearest, permit) -> dict:
    """The gauge that stands for the site, the 42-day chart and what is due."""
    return {
        "link": link,
        "gauge": linked,
        "gauges": sorted(gauges, key=lambda x: (x.name, x.id)),
        "svg": charts.site_timeline_svg(session, site, now, rb, gauge=linked, permit=permit),
        "due": every,
    }


def gauge_notes(session, user, rb, site_permits, gauges, linked, nearest) -> dict:
    """A nearer gauge than the site's, if there is one this person may be told of, and (for staff,
    who choose the site's gauge) who reads each on-site gauge and who could no longer record
    readings there if this site were linked to it. A permittee, who cannot switch gauges, is not
    pointed to an on-site gauge it does not see on /rain/: it could not read it, and its name may
    be another company's."""
    nearer = nearest if nearest and linked and nearest[0].id != linked.id else None
    if user.role == "permittee":
        if nearer and nearer[0].kind == "onsite":
            seen = {gauge.id for gauge in rain_gauge_readers.gauges_seen_by(session, user, rb)}
            nearer = nearer if nearer[0].id in seen else None
        return {"nearer": nearer, "costs": {}, "costly": []}
    held = [p for p in site_permits if p.status != "denied"]  # as sites._holder
    holder = max(held, key=permits.current_key).company_id if held else None
    costs = rain_gauge_readers.linking_costs(session, gauges, holder)
    # Not the gauge linked now: linking it again changes nothing.
    now_id = linked.id if linked is not None else None
    costly = [g for g in gauges if g.id in costs and costs[g.id]["lose"] and g.id != now_id]
    return {
        "nearer": nearer,
        "costs": costs,
        "costly": sorted(costly, key=lambda g: (g.name, g.id)),
    }


def recorded_readings(session, site, rb) -> list[dict]:
    """The readings a supervisor may record otherwise: words, value, who and when."""
    rows = [
        (
            "runoff_leaves_site",
            "Runoff leaves the site",
            rb["regime.runoff_citation"],
            rb["regime.runoff_words"],
            rb["regime.runoff_note"],
            True,
        ),
        (
            "dewatering_fines_only",
            "Dewatering water shown to hold no particles over 100 microns",
            rb["dewatering_exemption.citation"],
            rb["dewatering_exemption.words"],
            rb["dewatering_exemption.default_note"],
            site.has_dewatering,
        ),
        (
            "extraterritorial_exercised",
            "The Village exercises its extraterritorial option here",
            rb["applicability.extraterritorial_citation"],
            rb["applicability.extraterritorial_words"],
            rb["applicability.extraterritorial_silent_note"],
            site.extraterritorial,
        ),
    ]
    out = []
    for name, label, citation, words, note, shown in rows:
        if not shown:
            continue
        prefix = sites.READINGS[name]
        by = getattr(site, f"{prefix}_recorded_by")
        person = session.get(User, by) if by else None
        out.append(
            {
                "name": name,
                "label": label,
                "citation": citation,
                "words": words,
                "note": note,
                "value": getattr(site, name),
                "by": person.name if person else None,
                "at": getattr(site, f"{prefix}_recorded_at"),
            }
        )
    return out


@lru_cache(maxsize=1)
def _timeline_statements() -> dict:
    """The timeline's statements, built once with bound parameters: building and keying them each
    time cost more CPU than SQLite spends running them. They read the columns the timeline shows as
    rows, not whole records (no ORM objects to build for a list that is only read)."""
    site_id, since = bindparam("site_id"), bindparam("since")
    fails = (  # each inspection's failed items, counted in the same read
        select(func.count())
        .select_from(Answer)
        .where(Answer.inspection_id == Inspection.id, Answer.result == "fail")
        .correlate(Inspection)
        .scalar_subquery()
    )
    shown = (  # the period's last 60 inspections
        select(
            Inspection.id,
            Inspection.kind,
            Inspection.inspector_name,
            Inspection.started_at,
            Inspection.received_at,
            Inspection.inspected_on,
            fails.label("fails"),
        )
        .where(Inspection.site_id == site_id, Inspection.received_at >= bindparam("received"))
        .order_by(Inspection.inspected_on.desc())
        .limit(60)
        .subquery()
    )
    return {
        # Each with its photos in the same read: a row per photo (one with no photo for an
        # inspection without).
        "inspections": select(shown, Photo.id.label("photo_id"))
        .outerjoin(Photo, Photo.inspection_id == shown.c.id)
        .order_by(shown.c.inspected_on.desc()),
        "notices": select(
            ControlMeasureNotice.measure,
            ControlMeasureNotice.installed_on,
            ControlMeasureNotice.notified_at,
        ).where(
            ControlMeasureNotice.permit_id.in_(_site_permit_ids(site_id)),
            ControlMeasureNotice.notified_at >= since,
        ),
        "rain": select(RainEvent.total_in, RainEvent.end).where(
            RainEvent.gauge_id == bindparam("gauge_id"), RainEvent.end >= since
        ),
    }


def timeline(
    session, site, now, rb, orders, site_permits, link, recent_findings, days: int = TIMELINE_DAYS
) -> list:
    """Inspections (with their photos), findings (`recent_findings`: those made in the period),
    notices, orders (`orders`: those the reader may see, orders_shown's) and rain events of the
    last `days`, newest first."""
    since = now - timedelta(days=days)
    q = _timeline_statements()
    read = partial(read_rows, session)
    events: list[dict] = []
    inspected = {"site_id": site.id, "received": since}  # received in the period, however late
    recent: dict[str, object] = {}
    thumbs: dict[str, list] = {}
    for row in read(q["inspections"], inspected):
        recent.setdefault(row.id, row)
        if row.photo_id is not None:
            thumbs.setdefault(row.id, []).append(Thumb(row.photo_id))
    for i in recent.values():
        events.append(
            {
                "kind": "inspection",
                "at": i.started_at or i.received_at,
                "item": i,
                "photos": thumbs.get(i.id, [])[:6],
                "fails": i.fails,
                # Sent on a later day than the visit it reports: the weekly clock counts it from
                # the visit, so the Village sees that it came later (as the report says).
                "received_late": after_the_visit(i.inspected_on, i.received_at, rb),
            }
        )
    for f in recent_findings:
        events.append(
            {
                "kind": "finding",
                "at": f.created_at,
                "item": f,
                "overdue": findings.is_overdue(f, now),
            }
        )
    for o in orders:
        if o.proposed_at is not None and o.proposed_at >= since:
            events.append({"kind": "order", "at": o.issued_at or o.proposed_at, "item": o})
    if site_permits:
        for n in read(q["notices"], {"site_id": site.id, "since": since}):
            events.append({"kind": "notice", "at": n.notified_at, "item": n})
    if link is not None:
        for r in read(q["rain"], {"gauge_id": link.gauge_id, "since": since}):
            events.append({"kind": "rain", "at": r.end, "item": r})
    return sorted(events, key=lambda e: e["at"] or now, reverse=True)
