"""What the stop-work rules read of a site (rules.SiteFacts): its current permit, newest visits with
their failed items and photos, first visit with disturbance, notices of completion, unresolved findings
and inspections due.

`gather_many` reads them for a batch of sites in a fixed number of queries, whatever the batch's size:
the clock tick evaluates every site, and ten queries a site made 1,000 sites take seconds
(bench/bench_tick.py). `gather` is the same for one site, so both read the same facts."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from sqlalchemy import func
from sqlmodel import Session, select

from ..models import Answer, Finding, Permit, Photo
from ..rules import applicability, calculators
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook
from . import permits, schedule, visits
from .findings import UNRESOLVED
from .permit_duration import closed_on as closing_days
from .permits import current_permits
from .sites import facts as coverage_facts


@lru_cache(maxsize=8)
def _recent_visits(depth: int):
    """Each site's `depth` newest visits, newest first (statement built once; see visits.by_site_ids).
    Visits, not inspections: a replaced inspection is read through its correction (services/visits.py)."""
    visit = visits.by_site_ids()
    rank = func.row_number().over(partition_by=visit.c.site_id, order_by=visits.newest_first(visit))
    ranked = select(
        visit.c.site_id,
        visit.c.id,
        visit.c.visit_id,
        visit.c.visit_on,
        visit.c.visit_started_at,
        visit.c.active_disturbance,
        visit.c.kind,
        rank.label("rank"),
    ).subquery()
    return (
        select(*list(ranked.c)[:7])
        .where(ranked.c.rank <= depth)
        .order_by(ranked.c.site_id, ranked.c.rank)
    )


@lru_cache(maxsize=1)
def _first_active_visits():
    """Each site's first visit with active disturbance since its current permit was issued."""
    visit = visits.by_site_ids()
    rank = func.row_number().over(
        partition_by=visit.c.site_id, order_by=(visit.c.visit_on, visit.c.visit_started_at)
    )
    # The site's current permit (as permits.current_permit picks it) in a scalar subquery: joined to the
    # permits instead, SQLite read the visits once per permit.
    issued_on = (
        select(Permit.issued_on)
        .where(Permit.site_id == visit.c.site_id)
        .order_by(*(column.desc() for column in permits.CURRENT_LAST))
        .limit(1)
        .scalar_subquery()
    )
    ranked = (
        select(
            visit.c.site_id,
            visit.c.id,
            visit.c.visit_id,
            visit.c.visit_on,
            visit.c.visit_started_at,
            rank.label("rank"),
        )
        .where(
            visit.c.active_disturbance == True,  # noqa: E712
            visit.c.visit_on >= issued_on,
        )
        .subquery()
    )
    return select(*list(ranked.c)[:5]).where(ranked.c.rank == 1)


def _properly_sized(calculation, rb: Rulebook) -> bool:
    """The failure was answered with a calculation showing the device meets the standard (re-run)."""
    if not isinstance(calculation, dict) or calculation.get("name") != "dewatering":
        return False
    try:
        return calculators.run("dewatering", calculation.get("inputs") or {}, rb)["passes"] is True
    except calculators.CalculatorInputError:
        return False


def _failed_and_photos(session: Session, ids: list[str], rb: Rulebook) -> tuple[dict, dict]:
    failed: dict[str, set[str]] = {i: set() for i in ids}
    photo_ids: dict[str, list[str]] = {i: [] for i in ids}
    if not ids:
        return failed, photo_ids
    sized = {i["code"] for i in rb["checklist.items"] if i.get("sized_device_not_a_violation")}
    for inspection_id, code, calculation in session.exec(
        select(Answer.inspection_id, Answer.item_code, Answer.calculator).where(
            Answer.inspection_id.in_(ids), Answer.result == "fail"
        )
    ):
        if code in sized and _properly_sized(calculation, rb):
            continue  # § 256-7B(1)(b): visible particulate from a sized device is no violation
        failed[inspection_id].add(code)
    for photo_id, inspection_id in session.exec(
        select(Photo.id, Photo.inspection_id).where(Photo.inspection_id.in_(ids))
    ):
        photo_ids[inspection_id].append(photo_id)
    return failed, photo_ids


def _due_fact(d: dict) -> rules.DueFact:
    return rules.DueFact(
        kind=d["kind"],
        state=d["state"],
        due_at=d["due_at"].replace(tzinfo=None) if d.get("due_at") else None,  # naive UTC
        citation=d.get("citation", ""),
        label=d.get("label", ""),
        rain_event_id=d.get("rain_event_id"),
    )


def gather_many(
    session: Session,
    sites: list,
    now: datetime,
    rb: Rulebook,
    *,
    permits: dict[int, Permit] | None = None,
    due: dict[int, list[dict]] | None = None,
) -> dict[int, rules.SiteFacts]:
    """Facts of every site in `sites`, by site id. `permits`: permits.current_permits of these sites and
    `due`: schedule.due_items_many, when the caller has read them."""
    ids = [s.id for s in sites]
    if not ids:
        return {}
    if permits is None:
        permits = current_permits(session, ids)
    if due is None:
        due = schedule.due_items_many(session, sites, now, rb, permits=permits)
    depth = max(rb["stop_work.repeat_critical_failures"], 1)
    site_param = {visits.SITE_IDS: ids}
    recent: dict[int, list] = {sid: [] for sid in ids}
    for row in session.exec(_recent_visits(depth), params=site_param):
        recent[row[0]].append(row[1:])
    failed, photo_ids = _failed_and_photos(
        session, [row[0] for rows in recent.values() for row in rows], rb
    )
    issued = [p.id for p in permits.values() if p.issued_on is not None]
    first: dict[int, tuple] = {}
    if issued:
        first = {row[0]: row[1:] for row in session.exec(_first_active_visits(), params=site_param)}
    closed_on = closing_days(session, list(permits.values()), rb)
    findings: dict[int, list] = {sid: [] for sid in ids}
    for f in session.exec(
        select(Finding).where(Finding.site_id.in_(ids), Finding.status.in_(UNRESOLVED))
    ):
        findings[f.site_id].append(
            rules.FindingFact(
                id=f.id,
                item_code=f.item_code,
                severity=f.severity,
                status=f.status,
                due_at=f.due_at,
            )
        )
    out = {}
    for site in sites:
        sid = site.id
        permit = permits.get(sid)
        coverage = applicability.ordinance_applies(coverage_facts(site), rb)
        first_active = None
        if permit is not None and sid in first:
            iid, visit_id, day, start = first[sid]
            first_active = rules.InspectionFact(
                id=iid, visit=visit_id, at=visits.moment(day, start, rb), active_disturbance=True
            )
        out[sid] = rules.SiteFacts(
            permit_id=permit.id if permit else None,
            permit_status=permit.status if permit else None,
            permit_issued_on=permit.issued_on if permit else None,
            permit_expires_on=permit.expires_on if permit else None,
            permit_closed_on=closed_on.get(permit.id) if permit else None,
            commencement_notified_at=permit.commencement_notified_at if permit else None,
            inspections=tuple(
                rules.InspectionFact(
                    id=iid,
                    visit=visit_id,
                    at=visits.moment(day, start, rb),
                    active_disturbance=active,
                    failed=frozenset(failed[iid]),
                    photo_ids=tuple(photo_ids[iid]),
                    kind=kind,
                )
                for iid, visit_id, day, start, active, kind in recent[sid]
            ),
            first_active_inspection=first_active,
            findings=tuple(findings[sid]),
            due=tuple(_due_fact(d) for d in due.get(sid, [])),
            unregulated="" if coverage.applies else f"{coverage.reason} ({coverage.citation})",
        )
    return out


def gather(
    session: Session, site, now: datetime, rb: Rulebook, due: list[dict] | None = None
) -> rules.SiteFacts:
    """The facts of one site (what the tick reads of it in gather_many)."""
    return gather_many(session, [site], now, rb, due=None if due is None else {site.id: due})[
        site.id
    ]
