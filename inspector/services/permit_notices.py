"""The permit conditions the permittee meets in writing (§ 256-8D(3)): its notice of commencement
(a) and of a control measure's completion (b), and its acknowledgement of the conditions; and when
a visit first saw the work under way, which the commencement notice is counted from as well.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache

from sqlalchemy import bindparam
from sqlmodel import Session, select

from ..models import ControlMeasureNotice, Permit, User
from ..models.base import utcnow
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import Forbidden, ServiceError, audit, permits, read_rows, visits
from .permits import IN_FORCE, require_permittee_of


def notify_commencement(
    session: Session,
    permit: Permit,
    *,
    user: User,
    commenced_at: datetime,
    now: datetime,
    rb: Rulebook | None = None,
) -> None:
    rb = rb or default()
    require_permittee_of(permit, user)
    # A suspended permit was issued: the notice of a start under it is what an order may ask for.
    if permit.status not in IN_FORCE:
        raise ServiceError(
            "Land disturbance may begin only under an issued permit "
            f"({rb['stop_work.rules.no_permit.citation']})."
        )
    if commenced_at > now:
        raise ServiceError(
            "The start of land disturbance cannot be in the future.", field="commenced_at"
        )
    if permit.commenced_at is not None:
        raise ServiceError("Commencement was already notified.")
    permits.change(
        session,
        permit,
        "notice:commencement",
        user_id=user.id,
        stamp=False,
        commenced_at=commenced_at,
        commencement_notified_at=now,
    )


def notify_completion(
    session: Session,
    permit: Permit,
    *,
    user: User,
    measure: str,
    installed_on: date,
    now: datetime,
    rb: Rulebook | None = None,
) -> ControlMeasureNotice:
    require_permittee_of(permit, user)
    if not measure.strip():
        raise ServiceError("Name the control measure.", field="measure")
    if installed_on > clocks.local_date(now, rb):
        raise ServiceError("The installation date cannot be in the future.", field="installed_on")
    notice = ControlMeasureNotice(
        permit_id=permit.id,
        measure=measure.strip(),
        installed_on=installed_on,
        notified_at=now,
        notified_by=user.id,
    )
    session.add(notice)
    session.flush()
    audit.record(
        session,
        entity="control_measure_notice",
        entity_id=notice.id,
        action="create",
        user_id=user.id,
        after=audit.snapshot(notice),
        site_id=permit.site_id,
    )
    return notice


def completion_notices(session: Session, permit: Permit) -> list[ControlMeasureNotice]:
    return list(
        session.exec(
            select(ControlMeasureNotice)
            .where(ControlMeasureNotice.permit_id == permit.id)
            .order_by(ControlMeasureNotice.installed_on)
        )
    )


def acknowledge_conditions(session: Session, permit: Permit, *, user: User) -> None:
    if user.role != "permittee" or user.company_id != permit.company_id:
        raise Forbidden("Only the permittee acknowledges the permit conditions.")
    if permit.conditions_acknowledged_at:
        return
    permit.conditions_acknowledged_at, permit.conditions_acknowledged_by = utcnow(), user.id
    session.add(permit)
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="acknowledge_conditions",
        user_id=user.id,
        site_id=permit.site_id,
    )


def first_seen_under_way(session: Session, permit: Permit, rb: Rulebook) -> datetime | None:
    """When the first visit since the permit's issue day recorded land disturbance under way (a
    corrected visit as its correction reads), or None."""
    if permit.issued_on is None:
        return None
    rows = read_rows(
        session,
        _first_under_way(),
        {visits.SITE_IDS: [permit.site_id], "issued_on": permit.issued_on},
    )
    return visits.moment(rows[0][0], rows[0][1], rb) if rows else None


@lru_cache(maxsize=1)
def _first_under_way():
    """first_seen_under_way's statement, built once: every site and permit page runs it, and
    building it (and its cache key) over the visits' recursive CTE cost more than running it."""
    visit = visits.by_site_ids()
    return (
        select(visit.c.visit_on, visit.c.visit_started_at)
        .where(
            visit.c.active_disturbance == True,  # noqa: E712
            visit.c.visit_on >= bindparam("issued_on", type_=visit.c.visit_on.type),
        )
        .order_by(visit.c.visit_on, visit.c.visit_started_at)
        .limit(1)
    )
