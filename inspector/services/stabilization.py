"""The permittee's notice that its site is finally stabilized: an ask that the Village close the
permit (permit_duration.close). The ordinance is silent on it (clocks.stabilization_notice.reading_note): the
notice closes nothing, and the inspections stay due (§ 256-8D(3)(g)) until the Village closes the
permit. Kept in the audit trail, one event per notice and per decline (no table of its own)."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import bindparam
from sqlmodel import Session, select

from ..models import AuditEvent, Permit, User
from ..postgresql import lock_for_writing
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import Forbidden, NotFound, ServiceError, audit, read_rows
from .permit_duration import closing
from .permits import ACTIVE, IN_FORCE, STATUS_WORDS

NOTIFIED = "stabilization:notified"
DECLINED = "stabilization:declined"
DESCRIPTION_MAX = 1000
DESCRIPTION_MISSING = (
    "Say what was done to stabilize the site, for example: seeded and mulched, 70 % cover, "
    "silt fence removed."
)
DECLINE_REASON_MISSING = "Say what the Village found not yet stabilized: the permittee reads it."
STILL_DUE = "Inspections stay due until the Village closes the permit."


def _events(site_ids, columns: tuple):
    """The notices and declines on the sites of `site_ids` (a query or a list of ids), oldest
    first, as rows of `columns`."""
    return (
        select(*columns)
        .where(
            AuditEvent.entity == "permit",
            AuditEvent.action.in_((NOTIFIED, DECLINED)),
            AuditEvent.site_id.in_(site_ids),
        )
        .order_by(AuditEvent.id)
    )


def _written(text: str, field: str, missing: str) -> str:
    """What was typed for the notice or the decline, stripped: refused when empty or too long."""
    text = text.strip()
    if not text:
        raise ServiceError(missing, field=field)
    if len(text) > DESCRIPTION_MAX:
        raise ServiceError(
            f"Too long: at most {DESCRIPTION_MAX} characters (now {len(text)}).", field=field
        )
    return text


# The permit's last notice or decline, read by the permit alone: the (entity, entity_id) index holds
# its few events, where the site's would read every inspection and packet event of the site; a
# prebuilt read, as the site page's others (every site page asks it).
_LAST = (
    select(AuditEvent.action, AuditEvent.user_id, AuditEvent.after)
    .where(
        AuditEvent.entity == "permit",
        AuditEvent.entity_id == bindparam("permit"),
        AuditEvent.action.in_((NOTIFIED, DECLINED)),
    )
    .order_by(AuditEvent.id.desc())
    .limit(1)
)


def latest(session: Session, permit: Permit, rb: Rulebook | None = None) -> dict | None:
    """The permit's last notice of final stabilization, or the Village's decline of it, as a person
    reads it: {"declined": bool, "stabilized_on", "description", "notified_on", "by"} and, declined,
    {"reason", "declined_on"}; None when none was given."""
    rb = rb or default()
    last = read_rows(session, _LAST, {"permit": str(permit.id)}).first()
    if last is None:
        return None
    after = last.after or {}
    notice = after.get("notice", after) if last.action == DECLINED else after
    who = after.get("notice_by") if last.action == DECLINED else last.user_id
    by = session.get(User, who) if who else None
    out = {
        "declined": last.action == DECLINED,
        "stabilized_on": date.fromisoformat(notice["stabilized_on"]),
        "description": notice.get("description", ""),
        "notified_at": notice["notified_at"],
        "notified_on": clocks.local_date(datetime.fromisoformat(notice["notified_at"]), rb),
        "by": by.name if by else "the permittee",
        "by_id": by.id if by else None,
        "by_permittee": by is None or by.role == "permittee",
    }
    if out["declined"]:
        out["reason"] = after.get("reason", "")
        out["declined_on"] = clocks.local_date(datetime.fromisoformat(after["declined_at"]), rb)
    return out


def waiting(session: Session, permit: Permit, rb: Rulebook | None = None) -> dict | None:
    """The notice waiting for the Village on `permit` (latest's facts), or None: none given, the
    last one declined, or the permit no longer in force (closed, revoked or expired)."""
    if permit.status not in IN_FORCE:
        return None
    last = latest(session, permit, rb)
    return None if last is None or last["declined"] else last


def waiting_by_site(session: Session, scope) -> dict[int, int]:
    """{site id: the permit whose notice waits} on the sites of `scope` (a query of site ids; None:
    every site), in one query; the caller keeps those whose permit is the site's current one and
    in force."""
    return {site: permit for site, (permit, _day) in notices_by_site(session, scope).items()}


def notices_by_site(session: Session, scope) -> dict[int, tuple[int, datetime]]:
    """{site id: (the permit whose notice was the last word, when it was given, naive UTC)} on the
    sites of `scope` (a query or a list of site ids; None: every site), in one query. The caller
    keeps those whose permit is the site's current one and in force (as `waiting` does)."""
    if scope is None:  # the sites with a permit that could be asked to close, not the whole trail
        scope = select(Permit.site_id).where(Permit.status.in_(ACTIVE))
    last: dict[int, tuple[int, str, dict | None]] = {}
    columns = (AuditEvent.site_id, AuditEvent.entity_id, AuditEvent.action, AuditEvent.after)
    for site_id, permit_id, action, after in session.exec(_events(scope, columns)):
        last[site_id] = (int(permit_id), action, after)
    return {
        site: (permit, datetime.fromisoformat((after or {})["notified_at"]))
        for site, (permit, action, after) in last.items()
        if action == NOTIFIED
    }


def _refusal(session: Session, permit: Permit, rb: Rulebook) -> str | None:
    if permit.status == "closed":
        when = closing(session, permit, rb)
        return (
            "This permit is already closed"
            + (f" (on {when['on']:%a %Y-%m-%d} by {when['by']})" if when else "")
            + ": no inspections are due under it. Nothing was sent."
        )
    if permit.status not in ACTIVE:
        return (
            "Final stabilization is notified under an issued or extended permit (this one is "
            f"{STATUS_WORDS.get(permit.status, permit.status).lower()}). Nothing was sent."
        )
    given = waiting(session, permit, rb)
    if given is not None:
        return (
            f"Your notice of final stabilization given {given['notified_on']:%a %Y-%m-%d} is "
            "waiting for the Village: it closes the permit once it has verified the site, or "
            "declines the notice. A new notice can be given once it is declined. Nothing was sent."
        )
    return None


def notify(
    session: Session,
    permit: Permit,
    *,
    user: User,
    stabilized_on: date,
    description: str,
    now: datetime,
    rb: Rulebook | None = None,
) -> AuditEvent:
    """The permittee (or a supervisor for it) tells the Village the site is finally stabilized."""
    rb = rb or default()
    if user.role == "permittee" and user.company_id != permit.company_id:
        raise NotFound("No such permit.")
    if user.role not in ("permittee", "supervisor"):
        raise Forbidden("The permittee notifies final stabilization, or a supervisor for it.")
    # Two tabs at once: the check for a waiting notice and the new one are one step.
    lock_for_writing(session.connection())
    refusal = _refusal(session, permit, rb)
    if refusal:
        raise ServiceError(refusal)
    if stabilized_on > clocks.local_date(now, rb):
        raise ServiceError(
            "The day the site was finally stabilized cannot be in the future.",
            field="stabilized_on",
        )
    if permit.issued_on and stabilized_on < permit.issued_on:
        raise ServiceError(
            "The site was finally stabilized under this permit, so not before it was issued "
            f"({permit.issued_on:%a %Y-%m-%d}).",
            field="stabilized_on",
        )
    description = _written(description, "work_done", DESCRIPTION_MISSING)
    return audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action=NOTIFIED,
        user_id=user.id,
        after={
            "stabilized_on": stabilized_on.isoformat(),
            "description": description,
            "notified_at": now.isoformat(),
        },
        site_id=permit.site_id,
    )


def decline(
    session: Session,
    permit: Permit,
    *,
    user: User,
    reason: str,
    now: datetime,
    rb: Rulebook | None = None,
) -> AuditEvent:
    """The Village found the site not yet finally stabilized: the notice stops waiting, and the
    permittee may give a new one later."""
    rb = rb or default()
    if user.role != "supervisor":
        raise Forbidden("Only a supervisor declines a notice of final stabilization.")
    lock_for_writing(session.connection())
    given = waiting(session, permit, rb)
    if given is None:
        raise ServiceError("No notice of final stabilization is waiting on this permit.")
    reason = _written(reason, "decline_reason", DECLINE_REASON_MISSING)
    notice = {k: given[k] for k in ("stabilized_on", "description", "notified_at")}
    return audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action=DECLINED,
        user_id=user.id,
        after={
            "reason": reason,
            "declined_at": now.isoformat(),
            "notice": {**notice, "stabilized_on": notice["stabilized_on"].isoformat()},
            "notice_by": given["by_id"],
        },
        site_id=permit.site_id,
    )
