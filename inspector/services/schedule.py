"""What inspection is due at each site, and when (§ 256-8D(3)(g)): weekly, and after each qualifying rain.

Weekly: due `clocks.weekly_inspection.days` after the permittee's last weekly or post-rain inspection
(the Village's own inspections do not count: the rulebook's counted_note), or after the permit's issue
day when there has been none. Exactly 7 days
later is still "due"; a minute more is "overdue".

Post-rain: see `inspector.rules.rain` for how rains become obligations. Each rain has its own item,
due `deadline_hours` after it ended (rulebook `each_rain_note`, said with every post-rain item). Only rain
that ended after the last inspection can be unanswered, so this module reads just that.

A site whose permit is not active (none, not issued yet, not started, expired, revoked, closed) gets one
`not_active` item saying why: never "overdue". A permit suspended by a stop-work order keeps its schedule:
the order stops construction, not the upkeep of the erosion controls (`SUSPENDED_NOTE`).

Every item: {"kind", "due_at" (a timezone-aware UTC datetime to the second, or None), "state":
"due"|"overdue"|"not_active", "label", "citation", "rain_event_id", "note", "why"}. It is written as
text only where it leaves: the sync pull's model (sync/schemas/records.py `DueItem`, "…Z"), the pages'
`local` and `wire` filters, a reminder's words and key. "note" is the explanation in full; "why" is the
same in parts (`Why`), so a page can say each general sentence once and keep on the item only what
is its own (/calendar) without reading it back out of the note.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import NamedTuple

from sqlalchemy import bindparam, case, func, literal_column, union_all
from sqlmodel import Session, select

from ..models import Inspection, Permit, RainEvent, RainGauge
from ..rules import clocks
from ..rules import rain as rain_rules
from ..rules.rulebook import Rulebook
from . import read_rows, visits
from .permits import IN_FORCE, UNDECIDED, current_permits
from .rain import gauges_for_sites

# A stop-work order suspends the permit's construction, not § 256-8D(3)(g)'s inspections and repairs:
# sediment leaving a stopped site harms the same waters (protective reading, shown with every item).
SCHEDULED = IN_FORCE
SUSPENDED_NOTE = (
    "The permit is suspended by a stop-work order. The order stops construction, not the "
    "maintenance of erosion controls: weekly and post-rain inspections and repairs keep their "
    "deadlines while it is in force."
)
SUSPENDED_FACT = "Permit suspended: still due"
# The general sentences of the items' notes (post-rain's own comes from the rulebook: rain_source).
NONE_YET = "No inspection under this permit yet: counted from the day the permit was issued."
NOT_STARTED = (
    "Land disturbance is not reported as started; the ordinance does not pause inspections until "
    "then, so the app takes the protective reading and counts from the issue day."
)


class Why(NamedTuple):
    """A part of a due item's note. `key` names the reason it gives ("weekly", "post_rain",
    "not_started", "suspended": /calendar's "Why these are due" entries);
    `general` is said alike of every item it applies to; `own` opens it in the note with what is
    this item's alone, and `fact` says that shortly in a list (None: nothing of its own)."""

    key: str
    general: str
    own: str = ""
    fact: str | None = None


def rain_source(rb: Rulebook) -> str:
    c = rb["clocks.post_rain_inspection"]
    return f"{c['silent_note']} Source: {c['deadline_source']}. {c['each_rain_note']}"


def general_sentences(rb: Rulebook) -> list[tuple[str, str]]:
    """Every (key, general sentence) a note can hold, in the order a page explains them."""
    return [
        ("suspended", SUSPENDED_NOTE),
        ("post_rain", rain_source(rb)),
        ("weekly", counted_note(rb)),
        ("weekly", NONE_YET),
        ("not_started", NOT_STARTED),
    ]


def note_of(why: list[Why]) -> str | None:
    """The note in full: each part's own words, then its general sentence."""
    return " ".join([w.own + w.general for w in why]) or None


# The permittee's duty (§ 256-8D(3)(g)): only its weekly and post-rain inspections count toward the
# cadence and the rain; the Village's own inspections and follow-ups do not (rulebook counted_note).
COUNTED_KINDS = clocks.DUTY_KINDS


def counted_note(rb: Rulebook) -> str:
    return rb["clocks.weekly_inspection.counted_note"]


def inspection_moment(inspection: Inspection | LastInspection, rb: Rulebook) -> datetime:
    """When an inspection happened: its start, or (no time recorded) the start of its local day, the
    earlier and so the protective reading."""
    if inspection.started_at:
        return inspection.started_at
    return clocks.from_local(datetime.combine(inspection.inspected_on, time.min), rb)


def last_inspection(session: Session, site_id: int) -> LastInspection | None:
    """The site's most recent inspection that counts toward the permittee's duty (COUNTED_KINDS)."""
    return _latest_inspections(session, [site_id]).get(site_id)


class LastInspection(NamedTuple):
    """What the schedule reads of a site's last visit (pages list 1,000 sites: no ORM rows). `id` is the
    inspection that stands (a correction, when corrected); the day and start are the visit's own."""

    site_id: int
    id: str
    inspected_on: date
    started_at: datetime | None
    received_at: datetime
    by_village: bool


class Rain(NamedTuple):
    """What the schedule reads of a rain event (pages list 1,000 sites: no ORM rows)."""

    id: int
    gauge_id: int
    end: datetime
    total_in: float


def _latest_inspections(
    session: Session, site_ids, last_days: dict | None = None
) -> dict[int, LastInspection]:
    """The last visit of each site (`site_ids`: a list, or EVERY_SITE), in one statement built once
    whatever the number of sites; `last_days`, when given, receives each site's last inspection day
    of any kind (follow-ups, corrections and replaced ones included), read in the same pass. A
    replaced inspection does not count: its correction stands for the visit, dated as the visit was
    (see services/visits.py), so a correction typed days later neither restarts the weekly clock nor
    answers a later rain. Most sites have no correction: for them a visit is an inspection, and each
    site's latest day comes from the (site_id, inspected_on) index; only the sites with a correction
    go through the visits query, whose ranking of every inspection made the dashboard twice as
    slow."""
    every = site_ids is EVERY_SITE
    if not every and not site_ids:
        return {}
    if every:
        sites, params = "every", {}
    elif len(site_ids) == 1:  # a site's own page: a plain parameter, compiled once (db.read)
        sites, params = "one", {"site_id": next(iter(site_ids))}
    else:
        sites, params = "list", {"site_ids": list(site_ids)}
    out: dict[int, LastInspection] = {}
    days: dict = {}
    for site_id, any_day, *inspection, visit in read_rows(session, _last_visits_of(sites), params):
        if visit:  # the standing visit of a site with a correction
            out[site_id] = LastInspection(site_id, *inspection)
            continue
        days[site_id] = any_day
        if inspection[0] is None:  # no counted inspection, or the site's visits were corrected
            continue
        row = LastInspection(site_id, *inspection)
        best = out.get(site_id)
        # That day's inspections: the latest start wins, then the latest received.
        if best is None or (row.started_at or datetime.min, row.received_at) > (
            best.started_at or datetime.min,
            best.received_at,
        ):
            out[site_id] = row
    if last_days is not None:
        last_days.update(days)
    return out


# `site_ids` of a page that lists every site of the Village (staff): the reads filter no site.
EVERY_SITE = object()


@lru_cache(maxsize=3)
def _last_visits_of(sites: str):
    """The statement of _latest_inspections, for `sites`: "every" site, a "list" (an expanding
    `site_ids` parameter) or "one" (a `site_id` parameter): building it costs more CPU than SQLite
    spends running it for a page. Rows: (site_id, any_day, id, inspected_on, started_at,
    received_at, by_village, visit), `visit` 1 for a corrected site's standing visit, 0 for the
    other sites' latest counted day."""
    site_ids = {
        "every": None,
        "list": bindparam("site_ids", expanding=True),
        "one": bindparam("site_id"),
    }[sites]
    # A subquery in each place it is used: as one CTE, SQLite ran the page's read 4 times slower.
    corrected = _corrected_query(site_ids)
    latest = _latest_uncorrected_query(site_ids, corrected).add_columns(
        literal_column("0").label("visit")
    )
    standing = _last_visits(visits.visits(corrected)).add_columns(
        literal_column("1").label("visit")
    )
    return union_all(latest, standing)


def _among(column, site_ids):
    """`column` is one of `site_ids` (an expanding parameter) or is `site_ids` (a plain one)."""
    return column.in_(site_ids) if site_ids.expanding else column == site_ids


def _corrected_query(site_ids):
    """The sites with a corrected inspection (`site_ids`: a bound parameter, or None for every
    site), a site once per correction. Few inspections are corrections: ordered by replaces_id (no
    DISTINCT), SQLite walks that index instead of every inspection of the listed sites (0.05 ms,
    not 20, at 50,000 inspections)."""
    query = select(Inspection.site_id).where(Inspection.replaces_id.is_not(None))
    if site_ids is not None:
        query = query.where(_among(Inspection.site_id, site_ids))
    return query.order_by(Inspection.replaces_id)


def _latest_uncorrected_query(site_ids, corrected):
    """Per site (`site_ids` None: every site), its last inspection day of any kind and, joined, the
    inspections of its latest counted day; a site in `corrected` (a SELECT of site ids) or with no
    counted inspection keeps its day with no inspection. One walk of the (site_id, inspected_on,
    kind) index gives both days."""
    counted = Inspection.kind.in_(COUNTED_KINDS)
    days = select(
        Inspection.site_id,
        func.max(case((counted, Inspection.inspected_on))).label("day"),
        func.max(Inspection.inspected_on).label("any_day"),
    )
    if site_ids is not None:
        days = days.where(_among(Inspection.site_id, site_ids))
    days = days.group_by(Inspection.site_id).subquery()
    on = (Inspection.site_id == days.c.site_id) & (Inspection.inspected_on == days.c.day) & counted
    on = on & days.c.site_id.not_in(corrected)
    return (
        select(
            days.c.site_id,
            days.c.any_day,
            Inspection.id,
            Inspection.inspected_on,
            Inspection.started_at,
            Inspection.received_at,
            Inspection.by_village,
        )
        .select_from(days)
        .outerjoin(Inspection, on)
    )


def _last_visits(visit):
    """Each site's newest counted visit, in the columns of _latest_uncorrected_query (its any_day:
    the visit's day, unread)."""
    rank = (
        func.row_number()
        .over(partition_by=visit.c.site_id, order_by=visits.newest_first(visit))
        .label("rank")
    )
    ranked = (
        select(
            visit.c.site_id,
            visit.c.visit_on.label("any_day"),
            visit.c.id,
            visit.c.visit_on,
            visit.c.visit_started_at,
            visit.c.received_at,
            visit.c.by_village,
            rank,
        )
        .where(visit.c.kind.in_(COUNTED_KINDS))
        .subquery()
    )
    return select(*list(ranked.c)[:7]).where(ranked.c.rank == 1)


def permit_start(permit: Permit, rb: Rulebook) -> datetime:
    return clocks.from_local(datetime.combine(permit.issued_on, time.min), rb)


def permit_active_at(permit: Permit, moment: datetime, rb: Rulebook) -> bool:
    """Was the permit in force at `moment` (its issue day through its last valid day, local time)?"""
    day = clocks.to_local(moment, rb).date()
    return bool(
        permit.issued_on
        and permit.issued_on <= day
        and (permit.expires_on is None or day <= permit.expires_on)
    )


def not_active_reason(permit: Permit | None, today: date) -> str | None:
    """Why a site has no inspection schedule today, or None when its permit is active."""
    if permit is None:
        return "No permit: no inspection schedule."
    if permit.status in UNDECIDED:
        return "Permit not issued yet: inspections start when it is issued."
    if permit.status in SCHEDULED:
        if permit.issued_on and today < permit.issued_on:
            return f"Permit starts on {permit.issued_on.isoformat()}."
        if permit.expires_on and today > permit.expires_on:
            return f"Permit expired on {permit.expires_on.isoformat()}."
        return None
    if permit.status == "expired":
        return (
            f"Permit expired on {permit.expires_on.isoformat()}."
            if permit.expires_on
            else "Permit expired."
        )
    if permit.status == "closed":
        # The Village verified the site finally stabilized (permit_duration.close): nothing is due.
        return "Permit closed: the site is finally stabilized, so no inspections are due."
    return f"Permit {permit.status}: no inspection schedule while it is not in force."


def _state(due_at: datetime, now: datetime) -> str:
    return "overdue" if now > due_at else "due"


def _due(moment: datetime) -> datetime:
    """A due time as an item carries it: aware UTC, to the second, as pages and devices read it
    (the state was decided on the exact moment)."""
    return moment.replace(microsecond=0, tzinfo=UTC)


# Sorts an item with no due time (not active) first, as its empty text did.
NO_DUE = datetime.min.replace(tzinfo=UTC)


def due_key(item: dict) -> datetime:
    return item["due_at"] or NO_DUE


def _weekly(
    permit: Permit,
    last: Inspection | LastInspection | None,
    now: datetime,
    rb: Rulebook,
    start: datetime | None = None,
    moment: datetime | None = None,
) -> dict:
    """`start`, `moment`: the permit's start and inspection_moment(last), when the caller has them."""
    c = rb["clocks.weekly_inspection"]
    start = permit_start(permit, rb) if start is None else start
    if last is not None and moment is None:
        moment = inspection_moment(last, rb)
    local = None
    if last is not None and moment >= start:
        anchor, local = moment, clocks.to_local(moment, rb)
        who = "the Village for the permittee" if last.by_village else "the permittee"
        words = f"{local:{clocks.TIME_WORDS}}"  # "Dec 1, 7:00 AM CST"
        why = [
            Why(
                "weekly",
                counted_note(rb),
                f"Last inspection {words} by {who}; ",
                # The day alone, as the words open with it ("Dec 1"; a list shows the item's due
                # time beside it): one time formatted per site, not two, on a 1,000-site dashboard.
                f"Last inspected {words.partition(',')[0]} by {who}",
            )
        ]
    else:
        anchor = start
        why = [Why("weekly", NONE_YET, "", "No inspection yet under this permit")]
        if permit.commenced_at is None:
            why.append(
                Why("not_started", NOT_STARTED, "", "Land disturbance not reported as started")
            )
    due = clocks.weekly_due_at(anchor, rb, local)
    return {
        "kind": "weekly",
        "due_at": _due(due),
        "state": _state(due, now),
        "label": "Weekly inspection",
        "citation": c["citation"],
        "rain_event_id": None,
        "note": note_of(why),
        "why": why,
    }


def _post_rain(
    permit: Permit,
    last: Inspection | LastInspection | None,
    events: list[RainEvent | Rain],
    gauge: RainGauge | None,
    now: datetime,
    rb: Rulebook,
    since: datetime | None = None,
) -> list[dict]:
    """`since`: inspection_moment(last), when the caller has it."""
    if not events:
        return []
    c = rain_rules.settings(rb)
    if since is None and last is not None:
        since = inspection_moment(last, rb)
    pending = [e for e in events if since is None or e.end > since]
    inspected = [since] if since else []
    by_end = {e.end: e for e in pending}
    items = []
    for ob in rain_rules.obligations(
        list(by_end), inspected, rb, active=lambda m: permit_active_at(permit, m, rb)
    ):
        if ob.satisfied_at is not None:
            continue
        event = by_end[ob.rain_end]
        where = f" at {gauge.name}" if gauge else ""
        label = (
            f"Post-rain inspection: {event.total_in:.2f} in{where}, ended "
            f"{clocks.to_local(event.end, rb):{clocks.TIME_WORDS}}"
        )
        why = [Why("post_rain", rain_source(rb))]
        items.append(
            {
                "kind": "post_rain",
                "due_at": _due(ob.due_at),
                "state": _state(ob.due_at, now),
                "label": label,
                "citation": c["citation"],
                "rain_event_id": event.id,
                "note": note_of(why),
                "why": why,
            }
        )
    return items


@lru_cache(maxsize=1)
def _rain_after():
    """The rain of the gauges `gauge_ids` that ended after `after`, oldest first (built once)."""
    return (
        select(RainEvent.id, RainEvent.gauge_id, RainEvent.end, RainEvent.total_in)
        .where(
            RainEvent.gauge_id.in_(bindparam("gauge_ids", expanding=True)),
            RainEvent.end > bindparam("after"),
        )
        .order_by(RainEvent.end)
    )


def due_items_many(
    session: Session,
    sites: list,
    now: datetime,
    rb: Rulebook,
    permits: dict[int, Permit] | None = None,
    site_gauges: dict[int, RainGauge] | None = None,
    every_site: bool = False,
    last_days: dict | None = None,
) -> dict[int, list[dict]]:
    """Due items for many sites in a fixed number of queries. `permits`: permits.current_permits of these sites,
    `site_gauges`: rain.gauges_for_sites() of them, when the caller has already read them; `every_site`:
    `sites` are all the Village's sites (a staff page), so the reads need no list of their ids;
    `last_days`: a dict to receive each site's last inspection day of any kind (the dashboard's "Last
    inspected"), read with the schedule's own."""
    site_ids = [s.id for s in sites]
    if not site_ids:
        return {}
    today = clocks.to_local(now, rb).date()
    if permits is None:
        permits = current_permits(session, site_ids)
    latest = _latest_inspections(session, EVERY_SITE if every_site else site_ids, last_days)
    if site_gauges is None:
        site_gauges = gauges_for_sites(session, sites, rb, every_site=every_site)
    links = {sid: gauge.id for sid, gauge in site_gauges.items()}
    gauges = {gauge.id: gauge for gauge in site_gauges.values()}
    # Only rain after the earliest anchor (last inspection or permit start) can still be unanswered.
    anchors = []
    moments = {sid: inspection_moment(last, rb) for sid, last in latest.items()}
    starts: dict[int, datetime] = {}  # each permit's start, converted from local time once
    start_of_day: dict[date, datetime] = {}  # permits issued the same day start at the same moment
    for sid in site_ids:
        permit = permits.get(sid)
        if permit and permit.issued_on:
            start = start_of_day.get(permit.issued_on)
            if start is None:
                start = start_of_day[permit.issued_on] = permit_start(permit, rb)
            starts[sid] = start
            moment = moments.get(sid)
            anchors.append(start if moment is None or moment < start else moment)
    events_by_gauge: dict[int, list[Rain]] = {}
    if links and anchors:
        params = {"gauge_ids": list(set(links.values())), "after": min(anchors)}
        for event in map(Rain._make, read_rows(session, _rain_after(), params)):
            events_by_gauge.setdefault(event.gauge_id, []).append(event)
    out: dict[int, list[dict]] = {}
    for sid in site_ids:
        permit = permits.get(sid)
        reason = not_active_reason(permit, today)
        if reason:
            out[sid] = [
                {
                    "kind": "weekly",
                    "due_at": None,
                    "state": "not_active",
                    "label": reason,
                    "citation": rb["clocks.weekly_inspection.citation"],
                    "rain_event_id": None,
                    "note": None,
                    "why": [],
                }
            ]
            continue
        gauge_id = links.get(sid)
        last, moment = latest.get(sid), moments.get(sid)
        items = [_weekly(permit, last, now, rb, starts.get(sid), moment)]
        items += _post_rain(
            permit,
            last,
            events_by_gauge.get(gauge_id, []),
            gauges.get(gauge_id),
            now,
            rb,
            moment,
        )
        if permit.status == "suspended":
            for item in items:
                item["why"] = [Why("suspended", SUSPENDED_NOTE, "", SUSPENDED_FACT), *item["why"]]
                item["note"] = note_of(item["why"])
        out[sid] = sorted(items, key=due_key) if len(items) > 1 else items
    return out


def due_items(session: Session, site, now: datetime, rb: Rulebook) -> list[dict]:
    return due_items_many(session, [site], now, rb)[site.id]


def window(items: list[dict], now: datetime, rb: Rulebook, days: int = 7) -> dict[str, list[dict]]:
    """Split due items into overdue / today / this week / later by the local calendar (for /calendar)."""
    today = clocks.to_local(now, rb).date()
    groups: dict[str, list[dict]] = {
        "overdue": [],
        "today": [],
        "week": [],
        "later": [],
        "not_active": [],
    }
    for item in items:
        if item["state"] == "not_active":
            groups["not_active"].append(item)
            continue
        if item["state"] == "overdue":
            groups["overdue"].append(item)
            continue
        # A deadline at midnight is the end of the day before: the work is due that day.
        day = clocks.last_local_day(item["due_at"], rb)
        groups[
            "today" if day <= today else "week" if day <= today + timedelta(days=days) else "later"
        ].append(item)
    return groups
