"""Stop-work orders (§ 256-10): proposals from the rules, the supervisor's decision, posting in the field,
the 10-day compliance clock, revocation (§ 256-10B), the cease-and-desist request (§ 256-10C) and
retraction (§ 256-10D). The permit's status follows the orders.

Every change writes an OrderEvent, an audit event for entity `stop_work_order` and one for entity `site`
(so devices re-pull the site's work packet). Callers commit.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta
from typing import NamedTuple

from sqlalchemy import inspect
from sqlmodel import Session, select

from ..models import (
    Finding,
    Inspection,
    OrderEvent,
    Permit,
    Photo,
    Site,
    StopWorkOrder,
    User,
)
from ..models.enforcement import (
    GROUNDS,
    IN_FORCE_STATUSES,
    INTERNAL_STATUSES,
    OPEN_STATUSES,
    RETRACTING_BODIES,
)
from ..rules import clocks, signatures
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook, default
from . import Forbidden, NotFound, ServiceError, audit, permits, seals, site_facts
from .findings import packet_changed

ORDER_NAMESPACE = uuid.UUID("0f7e0c52-61a4-4d0b-a2a8-6f0d8f4b7a11")
ACTIVE_PERMIT = ("issued", "extended")
# Which open order a site's status shows first.
PRIORITY = {
    "revoked_permit": 0,
    "cease_desist_requested": 0,
    "posted": 1,
    "issued": 1,
    "proposed": 2,
}
REASON_MAX = 4000

# An order's status in words, and the tone its badge takes (the order and site pages, the work packet).
STATUS_WORDS = {
    "proposed": ("Proposed — awaiting a supervisor", "warn"),
    "dismissed": ("Dismissed", "info"),
    "withdrawn": ("Withdrawn — its grounds were withdrawn", "info"),
    "issued": ("Stop-work order issued", "bad"),
    "posted": ("Stop-work order posted on site", "bad"),
    "complied": ("Complied with — lifted", "good"),
    "revoked_permit": ("Permit revoked", "bad"),
    "cease_desist_requested": ("Cease-and-desist requested", "bad"),
    "retracted": ("Retracted", "info"),
}
# Sites the tick reads at a time: a fixed number of queries per batch, IN lists of bounded length.
TICK_BATCH = 250


# ---------------------------------------------------------------- facts for the rules


def gather_facts(
    session: Session, site: Site, now: datetime, rb: Rulebook, due: list[dict] | None = None
) -> rules.SiteFacts:
    return site_facts.gather(session, site, now, rb, due)


# ---------------------------------------------------------------- history and audit


def _event(
    session: Session,
    order: StopWorkOrder,
    *,
    status: str,
    user_id: int | None,
    now: datetime,
    note: str = "",
    action: str | None = None,
    before: dict | None = None,
    device_id: str | None = None,
) -> None:
    order.version += 1 if before is not None else 0
    order.updated_at = now
    session.add(order)
    if inspect(order).pending:  # its row first: the event's foreign key names it (seal flushes all)
        session.flush()
    session.add(OrderEvent(order_id=order.id, status=status, note=note, by_user_id=user_id, at=now))
    seals.seal(session, "stop_work_order", order, at=now)
    audit.record(
        session,
        entity="stop_work_order",
        entity_id=order.id,
        action=action or status,
        user_id=user_id,
        before=before,
        after=audit.snapshot(order),
        site_id=order.site_id,
        device_id=device_id,
    )
    packet_changed(
        session,
        order.site_id,
        user_id=user_id,
        why=f"stop_work_order:{status}",
        device_id=device_id,
    )


def history(session: Session, order: StopWorkOrder) -> list[OrderEvent]:
    return list(
        session.exec(
            select(OrderEvent)
            .where(OrderEvent.order_id == order.id)
            .order_by(OrderEvent.at, OrderEvent.id)
        )
    )


# ---------------------------------------------------------------- proposals


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


def _sentences(parts) -> str:
    """Whole sentences one after another ("… has not been made. The …"), each closed by its period:
    a ground's reason is a sentence, so a list's "; " after it reads "made.; The"."""
    out = [p.strip() for p in parts if p and p.strip()]
    return " ".join(p if p[-1] in ".!?" else f"{p}." for p in out)


def _not_held(checks) -> str:
    """Each re-checked ground's reason, then why it no longer holds, as whole sentences."""
    return _sentences(part for c in checks for part in (c.ground["reason"], c.why))


def _record_proposal(session: Session, order: StopWorkOrder, now: datetime, rb: Rulebook) -> None:
    _event(
        session,
        order,
        status="proposed",
        user_id=None,
        now=now,
        action="propose",
        note=_sentences(g["reason"] for g in order.grounds),
    )
    if rb["stop_work.auto_issue"]:
        _issue(
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
    _event(
        session,
        order,
        status="proposed",
        user_id=None,
        now=now,
        action="evidence",
        before=before,
        note=_sentences(g["reason"] for g in grouped.grounds),
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
            _event(
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
            _event(
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


def order_name(order: StopWorkOrder, rb: Rulebook | None = None) -> str:
    """An order as a person names it, by the Village's day it was posted, issued or proposed."""
    moment = order.posted_at or order.issued_at or order.proposed_at
    return f"stop-work order of {clocks.local_date(moment, rb):%a %Y-%m-%d}"


def _opening(words: str) -> str:
    """Words that open a sentence: the first letter capital, the rest as written (str.capitalize
    would write "Stop-work order of sat 2026-12-05")."""
    return words[:1].upper() + words[1:]


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
    return evaluate_many(session, list(session.exec(select(Site).order_by(Site.id))), now, rb)


def evaluate_many(
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


# ---------------------------------------------------------------- decisions


def get_visible_order(session: Session, user: User, order_id: str) -> StopWorkOrder:
    """The order, or 404 when a permittee asks for another company's site (or any proposal: proposals are
    internal until a supervisor issues them)."""
    from .sites import can_see_site

    order = session.get(StopWorkOrder, order_id)
    if order is None or not can_see_site(session, user, order.site_id):
        raise NotFound("No such stop-work order.")
    if user.role == "permittee" and order.status in INTERNAL_STATUSES:
        raise NotFound("No such stop-work order.")
    return order


def require_role(user: User, *roles: str, what: str) -> None:
    """Refuses (403) a user whose role is none of `roles`; `what` names the act in the message.
    Callers that must refuse before reading anything (the sync handler of stop-work orders, whose
    ids are printed on posted notices) call it first."""
    if user.role not in roles:
        raise Forbidden(f"Only a {' or '.join(roles)} may {what}.")


def _text(value: str | None, field: str, message: str) -> str:
    value = (value or "").strip()
    if not value:
        raise ServiceError(message, field=field)
    if len(value) > REASON_MAX:
        raise ServiceError(f"At most {REASON_MAX} characters.", field=field)
    return value


def _suspend_permit(session: Session, order: StopWorkOrder, *, user_id: int | None) -> None:
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    if permit is None:
        return
    if order.permit_status_before is None:
        order.permit_status_before = permit.status
    if permit.status in ACTIVE_PERMIT:
        permits.set_status(
            session,
            permit,
            "suspended",
            user_id=user_id,
            note=f"{_opening(order_name(order))} ({', '.join(dict.fromkeys(g['citation'] for g in order.grounds))})",
        )


def _restore_permit(
    session: Session,
    order: StopWorkOrder,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    note: str,
) -> None:
    """Back to the status before the order (issued/extended, or expired when past its last day), unless
    another order in force still holds the permit suspended."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    if permit is None or permit.status not in ("suspended", "revoked"):
        return
    others = session.exec(
        select(StopWorkOrder).where(
            StopWorkOrder.permit_id == permit.id,
            StopWorkOrder.id != order.id,
            StopWorkOrder.status.in_(IN_FORCE_STATUSES),
        )
    ).first()
    if others is not None and permit.status == "suspended":
        return
    before = order.permit_status_before if order.permit_status_before in ACTIVE_PERMIT else None
    if before is None:
        return
    today = clocks.to_local(now, rb).date()
    target = "expired" if permit.expires_on and today > permit.expires_on else before
    if others is not None:
        target = "suspended"
    permits.set_status(session, permit, target, user_id=user_id, note=note)


def _issue(
    session: Session,
    order: StopWorkOrder,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    note: str = "",
) -> None:
    before = audit.snapshot(order)
    order.status, order.issued_at, order.issued_by = "issued", now, user_id
    order.compliance_due = clocks.stop_work_compliance_due(now, rb)
    _suspend_permit(session, order, user_id=user_id)
    _event(session, order, status="issued", user_id=user_id, now=now, note=note, before=before)


def ground_signature(ground: dict) -> str:
    """Names one ground of a proposal across page loads (the form echoes the ones shown struck through)."""
    return f"{ground.get('rule')}:{','.join(sorted(ground.get('keys') or []))}"


def recheck_order(
    session: Session, order: StopWorkOrder, now: datetime, rb: Rulebook
) -> list[rules.Recheck]:
    """Every ground of a proposal re-evaluated now (an order already issued is what was issued)."""
    if order.status != "proposed":
        return [rules.Recheck(True, g) for g in order.grounds or []]
    return recheck_in_force(session, order, now, rb)


def recheck_in_force(
    session: Session, order: StopWorkOrder, now: datetime, rb: Rulebook
) -> list[rules.Recheck]:
    """Every ground of the order re-evaluated now, in the order's own order: for a proposal, what
    issuing may state; for an order in force, whether the permittee complied, which § 256-10B and C
    ask before a revocation or a cease-and-desist request. A ground a person recorded (no evidence
    keys) holds until a person says otherwise."""
    grounds = order.grounds or []
    if not any(g.get("keys") for g in grounds):
        return [rules.Recheck(True, g) for g in grounds]
    site = session.get(Site, order.site_id)
    return rules.recheck(grounds, gather_facts(session, site, now, rb), now, rb)


def _some_ground_holds(checks: list[rules.Recheck], step: str) -> None:
    """Refuse a step that would state the order was not complied with when none of its grounds
    holds any more (the facts re-checked in the step's own transaction)."""
    if checks and not any(c.holds for c in checks):
        raise ServiceError(
            f"Not {step}: none of the order's grounds holds now. "
            + _not_held(checks)
            + " Lift the order as complied with instead.",
            status=409,
        )


def _mark_complied_grounds(order: StopWorkOrder, checks: list[rules.Recheck]) -> str:
    """The grounds that no longer hold, marked on the order with why (the step's notice lists them
    apart from the grounds not complied with); their words for the step's record."""
    if all(c.holds for c in checks):
        return ""
    order.grounds = [
        g if c.holds else {**g, "complied": c.why}
        for g, c in zip(order.grounds, checks, strict=True)
    ]
    return "Complied with by then: " + _not_held(c for c in checks if not c.holds)


def issue(
    session: Session,
    order: StopWorkOrder,
    *,
    user: User,
    now: datetime,
    rb: Rulebook,
    keep_grounds: list[str] | None = None,
    note: str = "",
    confirmed: bool = False,
    known_stale: list[str] | None = None,
    signature: dict | None = None,
    shown: list[str] | None = None,
) -> StopWorkOrder:
    """The supervisor issues a proposed order, keeping all its grounds or the ones ticked. Each ground is
    re-evaluated here, in the issuing transaction: one that no longer holds is never issued. If one stopped
    holding after the page showed it (it is not among `known_stale`), nothing is issued: the supervisor
    decided on facts that changed; nor when a ground joined it after the page showed it (`shown`)."""
    require_role(user, "supervisor", what="issue a stop-work order")
    if order.status != "proposed":
        raise ServiceError(
            f"This order is {order.status.replace('_', ' ')}; only a proposed order can be issued."
        )
    _require_grounds_shown(order, shown, "issued")
    ticked = lambda g: keep_grounds is None or g["ground"] in keep_grounds  # noqa: E731
    if not any(ticked(g) for g in order.grounds or []):
        raise ServiceError(
            f"An order needs at least one ground of {rb['stop_work.citation']}: tick the grounds "
            "that hold.",
            field="grounds",
        )
    if not confirmed:
        permit = session.get(Permit, order.permit_id) if order.permit_id else None
        suspends = permit is not None and permit.status in ACTIVE_PERMIT
        raise ServiceError(
            "Confirm that you mean to issue this order: it "
            + ("suspends the permit and stops " if suspends else "stops ")
            + "all land disturbing activity on the site.",
            field="confirm",
        )
    # The supervisor signs under the rulebook's order statement, drawn or by typing the account's
    # name; the signature is sealed with the order's decision (sealed_records ORDER_2).
    drawing, why = signatures.clean(signature, user.name)
    if why:
        raise ServiceError(_unsigned(signature, why), field="signature")
    checks = [c for c in recheck_order(session, order, now, rb) if ticked(c.ground)]
    known = set(known_stale or [])
    changed = [c for c in checks if not c.holds and ground_signature(c.ground) not in known]
    if changed:
        raise ServiceError(
            "Not issued: a ground no longer holds. "
            + _not_held(changed)
            + " Review the grounds again.",
            field="grounds",
            status=409,
        )
    grounds = [c.ground for c in checks if c.holds]
    if not grounds:
        raise ServiceError(
            f"An order needs at least one ground of {rb['stop_work.citation']} that holds: tick "
            "the grounds that hold.",
            field="grounds",
        )
    left_out = [c for c in checks if not c.holds]
    if left_out:
        dropped = _not_held(left_out)
        note = _sentences([note, f"Not issued on grounds that no longer hold: {dropped}"])
    order.grounds = grounds
    order.issued_signature = drawing
    order.issued_statement_version = rb["certification.current"]
    order.issued_signed_by_name = user.name
    _issue(session, order, user_id=user.id, now=now, rb=rb, note=note.strip())
    return order


def _unsigned(signature, why: str) -> str:
    """Why an order was not issued for its signature, in the supervisor's words."""
    if signature is None or why == signatures.MISSING:
        return (
            "Sign the order: draw your signature under the certification statement, or type "
            "your name (nothing was issued)."
        )
    if isinstance(signature, dict) and "typed" in signature:
        return f"{why} (nothing was issued)."
    return f"The signature could not be read ({why}) Sign again."


def propose_manual(
    session: Session,
    site: Site,
    *,
    user: User,
    grounds: list[str],
    notes: str,
    now: datetime,
    rb: Rulebook,
) -> StopWorkOrder:
    """A supervisor starts an order the rules did not propose (a complaint, an observation)."""
    require_role(user, "supervisor", what="propose a stop-work order")
    chosen = _grounds_from_names(grounds, rb, reason=notes)
    notes = _text(notes, "notes", "Describe what was found: the order must say why it is issued.")
    permit = permits.current_permit(session, site.id)
    _require_permit_for_grounds(chosen, permit, now, rb)
    order = StopWorkOrder(
        id=str(uuid.uuid4()),
        site_id=site.id,
        permit_id=permit.id if permit else None,
        status="proposed",
        source="supervisor",
        grounds=chosen,
        notes=notes,
        proposed_at=now,
        updated_at=now,
        evidence={"inspections": [], "findings": [], "photos": []},
    )
    session.add(order)
    _event(
        session, order, status="proposed", user_id=user.id, now=now, action="propose", note=notes
    )
    return order


def _require_permit_for_grounds(
    grounds: list[dict], permit: Permit | None, now: datetime, rb: Rulebook
) -> None:
    """§ 256-10A(2) and (3) speak of a permit's control plan and conditions: without a permit in
    force, only § 256-10A(1), activity without a permit, can ground an order."""
    if permits.in_force_on(permit, clocks.local_date(now, rb)):
        return
    others = [g["citation"] for g in grounds if g["ground"] != "no_permit"]
    if others:
        raise ServiceError(
            f"This site has no permit in force, so it has no approved control plan or permit "
            f"conditions ({', '.join(others)}): choose "
            f"{rb['stop_work.grounds.no_permit.citation']}, activity without a permit.",
            field="grounds",
        )


def _grounds_from_names(names: list[str], rb: Rulebook, *, reason: str) -> list[dict]:
    names = [n for n in dict.fromkeys(names or [])]
    unknown = [n for n in names if n not in GROUNDS]
    if unknown:
        raise ServiceError(f"Unknown ground: {', '.join(unknown)}.", field="grounds")
    if not names:
        raise ServiceError(
            f"An order needs at least one ground of {rb['stop_work.citation']}.", field="grounds"
        )
    return [
        {
            "ground": n,
            "citation": rb[f"stop_work.grounds.{n}.citation"],
            "words": rb[f"stop_work.grounds.{n}.words"],
            "rule": "observed",
            "rule_citation": rb[f"stop_work.grounds.{n}.citation"],
            "reason": reason.strip(),
            "keys": [],
            "note": None,
        }
        for n in names
    ]


def _require_grounds_shown(order: StopWorkOrder, shown: list[str] | None, step: str) -> None:
    """Refuse a decision on a proposal that new evidence joined after the page showed it (a push or
    the tick adds to the one proposal of a site): the supervisor decides on the grounds it has.
    `shown`: the ground_signature of each ground the page showed; None: not known, not checked."""
    if shown is None:
        return
    new = [g for g in order.grounds or [] if ground_signature(g) not in set(shown)]
    if new:
        raise ServiceError(
            f"Not {step}: new evidence joined this proposal after the page showed it. "
            + _sentences(g.get("reason", "") for g in new)
            + " Review the grounds again.",
            status=409,
        )


def dismiss(
    session: Session,
    order: StopWorkOrder,
    *,
    user: User,
    reason: str,
    now: datetime,
    shown: list[str] | None = None,
) -> StopWorkOrder:
    """A dismissed proposal's evidence never proposes again (evaluate_site), so it is dismissed only
    on the grounds the supervisor saw (`shown`)."""
    require_role(user, "supervisor", what="dismiss a proposed stop-work order")
    if order.status != "proposed":
        raise ServiceError(
            f"This order is {order.status.replace('_', ' ')}; only a proposal can be dismissed."
        )
    _require_grounds_shown(order, shown, "dismissed")
    reason = _text(reason, "reason", "Give the reason for dismissing the proposal.")
    before = audit.snapshot(order)
    order.status, order.dismissed_reason, order.dismissed_by, order.dismissed_at = (
        "dismissed",
        reason,
        user.id,
        now,
    )
    _event(session, order, status="dismissed", user_id=user.id, now=now, note=reason, before=before)
    return order


def record_posting(
    session: Session,
    order: StopWorkOrder,
    *,
    user: User,
    now: datetime,
    rb: Rulebook,
    photo_id: str | None = None,
) -> StopWorkOrder:
    """An inspector posted the issued order on the site (with a photo of the posted notice): not
    once none of its grounds holds (the permittee complied first)."""
    require_role(user, "inspector", "supervisor", what="post a stop-work order")
    if order.status != "issued":
        raise ServiceError("Only an issued order can be recorded as posted.")
    if photo_id and session.get(Photo, photo_id) is None:
        raise ServiceError("That photo has not reached the server yet.", field="photo")
    checks = recheck_in_force(session, order, now, rb)
    _some_ground_holds(checks, "posted")
    before = audit.snapshot(order)
    # A ground the permittee cured since the issue is kept, apart: the posted notice does not
    # call it unmet (templates/orders/notice.html).
    cured = [c for c in checks if not c.holds]
    if cured:
        order.grounds = [
            g if c.holds else {**g, POSTING_CURED: c.why}
            for g, c in zip(order.grounds, checks, strict=True)
        ]
    order.status, order.posted_at, order.posted_by = "posted", now, user.id
    # The 10 days of § 256-10B, C run from the posting: stored, so devices and records carry it.
    order.compliance_due = compliance_end(order, rb)
    order.notice_photo_id = photo_id or order.notice_photo_id
    note = _sentences(
        f"Complied with before posting: {_sentences([c.ground['reason'], c.why])}" for c in cured
    )
    _event(session, order, status="posted", user_id=user.id, now=now, before=before, note=note)
    return order


# The key a ground carries when the permittee cured it between the order's issue and its posting.
POSTING_CURED = "cured_before_posting"


def post_in_field(
    session: Session,
    *,
    order_id: str,
    site: Site,
    user: User,
    grounds: list[str],
    posted_at: datetime,
    notes: str,
    photo_ids: list[str],
    now: datetime,
    rb: Rulebook,
    device_id: str | None = None,
    sha256: str | None = None,
) -> StopWorkOrder:
    """An inspector posted an order on site, maybe offline: it is in force from the posting (§ 256-10A)."""
    require_role(user, "inspector", "supervisor", what="post a stop-work order")
    chosen = _grounds_from_names(grounds, rb, reason=notes or "")
    notes = _text(notes, "notes", "Describe what was found on site.")
    if posted_at > now + timedelta(minutes=10):
        raise ServiceError("The posting time is in the future.", field="posted_at")
    permit = permits.current_permit(session, site.id)
    # As a supervisor's proposal: on the day it was posted, a site with no permit in force has no
    # approved plan or permit conditions (the tablet offers only § 256-10A(1) there).
    _require_permit_for_grounds(chosen, permit, posted_at, rb)
    order = StopWorkOrder(
        id=order_id,
        site_id=site.id,
        permit_id=permit.id if permit else None,
        status="posted",
        source="field",
        grounds=chosen,
        notes=notes,
        proposed_at=posted_at,
        issued_at=posted_at,
        issued_by=user.id,
        posted_at=posted_at,
        posted_by=user.id,
        compliance_due=clocks.stop_work_compliance_due(posted_at, rb),
        notice_photo_id=(photo_ids or [None])[0],
        device_id=device_id,
        sha256=sha256,
        evidence={"inspections": [], "findings": [], "photos": list(photo_ids or [])},
        updated_at=now,
    )
    session.add(order)
    _suspend_permit(session, order, user_id=user.id)
    _event(
        session,
        order,
        status="posted",
        user_id=user.id,
        now=now,
        action="post_in_field",
        note=notes,
        device_id=device_id,
    )
    return order


def mark_complied(
    session: Session, order: StopWorkOrder, *, user: User, note: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    require_role(user, "supervisor", what="lift a stop-work order")
    if order.status not in IN_FORCE_STATUSES:
        raise ServiceError("Only an order in force can be lifted as complied with.")
    note = _text(note, "note", f"Say how {ordered_party(session, order)} complied.")
    before = audit.snapshot(order)
    order.status, order.complied_at, order.complied_by, order.complied_note = (
        "complied",
        now,
        user.id,
        note,
    )
    _restore_permit(
        session,
        order,
        user_id=user.id,
        now=now,
        rb=rb,
        note=f"{_opening(order_name(order, rb))} complied with",
    )
    _event(session, order, status="complied", user_id=user.id, now=now, note=note, before=before)
    return order


def compliance_end(order, rb: Rulebook | None = None) -> datetime | None:
    """When § 256-10B or C opens: the end of the tenth local day after the day the order was posted
    on the site (§ 256-10A: the Village "may post" it; an order not made known cannot be disobeyed),
    None until it is posted. A stored compliance_due later than that stands (never moved earlier)."""
    if order.posted_at is None:
        return None
    end = clocks.stop_work_compliance_due(order.posted_at, rb)
    return max(end, order.compliance_due) if order.compliance_due else end


def shown_due(order, rb: Rulebook | None = None) -> datetime | None:
    """The deadline an order's pages and documents state: compliance_end, or for an order not
    posted (nothing follows it) none; a step taken before posting counted (old records) keeps the
    deadline stored then."""
    return _shown_due(order, compliance_end(order, rb))


def _shown_due(order, end: datetime | None) -> datetime | None:
    if end is None and order.status in ("revoked_permit", "cease_desist_requested"):
        return order.compliance_due
    return end


def ordered_under_permit(order: StopWorkOrder, permit: Permit | None) -> bool:
    """Whether the order was made to a permittee, whose permit § 256-10B lets the Village revoke,
    or to a landowner or land user where no permit has been issued (§ 256-10C): the permit's status
    when the order was issued (an application not yet decided is no permit)."""
    if permit is None:
        return False
    return (order.permit_status_before or permit.status) in permits.IN_FORCE


# What an order under a permit does not stop (services/schedule.py SUSPENDED_NOTE): said on the
# notice posted on the site, where the crew reads it.
UPKEEP_GOES_ON = (
    "This order stops construction, not the maintenance of erosion controls: the control "
    "measures are kept up, and the weekly and post-rain inspections and repairs keep their "
    "deadlines while it is in force"
)

LAPSED = {"expired": "expired after {expires_on}", "revoked": "was revoked", "closed": "was closed"}


def lapsed_permit(order: StopWorkOrder, permit: Permit | None) -> str:
    """How the order's permit, issued once, stood when the order was issued without one in force
    ("permit ECP-2026-0001 expired after 2026-06-02"); "" when it was in force or never issued."""
    if permit is None or permit.issued_on is None or ordered_under_permit(order, permit):
        return ""
    status = order.permit_status_before or permit.status
    how = LAPSED.get(status, status.replace("_", " "))
    return f"permit {permits.permit_name(permit)} {how.format(expires_on=permit.expires_on)}"


def ordered_party(session: Session, order: StopWorkOrder) -> str:
    """Whom the order was made to, in the ordinance's words: "the permittee" (§ 256-10B) or "the
    landowner or land user" where no permit has been issued (§ 256-10C)."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    return "the permittee" if ordered_under_permit(order, permit) else "the landowner or land user"


def addressee(order: StopWorkOrder, permit: Permit | None, company) -> str:
    """Whom the order's documents name: the permittee, or the landowner or land user where no
    permit has been issued (§ 256-10C), or the company whose permit is no longer in force."""
    if company is not None and ordered_under_permit(order, permit):
        return company.name
    lapsed = lapsed_permit(order, permit)
    if company is not None and lapsed:
        return f"{company.name}: no permit in force ({lapsed})"
    applicant = f" (applicant: {company.name})" if company is not None else ""
    return f"No permit issued — the landowner or land user{applicant}"


def next_step(session: Session, order: StopWorkOrder, now: datetime) -> dict:
    """What may follow an order in force: revocation (a permit) or a cease-and-desist request (none
    was issued); neither ("none") for an order made under a permit no longer in force: § 256-10C
    is only "where no permit has been issued", and § 256-10B has nothing left to revoke."""
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    has_permit = permit is not None and permit.status in ("issued", "extended", "suspended")
    if has_permit:
        kind = "revoke"
    elif ordered_under_permit(order, permit):
        kind = "none"
    else:
        kind = "cease_desist"
    due = compliance_end(order)
    ready = order.status in IN_FORCE_STATUSES and due is not None and now >= due
    return {
        "kind": kind,
        "available": ready,
        "due": due,
        "shown_due": _shown_due(order, due),
        "posted": order.posted_at is not None,
        "permit": permit,
        "why_none": _why_no_step(permit) if kind == "none" else "",
    }


def _why_no_step(permit: Permit, rb: Rulebook | None = None) -> str:
    """Why an order made under a permit since revoked (or otherwise ended) leads to neither step,
    and what the Village can do instead."""
    rb = rb or default()
    c = "clocks.stop_work_compliance."
    how = LAPSED.get(permit.status, permit.status.replace("_", " "))
    return (
        f"This order was made under permit {permits.permit_name(permit)}, and since then the "
        f"permit {how.format(expires_on=permit.expires_on)}: {rb[c + 'revocation_citation']} has "
        f"no permit left to revoke, and {rb[c + 'cease_desist_citation']} is for a site where no "
        "permit has been issued. Land disturbing activity on the site without a permit in force is "
        f"a new ground for a stop-work order ({rb['stop_work.grounds.no_permit.citation']}): "
        "propose one."
    )


def not_posted_words(rb: Rulebook, citation: str) -> str:
    """Why nothing follows an order issued but not yet posted on the site."""
    days = rb["clocks.stop_work_compliance.days"]
    return f"Not yet posted on the site: the {days} days of {citation} run from its posting."


def _require_clock_passed(order: StopWorkOrder, now: datetime, rb: Rulebook, citation: str) -> None:
    if order.status not in IN_FORCE_STATUSES:
        raise ServiceError("Only an order in force (issued or posted) can lead to this step.")
    if order.posted_at is None:
        raise ServiceError(not_posted_words(rb, citation))
    due = compliance_end(order, rb)
    if due is None or now < due:
        last = f"the end of {clocks.last_local_day(due, rb):%a %Y-%m-%d}" if due else "?"
        days = rb["clocks.stop_work_compliance.days"]
        raise ServiceError(
            f"The permittee has {days} days to comply ({citation}): this is "
            f"possible only after {last}."
        )


def revoke_permit(
    session: Session, order: StopWorkOrder, *, user: User, reason: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    """§ 256-10B: not complied with within 10 days, the Village may revoke the permit."""
    require_role(user, "supervisor", what="revoke a permit")
    citation = rb["clocks.stop_work_compliance.revocation_citation"]
    step = next_step(session, order, now)
    if step["kind"] == "none":
        raise ServiceError(f"Not revoked. {step['why_none']}", status=409)
    if step["kind"] != "revoke":
        raise ServiceError(
            f"This site has no permit to revoke; request a cease-and-desist order instead "
            f"({rb['clocks.stop_work_compliance.cease_desist_citation']})."
        )
    _require_clock_passed(order, now, rb, citation)
    reason = _text(reason, "reason", "Give the reason for the revocation.")
    checks = recheck_in_force(session, order, now, rb)
    _some_ground_holds(checks, "revoked")
    before = audit.snapshot(order)
    complied = _mark_complied_grounds(order, checks)
    order.status, order.revoked_at, order.revoked_by, order.revocation_reason = (
        "revoked_permit",
        now,
        user.id,
        reason,
    )
    permits.set_status(
        session,
        step["permit"],
        "revoked",
        user_id=user.id,
        note=f"Revoked ({citation}) after the {order_name(order, rb)}: {reason}",
    )
    _event(
        session,
        order,
        status="revoked_permit",
        user_id=user.id,
        now=now,
        note=f"{reason} {complied}".strip(),
        before=before,
    )
    return order


def request_cease_desist(
    session: Session, order: StopWorkOrder, *, user: User, details: str, now: datetime, rb: Rulebook
) -> StopWorkOrder:
    """§ 256-10C: where no permit was issued, request the Village Attorney to obtain a cease and desist order."""
    require_role(user, "supervisor", what="request a cease-and-desist order")
    citation = rb["clocks.stop_work_compliance.cease_desist_citation"]
    step = next_step(session, order, now)
    if step["kind"] == "none":
        raise ServiceError(f"Not requested. {step['why_none']}", status=409)
    if step["kind"] != "cease_desist":
        raise ServiceError(
            f"This site has a permit: the next step is its revocation "
            f"({rb['clocks.stop_work_compliance.revocation_citation']})."
        )
    _require_clock_passed(order, now, rb, citation)
    details = _text(details, "details", "Say what the Village Attorney is asked to act on.")
    checks = recheck_in_force(session, order, now, rb)
    _some_ground_holds(checks, "requested")
    before = audit.snapshot(order)
    complied = _mark_complied_grounds(order, checks)
    order.status, order.cease_desist_at, order.cease_desist_by = (
        "cease_desist_requested",
        now,
        user.id,
    )
    order.cease_desist_details = details
    _event(
        session,
        order,
        status="cease_desist_requested",
        user_id=user.id,
        now=now,
        note=f"{details} {complied}".strip(),
        before=before,
    )
    return order


def retract(
    session: Session,
    order: StopWorkOrder,
    *,
    user: User,
    body: str,
    reason: str,
    now: datetime,
    rb: Rulebook,
) -> StopWorkOrder:
    """§ 256-10D: the Village or the Zoning Board of Appeals retracts the order or the revocation."""
    require_role(user, "supervisor", what="record a retraction")
    if order.status not in IN_FORCE_STATUSES + ("revoked_permit", "cease_desist_requested"):
        raise ServiceError("Only an issued or posted order, or a revocation, can be retracted.")
    if body not in RETRACTING_BODIES:
        raise ServiceError(
            "Say who retracted it: the Village or the Zoning Board of Appeals.", field="body"
        )
    reason = _text(reason, "reason", "Give the reason for the retraction.")
    before = audit.snapshot(order)
    was_revoked = order.status == "revoked_permit"
    order.status, order.retracted_at, order.retracted_by = "retracted", now, user.id
    order.retracted_by_body, order.retracted_reason = body, reason
    what = f"revocation after the {order_name(order, rb)}" if was_revoked else order_name(order, rb)
    _restore_permit(
        session,
        order,
        user_id=user.id,
        now=now,
        rb=rb,
        note=f"{_opening(what)} retracted ({rb['clocks.stop_work_compliance.retraction_citation']}): {reason}",
    )
    _event(session, order, status="retracted", user_id=user.id, now=now, note=reason, before=before)
    return order


# ---------------------------------------------------------------- what pages and the work packet show


def orders_for_sites(session: Session, site_ids, statuses=None, scope=None) -> list[StopWorkOrder]:
    ids = list(site_ids)
    if not ids:
        return []
    query = select(StopWorkOrder).where(StopWorkOrder.site_id.in_(ids if scope is None else scope))
    if statuses:
        query = query.where(StopWorkOrder.status.in_(statuses))
    return list(session.exec(query.order_by(StopWorkOrder.proposed_at.desc())))


def status_entry(order: StopWorkOrder | None, now: datetime, proposed: int = 0) -> dict:
    if order is None:
        return {
            "status": "none",
            "order_id": None,
            "issued_at": None,
            "posted_at": None,
            "compliance_due": None,
            "compliance_passed": False,
            "grounds": [],
            "citation": None,
            "proposed": proposed,
        }
    end = compliance_end(order)
    return {
        "status": order.status,
        "order_id": order.id,
        "issued_at": order.issued_at,
        "posted_at": order.posted_at,
        # Not yet posted (posted_at None): no deadline runs; the stored one is only its floor.
        "compliance_due": end or order.compliance_due,
        "compliance_passed": bool(end and now >= end),
        **grounds_entry(order.grounds),
        "proposed": proposed,
    }


def grounds_entry(grounds: list | None) -> dict:
    """The status entry's words for an order's grounds: each ground, and their citations once."""
    grounds = grounds or []
    return {
        "grounds": [
            {"ground": g["ground"], "citation": g["citation"], "reason": g.get("reason", "")}
            for g in grounds
        ],
        "citation": ", ".join(dict.fromkeys(g["citation"] for g in grounds)) or None,
    }


def grounds_of(session: Session, order_ids: list[str]) -> dict[str, dict]:
    """grounds_entry of each order, in one query (a page reads the grounds of the rows it shows)."""
    rows = session.exec(
        select(StopWorkOrder.id, StopWorkOrder.grounds).where(StopWorkOrder.id.in_(order_ids))
    )
    return {order_id: grounds_entry(grounds) for order_id, grounds in rows}


class OpenOrder(NamedTuple):
    """What a status entry reads of an open order (the dashboard reads this for every site: no ORM
    objects, no evidence lists)."""

    id: str
    site_id: int
    status: str
    issued_at: datetime | None
    posted_at: datetime | None
    compliance_due: datetime | None
    grounds: list | None


def site_status(
    session: Session, site_ids, now: datetime, scope=None, *, grounds: bool = True
) -> dict[int, dict]:
    """{site_id: the most significant open order (in force before proposed)} in one query. `scope`, a SELECT
    of site ids, replaces a long IN list for pages that list every visible site. Of two orders as
    significant, the one proposed first stands (ORDER BY: the same whatever the database's row order).
    `grounds=False`: the orders' grounds are not read (the entries name none); a page that lists every
    site sorts on the rest and reads the grounds of the rows it shows with grounds_of."""
    ids = list(site_ids)
    if not ids:
        return {}
    fields = OpenOrder._fields if grounds else OpenOrder._fields[:-1]
    query = (
        select(*(getattr(StopWorkOrder, name) for name in fields))
        .where(
            StopWorkOrder.site_id.in_(ids if scope is None else scope),
            StopWorkOrder.status.in_(OPEN_STATUSES),
        )
        .order_by(StopWorkOrder.proposed_at, StopWorkOrder.id)
    )
    rows = session.exec(query)
    open_orders = (
        [OpenOrder(*row) for row in rows] if grounds else [OpenOrder(*row, None) for row in rows]
    )
    return _status_by_site(ids, open_orders, now)


def status_of(site_id: int, orders: list[StopWorkOrder], now: datetime) -> dict:
    """site_status of one site from its orders already read (the site page lists them all): the same
    entry, ties taken in the same order, without reading the orders twice."""
    open_orders = sorted(
        (o for o in orders if o.status in OPEN_STATUSES), key=lambda o: (o.proposed_at, o.id)
    )
    return _status_by_site([site_id], open_orders, now)[site_id]


def _status_by_site(ids: list[int], open_orders, now: datetime) -> dict[int, dict]:
    """`open_orders` oldest proposal first: the first of the highest priority stands."""
    best: dict[int, OpenOrder | StopWorkOrder] = {}
    proposed: dict[int, int] = {}
    for order in open_orders:
        site_id, status = order.site_id, order.status
        if status == "proposed":
            proposed[site_id] = proposed.get(site_id, 0) + 1
        current = best.get(site_id)
        if current is None or PRIORITY[status] < PRIORITY[current.status]:
            best[site_id] = order
    return {sid: status_entry(best.get(sid), now, proposed.get(sid, 0)) for sid in ids}


def public_status(entry: dict, user: User) -> dict:
    """A permittee is not shown internal proposals (only orders issued to it)."""
    if user.role == "permittee" and entry["status"] == "proposed":
        return status_entry(None, datetime.min)
    if user.role == "permittee":
        return {**entry, "proposed": 0}
    return entry
