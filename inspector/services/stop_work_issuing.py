"""A stop-work order issued and posted (§ 256-10A): a supervisor's own proposal, the supervisor's
decision on a proposal (issued, signed, on the grounds that still hold; or dismissed) and the
order's posting on the site, recorded from the office or posted by an inspector in the field, maybe
offline. Issuing suspends the permit. Callers commit.
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from sqlmodel import Session

from ..models import Permit, Photo, Site, StopWorkOrder, User
from ..models.enforcement import GROUNDS
from ..rules import clocks, signatures
from ..rules import enforcement as rules
from ..rules.rulebook import Rulebook
from . import ServiceError, audit, permits
from .enforcement import (
    ACTIVE_PERMIT,
    not_held,
    opening,
    order_name,
    recheck_in_force,
    record_event,
    require_role,
    required_text,
    sentences,
    some_ground_holds,
)
from .stop_work_compliance import compliance_end


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
            note=f"{opening(order_name(order))} ({', '.join(dict.fromkeys(g['citation'] for g in order.grounds))})",
        )


def put_in_force(
    session: Session,
    order: StopWorkOrder,
    *,
    user_id: int | None,
    now: datetime,
    rb: Rulebook,
    note: str = "",
) -> None:
    """The order issued, its grounds as they stand: issue() checks the supervisor's decision first;
    a proposal with stop_work.auto_issue comes here at once (stop_work_proposals.py)."""
    before = audit.snapshot(order)
    order.status, order.issued_at, order.issued_by = "issued", now, user_id
    order.compliance_due = clocks.stop_work_compliance_due(now, rb)
    _suspend_permit(session, order, user_id=user_id)
    record_event(
        session, order, status="issued", user_id=user_id, now=now, note=note, before=before
    )


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
            + not_held(changed)
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
        dropped = not_held(left_out)
        note = sentences([note, f"Not issued on grounds that no longer hold: {dropped}"])
    order.grounds = grounds
    order.issued_signature = drawing
    order.issued_statement_version = rb["certification.current"]
    order.issued_signed_by_name = user.name
    put_in_force(session, order, user_id=user.id, now=now, rb=rb, note=note.strip())
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
    notes = required_text(
        notes, "notes", "Describe what was found: the order must say why it is issued."
    )
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
    record_event(
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
            + sentences(g.get("reason", "") for g in new)
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
    reason = required_text(reason, "reason", "Give the reason for dismissing the proposal.")
    before = audit.snapshot(order)
    order.status, order.dismissed_reason, order.dismissed_by, order.dismissed_at = (
        "dismissed",
        reason,
        user.id,
        now,
    )
    record_event(
        session, order, status="dismissed", user_id=user.id, now=now, note=reason, before=before
    )
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
    some_ground_holds(checks, "posted")
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
    note = sentences(
        f"Complied with before posting: {sentences([c.ground['reason'], c.why])}" for c in cured
    )
    record_event(
        session, order, status="posted", user_id=user.id, now=now, before=before, note=note
    )
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
    notes = required_text(notes, "notes", "Describe what was found on site.")
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
    record_event(
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
