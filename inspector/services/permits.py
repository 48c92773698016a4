"""Permits under § 256-8: what every step of a permit shares. Its status (as recorded, and as a page
shows it today), its name in words, the site's current permit, its history, who may act for the
permittee, and the length of what is written on it.

The steps are beside it, by what the ordinance names:
- permit_applications.py: the application (§ 256-8A), its review clock and the decision, issue
  or denial (§ 256-8C);
- control_plans.py: the control plan documents (§ 256-8B) and the plan's modification with the
  Village's written permission (§ 256-8D(3)(c));
- permit_duration.py: the duration and its extensions (§ 256-8D(1)), the surety bond
  (§ 256-8D(2)), and the permit's closing once the site is finally stabilized;
- permit_notices.py: the permittee's notices of commencement and of a control measure's
  completion (§ 256-8D(3)(a), (b)) and its acknowledgement of the permit conditions;
- permit_clocks.py: what the permit page and the reminder say of its clocks.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import bindparam, case, literal
from sqlmodel import Session, select

from ..models import Permit, PermitEvent, User
from ..models.base import utcnow
from . import NotFound, ServiceError, audit

ACTIVE = ("issued", "extended")
# A permit in force: its schedule of inspections runs (a stop-work order suspends construction, not
# the upkeep of the controls), so a newer application never takes its place as the site's current one.
IN_FORCE = ACTIVE + ("suspended",)
UNDECIDED = ("applied", "under_review")
# A permit's status as every page words it (the keys are the database's): one mapping, used by the
# pages' `permitwords` filter and the work packet.
STATUS_WORDS = {
    "none": "No permit",
    "applied": "Application received",
    "under_review": "Under review",
    "issued": "Issued",
    "extended": "Extended",
    "suspended": "Suspended",
    "expired": "Expired",
    "revoked": "Revoked",
    "denied": "Denied",
    "closed": "Closed",
}


def set_status(
    session: Session,
    permit: Permit,
    status: str,
    *,
    user_id: int | None,
    note: str = "",
    **fields,
) -> None:
    """A new status, with `fields` the decision writes beside it (its audit entry shows them)."""
    change(
        session, permit, f"status:{status}", user_id=user_id, history=note, status=status, **fields
    )


def change(
    session: Session,
    permit: Permit,
    action: str,
    *,
    user_id: int | None,
    history: str | None = None,
    stamp: bool = True,
    **fields,
) -> None:
    """Write `fields` on the permit as its next version, with the audit entry `action` (before and
    after). `history`: the note of a new status in the permit's history (set_status). `stamp`:
    updated_at is set to now (the notice of commencement has always left it as it was)."""
    before = audit.snapshot(permit)
    for name, value in fields.items():
        setattr(permit, name, value)
    permit.version += 1
    if stamp:
        permit.updated_at = utcnow()
    session.add(permit)
    if history is not None:
        session.add(
            PermitEvent(permit_id=permit.id, status=permit.status, note=history, by_user_id=user_id)
        )
    session.flush()
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action=action,
        user_id=user_id,
        before=before,
        after=audit.snapshot(permit),
        site_id=permit.site_id,
    )


def received_words(permit: Permit) -> str:
    """When the application came in, in words: "received December 2, 2026"."""
    day = permit.application_received_on
    return f"received {day:%B} {day.day}, {day.year}"


def permit_label(permit: Permit) -> str:
    """A permit as a heading or a table names it: its number, given at issue, or else
    "Application received December 2, 2026" (a record number means nothing to a person)."""
    return permit.number or f"Application {received_words(permit)}"


def permit_name(permit: Permit) -> str:
    """permit_label within a sentence: "the application received December 2, 2026"."""
    return permit.number or f"the application {received_words(permit)}"


def status_on(permit: Permit, today: date) -> str:
    """The status a page shows today, without writing: an issued permit past its last valid day
    reads "expired" even before the tick (or an action on it) records that (docs/layers.md)."""
    if permit.status in ACTIVE and permit.expires_on and today > permit.expires_on:
        return "expired"
    return permit.status


def refresh_status(session: Session, permit: Permit, today: date) -> None:
    """Time passes: an issued permit past its last valid day becomes expired (the tick and the
    actions on a permit call this; pages never do, they show status_on)."""
    if status_on(permit, today) != permit.status:
        set_status(
            session,
            permit,
            "expired",
            user_id=None,
            note=f"Expired after {permit.expires_on.isoformat()}",
        )


def expire_lapsed(session: Session, today: date) -> int:
    """The tick: every issued permit past its last valid day becomes expired; how many did."""
    lapsed = session.exec(
        select(Permit).where(Permit.status.in_(ACTIVE), Permit.expires_on < today)
    ).all()
    for permit in lapsed:
        refresh_status(session, permit, today)
    return len(lapsed)


def in_force_on(permit: Permit | None, day: date) -> bool:
    """Issued, extended or suspended on `day`: from its issue day, and not past its last valid day.
    A permit the tick has since marked expired was in force on the days it covered (a stop-work
    order posted offline on one of them arrives later)."""
    if permit is None or permit.issued_on is None or day < permit.issued_on:
        return False
    if permit.status == "expired":
        return permit.expires_on is not None and day <= permit.expires_on
    return status_on(permit, day) in IN_FORCE


def is_active(permit: Permit | None, today: date) -> bool:
    return bool(
        permit
        and permit.status in ACTIVE
        and permit.issued_on
        and permit.issued_on <= today
        and permit.expires_on
        and today <= permit.expires_on
    )


# The site's current permit (the one its clocks follow): the newest in force when there is one, else
# the newest (created_at, then id). In force first, so that a later application, denial or anything
# else undecided never switches off the schedule of the permit in force. In this order, ascending,
# each site's current permit comes last (current_permits reads many sites so).
_IN_FORCE_RANK = case((Permit.status.in_([literal(s) for s in IN_FORCE]), 1), else_=0)
CURRENT_LAST = (_IN_FORCE_RANK, Permit.created_at, Permit.id)


# Built once: asked on every page of a site and for every site of a sync batch.
_CURRENT = (
    select(Permit)
    .where(Permit.site_id == bindparam("site_id"))
    .order_by(*(column.desc() for column in CURRENT_LAST))
    .limit(1)
)


def current_key(permit: Permit) -> tuple:
    """CURRENT_LAST for a permit already read: the largest is the current one."""
    return (permit.status in IN_FORCE, permit.created_at, permit.id)


def current_permit(session: Session, site_id: int) -> Permit | None:
    """The site's current permit: its newest in force, else its newest (CURRENT_LAST)."""
    return session.execute(_CURRENT, {"site_id": site_id}).scalars().first()


def current_permits(session: Session, site_ids, columns: tuple = ()) -> dict[int, Permit]:
    """Each site's current permit, as current_permit picks it, in one query. `site_ids`: a list, a
    SELECT of ids, or None for every site. `columns`: only these, as rows (a page of 1,000 sites
    reads a few columns, and never writes them); Permit objects otherwise."""
    query = select(*columns) if columns else select(Permit)
    if site_ids is not None:
        query = query.where(Permit.site_id.in_(site_ids))
    out = {}
    for permit in session.exec(query.order_by(*CURRENT_LAST)).all():
        out[permit.site_id] = permit  # each site's current permit comes last in CURRENT_LAST
    return out


def get_permit(session: Session, permit_id: int) -> Permit:
    permit = session.get(Permit, permit_id)
    if permit is None:
        raise NotFound("No such permit.")
    return permit


def require_permittee_of(permit: Permit, user: User) -> None:
    """A permittee acts on its own company's permits only: another's is, to it, no permit (404)."""
    if user.role == "permittee" and user.company_id != permit.company_id:
        raise NotFound("No such permit.")


# What the Village or a permittee writes on a permit (a request for written permission and its
# decision, § 256-8D(3)(c); a denial's reasons; an extension's conditions): a letter's length, as a
# stop-work order's reason (enforcement.REASON_MAX).
WRITING_MAX = 4000


def written(text: str, field: str) -> str:
    """What was written on a permit, trimmed; refused when longer than WRITING_MAX."""
    text = text.strip()
    if len(text) > WRITING_MAX:
        raise ServiceError(
            f"Too long: at most {WRITING_MAX} characters (now {len(text)}). Shorten it, or attach "
            "the details to the control plan.",
            field=field,
        )
    return text


def history(session: Session, permit: Permit) -> list[PermitEvent]:
    return list(
        session.exec(
            select(PermitEvent)
            .where(PermitEvent.permit_id == permit.id)
            .order_by(PermitEvent.at, PermitEvent.id)
        )
    )


def history_names(session: Session, events: list[PermitEvent]) -> dict[int, str]:
    """Who closed the permit, for its history (the other steps' notes say what they need)."""
    ids = {e.by_user_id for e in events if e.status == "closed" and e.by_user_id}
    if not ids:
        return {}
    return {u.id: u.name for u in session.exec(select(User).where(User.id.in_(ids)))}
