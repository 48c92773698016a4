"""Stop-work orders the rules propose (§ 256-10A): as evidence arrives (a push evaluates its sites)
and as time passes (the clock tick evaluates every site). One proposal per site awaits a supervisor:
new evidence joins it, and a ground that rested only on findings since withdrawn or closed lapses
from it. With stop_work.auto_issue a proposal is issued at once. Callers commit.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlmodel import Session, select

from ..models import Finding, Inspection, Permit, Site, StopWorkOrder
from ..models.enforcement import OPEN_STATUSES
from ..rules import clocks
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook
from . import audit, permits, seals, site_facts
from .enforcement import record_event, sentences
from .stop_work_issuing import put_in_force

ORDER_NAMESPACE = uuid.UUID("0f7e0c52-61a4-4d0b-a2a8-6f0d8f4b7a11")

# Sites the tick reads at a time: a fixed number of queries per batch, IN lists of bounded length.
TICK_BATCH = 250


def evaluate_site(
    session: Session, site: Site, now: datetime, rb: Rulebook, *, due: list[dict] | None = None
) -> list[StopWorkOrder]:
    """Propose a stop-work order for every ground that holds and has no open proposal or order yet.

    Idempotent: evidence already in any order of the site (including dismissed ones) never proposes again,
    and the proposal's id derives from its evidence, so two evaluations at once cannot make two orders.
    """
    permit = permits.current_permit(session, site.id)
    if permit is not None:
        permits.refresh_status(session, permit, clocks.to_local(now, rb).date())
    facts = site_facts.gather_many(
        session,
        [site],
        now,
        rb,
        permits={site.id: permit} if permit else {},
        due=None if due is None else {site.id: due},
    )[site.id]
    orders = list(session.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)))
    order = _proposal(session, site, permit, facts, orders, now, rb)
    if order is None:
        return []
    session.add(order)
    _record_proposal(session, order, now, rb)
    return [order]


def _proposal(
    session: Session,
    site: Site,
    permit: Permit | None,
    facts: rules.SiteFacts,
    orders: list[StopWorkOrder],
    now: datetime,
    rb: Rulebook,
) -> StopWorkOrder | None:
    """evaluate_site's decision on facts and orders already read (`orders`: every order of the site):
    lapsed grounds and new evidence are recorded here; a new proposal is returned, not yet stored."""
    _lapse_proposals(session, orders, {f.id for f in facts.findings}, now=now, rb=rb)
    triggers = rules.evaluate(facts, now, rb)
    if not triggers:
        return None
    seen = {key for o in orders for g in (o.grounds or []) for key in g.get("keys", [])}
    fresh = [t for t in triggers if any(k not in seen for k in t.keys)]
    pending = next((o for o in orders if o.status == "proposed"), None)
    if pending is not None and fresh:
        # One proposal per site awaits the supervisor: new evidence joins it instead of a second one.
        _add_to_proposal(session, pending, fresh, now=now, rb=rb)
        return None
    open_grounds = {
        g["ground"] for o in orders if o.status in OPEN_STATUSES for g in (o.grounds or [])
    }
    fresh = [t for t in fresh if t.ground not in open_grounds]
    if not fresh:
        return None
    grouped = rules.group(fresh, rb)
    keys = sorted(k for t in fresh for k in t.keys)
    order_id = str(uuid.uuid5(ORDER_NAMESPACE, f"{site.id}:{'|'.join(keys)}"))
    if any(o.id == order_id for o in orders):
        return None
    return StopWorkOrder(
        id=order_id,
        site_id=site.id,
        permit_id=permit.id if permit else None,
        status="proposed",
        source="rules",
        grounds=grouped.grounds,
        proposed_at=now,
        updated_at=now,
        evidence={
            "inspections": grouped.inspections,
            "findings": grouped.findings,
            "photos": grouped.photos,
        },
    )


def _record_proposal(session: Session, order: StopWorkOrder, now: datetime, rb: Rulebook) -> None:
    record_event(
        session,
        order,
        status="proposed",
        user_id=None,
        now=now,
        action="propose",
        note=sentences(g["reason"] for g in order.grounds),
    )
    if rb["stop_work.auto_issue"]:
        put_in_force(
            session,
            order,
            user_id=None,
            now=now,
            rb=rb,
            note="Issued automatically (stop_work.auto_issue)",
        )


def _add_to_proposal(
    session: Session,
    order: StopWorkOrder,
    triggers: list[rules.Trigger],
    *,
    now: datetime,
    rb: Rulebook,
) -> None:
    grouped = rules.group(triggers, rb)
    before = audit.snapshot(order)
    evidence = {k: list(v) for k, v in (order.evidence or {}).items()}
    for key, values in (
        ("inspections", grouped.inspections),
        ("findings", grouped.findings),
        ("photos", grouped.photos),
    ):
        target = evidence.setdefault(key, [])
        target.extend(v for v in values if v not in target)
    order.grounds = (
        list(order.grounds or []) + grouped.grounds
    )  # new lists: JSON columns track assignment
    order.evidence = evidence
    record_event(
        session,
        order,
        status="proposed",
        user_id=None,
        now=now,
        action="evidence",
        before=before,
        note=sentences(g["reason"] for g in grouped.grounds),
    )


def _lapse_proposals(
    session: Session,
    orders: list[StopWorkOrder],
    unresolved: set[str],
    *,
    now: datetime,
    rb: Rulebook,
) -> None:
    """A proposal still awaiting a supervisor loses the grounds that rested only on findings since withdrawn
    (recorded in error) or closed; with no ground left it is withdrawn. An issued order is never changed
    here: a supervisor decides, and the order page shows the withdrawal next to the ground."""
    for order in orders:
        if order.status != "proposed":
            continue
        lapsed = rules.lapsed_grounds(order.grounds or [], unresolved)
        if not lapsed:
            continue
        why = "; ".join(_why_lapsed(session, fid, rb) for _, cited in lapsed for fid in cited)
        gone = {index for index, _ in lapsed}
        kept = [g for index, g in enumerate(order.grounds) if index not in gone]
        before = audit.snapshot(order)
        if kept:
            order.grounds = kept  # a new list: JSON columns track assignment
            record_event(
                session,
                order,
                status="proposed",
                user_id=None,
                now=now,
                action="ground_withdrawn",
                before=before,
                note=f"Ground withdrawn: {why}.",
            )
        else:
            order.status = "withdrawn"
            record_event(
                session,
                order,
                status="withdrawn",
                user_id=None,
                now=now,
                action="withdraw",
                before=before,
                note=f"Grounds withdrawn: {why}.",
            )


def _inspection_day(session: Session, inspection_id: str) -> str:
    """An inspection as a person names it: by its day (never by its id)."""
    inspection = session.get(Inspection, inspection_id)
    return (
        f"the inspection of {inspection.inspected_on:%a %Y-%m-%d}"
        if inspection
        else "an inspection"
    )


def _why_lapsed(session: Session, finding_id: str, rb: Rulebook) -> str:
    finding = session.get(Finding, finding_id)
    if finding is None:
        return "a finding it rested on is no longer on record"
    name = f"finding {finding.item_code} of {_inspection_day(session, finding.inspection_id)}"
    if finding.status == "withdrawn":
        return (
            f"{name} was recorded in error and withdrawn when that inspection was corrected "
            "(the corrected version replaces it)"
        )
    if finding.status == "closed" and finding.verified_at:
        day = clocks.to_local(finding.verified_at, rb).date().isoformat()
        return f"{name} was repaired and its correction verified on {day}"
    return f"{name} is {finding.status}"


def evaluate_all(session: Session, now: datetime, rb: Rulebook) -> list[StopWorkOrder]:
    """The clock tick: every site, as time passes (permits expire, deadlines pass)."""
    return _evaluate_many(session, list(session.exec(select(Site).order_by(Site.id))), now, rb)


def _evaluate_many(
    session: Session, sites: list[Site], now: datetime, rb: Rulebook
) -> list[StopWorkOrder]:
    """evaluate_site for each of `sites`, reading a batch of them at a time in a fixed number of
    queries (site_facts.py) and sealing the batch's proposals together."""
    created: list[StopWorkOrder] = []
    today = clocks.to_local(now, rb).date()
    for start in range(0, len(sites), TICK_BATCH):
        batch = sites[start : start + TICK_BATCH]
        ids = [s.id for s in batch]
        current = permits.current_permits(session, ids)
        for permit in current.values():
            permits.refresh_status(session, permit, today)
        facts = site_facts.gather_many(session, batch, now, rb, permits=current)
        orders: dict[int, list[StopWorkOrder]] = {sid: [] for sid in ids}
        for order in session.exec(select(StopWorkOrder).where(StopWorkOrder.site_id.in_(ids))):
            orders[order.site_id].append(order)
        with seals.together(session):  # one read-back and one chain extension per batch
            new = [
                order
                for site in batch
                if (
                    order := _proposal(
                        session,
                        site,
                        current.get(site.id),
                        facts[site.id],
                        orders[site.id],
                        now,
                        rb,
                    )
                )
                is not None
            ]
            session.add_all(new)
            session.flush()  # the new orders in one INSERT, before the events that name them
            for order in new:
                _record_proposal(session, order, now, rb)
        created += new
    return created
