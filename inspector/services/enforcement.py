"""Stop-work orders (§ 256-10): what every step of an order shares. Reading one order (who may see
it), who may act, the words a step writes (the order's name, whole sentences, a text required),
the re-check of its grounds against the facts now, and the record every change writes.

The steps are beside it, by what the ordinance names:
- stop_work_proposals.py: the rules' proposals, as evidence arrives and as the clock tick runs;
- stop_work_issuing.py: a supervisor's own proposal, the decision on a proposal (issue or dismiss)
  and the posting on the site (§ 256-10A);
- stop_work_compliance.py: the compliance clock from the posting, lifting an order complied with,
  revocation (§ 256-10B), the cease-and-desist request (§ 256-10C) and retraction (§ 256-10D);
- stop_work_status.py: where a site's orders stand, as pages and the work packet show it.
The permit's status follows the orders.

Every change writes an OrderEvent, an audit event for entity `stop_work_order` and one for entity `site`
(so devices re-pull the site's work packet): record_event. Callers commit.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import inspect
from sqlmodel import Session, select

from ..models import OrderEvent, Site, StopWorkOrder, User
from ..models.enforcement import INTERNAL_STATUSES
from ..rules import clocks
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook
from . import Forbidden, NotFound, ServiceError, audit, seals, site_facts
from .findings import packet_changed

# The statuses of a permit in force that an order suspends, and that lifting it restores.
ACTIVE_PERMIT = ("issued", "extended")
# The longest reason, note or details a step takes (required_text).
REASON_MAX = 4000


def _gather_facts(
    session: Session, site: Site, now: datetime, rb: Rulebook, due: list[dict] | None = None
) -> rules.SiteFacts:
    return site_facts.gather(session, site, now, rb, due)


def record_event(
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


def sentences(parts) -> str:
    """Whole sentences one after another ("… has not been made. The …"), each closed by its period:
    a ground's reason is a sentence, so a list's "; " after it reads "made.; The"."""
    out = [p.strip() for p in parts if p and p.strip()]
    return " ".join(p if p[-1] in ".!?" else f"{p}." for p in out)


def not_held(checks) -> str:
    """Each re-checked ground's reason, then why it no longer holds, as whole sentences."""
    return sentences(part for c in checks for part in (c.ground["reason"], c.why))


def order_name(order: StopWorkOrder, rb: Rulebook | None = None) -> str:
    """An order as a person names it, by the Village's day it was posted, issued or proposed."""
    moment = order.posted_at or order.issued_at or order.proposed_at
    return f"stop-work order of {clocks.local_date(moment, rb):%a %Y-%m-%d}"


def opening(words: str) -> str:
    """Words that open a sentence: the first letter capital, the rest as written (str.capitalize
    would write "Stop-work order of sat 2026-12-05")."""
    return words[:1].upper() + words[1:]


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


def required_text(value: str | None, field: str, message: str) -> str:
    value = (value or "").strip()
    if not value:
        raise ServiceError(message, field=field)
    if len(value) > REASON_MAX:
        raise ServiceError(f"At most {REASON_MAX} characters.", field=field)
    return value


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
    return rules.recheck(grounds, _gather_facts(session, site, now, rb), now, rb)


def some_ground_holds(checks: list[rules.Recheck], step: str) -> None:
    """Refuse a step that would state the order was not complied with when none of its grounds
    holds any more (the facts re-checked in the step's own transaction)."""
    if checks and not any(c.holds for c in checks):
        raise ServiceError(
            f"Not {step}: none of the order's grounds holds now. "
            + not_held(checks)
            + " Lift the order as complied with instead.",
            status=409,
        )
