"""Visits: the inspections that stand for a site's visits, as the schedule and enforcement count them.

A correction is a new inspection naming the one it replaces (replaces_id). Once replaced, an inspection no
longer counts: its correction stands for the visit instead, with the correction's answers, kind and
disturbance. The visit keeps the day and time of the inspection first recorded, though. The capture page
copies the original's date and times into a correction, but a device of before that change (or a hand
edit) dates a correction by when it was typed; dating the visit by the correction would let a correction
typed days later restart the weekly clock or answer a rain that fell after the visit (the protective
reading: a correction changes what was found, not when the site was seen).

All of it is SQL (a NOT IN over the sites' corrections, see not_replaced, and a recursive walk from each standing
correction back to the first record of its visit, A <- B <- C): one query whatever the number of sites.
"""

from __future__ import annotations

from datetime import date, datetime, time
from functools import lru_cache

from sqlalchemy import and_, bindparam, literal, select, union_all
from sqlalchemy.orm import aliased

from ..models import Inspection
from ..rules import clocks
from ..rules.rulebook import Rulebook

MAX_CHAIN = 50  # corrections of corrections; a guard, never reached in practice


def _sites(table, site_ids):
    """`site_ids`: one id, a list of ids, a SELECT of ids, or an expanding bind parameter."""
    return table.site_id == site_ids if isinstance(site_ids, int) else table.site_id.in_(site_ids)


def not_replaced(table, site_ids):
    """True for an inspection no other inspection replaces. A correction is always of the same site, so the
    corrections are looked up once per query among the sites' own inspections: a correlated NOT EXISTS on
    replaces_id is what the planner turns into a full scan per row once ANALYZE has seen a column that is
    nearly all NULL (the bench's 50,000 inspections took minutes)."""
    later = aliased(Inspection)
    return table.id.not_in(
        select(later.replaces_id).where(_sites(later, site_ids), later.replaces_id.is_not(None))
    )


def visits(site_ids):
    """A subquery of the standing inspections of these sites, one row per visit:
    id (the standing inspection: its answers count), visit_id (the inspection first recorded for the visit;
    the same as id unless corrected), site_id, kind, by_village, active_disturbance, received_at,
    visit_on and visit_started_at (the first record's date and start)."""
    original = aliased(Inspection)
    plain = select(
        original.id,
        original.id.label("visit_id"),
        original.site_id,
        original.kind,
        original.by_village,
        original.active_disturbance,
        original.received_at,
        original.inspected_on.label("visit_on"),
        original.started_at.label("visit_started_at"),
    ).where(
        _sites(original, site_ids), original.replaces_id.is_(None), not_replaced(original, site_ids)
    )
    head = aliased(Inspection)
    chain = (
        select(head.id.label("head"), head.replaces_id.label("up"), literal(0).label("depth"))
        .where(_sites(head, site_ids), head.replaces_id.is_not(None), not_replaced(head, site_ids))
        .cte("correction_chain", recursive=True)
    )
    step = aliased(Inspection)
    chain = chain.union_all(
        select(chain.c.head, step.replaces_id, chain.c.depth + 1)
        .join(step, step.id == chain.c.up)
        .where(step.replaces_id.is_not(None), chain.c.depth < MAX_CHAIN)
    )
    standing, first = aliased(Inspection), aliased(Inspection)
    corrected = (
        select(
            standing.id,
            first.id.label("visit_id"),
            standing.site_id,
            standing.kind,
            standing.by_village,
            standing.active_disturbance,
            standing.received_at,
            first.inspected_on.label("visit_on"),
            first.started_at.label("visit_started_at"),
        )
        .select_from(chain)
        .join(standing, standing.id == chain.c.head)
        .join(first, and_(first.id == chain.c.up, first.replaces_id.is_(None)))
    )
    return union_all(plain, corrected).subquery("visit")


SITE_IDS = "visit_site_ids"


@lru_cache(maxsize=1)
def by_site_ids():
    """visits() over the sites named at execution, `params={SITE_IDS: [ids]}`. Built once: building this
    statement is ~30 ms of SQLAlchemy work (aliases, a recursive CTE), running it under 1 ms for a site, and
    the clock tick runs it for every site."""
    return visits(bindparam(SITE_IDS, expanding=True))


def newest_first(visit):
    """Order of a site's visits, newest first (no start time sorts as the earliest of its day)."""
    return (visit.c.visit_on.desc(), visit.c.visit_started_at.desc(), visit.c.received_at.desc())


def moment(visit_on: date, visit_started_at: datetime | None, rb: Rulebook) -> datetime:
    """When the visit happened: its start, or (no time recorded) the start of its local day, the earlier
    and so the protective reading."""
    if visit_started_at:
        return visit_started_at
    return clocks.from_local(datetime.combine(visit_on, time.min), rb)
