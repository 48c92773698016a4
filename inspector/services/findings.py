"""Findings: a failed checklist item becomes a corrective action with a due time, the permittee's
correction, and an inspector's verification (open -> corrected -> closed, or reopened). A finding recorded
in error is withdrawn when the inspection that recorded it is corrected.

This module holds what every step shares: the statuses, which findings a person may see, the open and
overdue ones of sites, a new version of a finding with its audit event and seal (bump), and the note
that tells devices to re-pull a site. Raising findings and their due times: findings_raised.py; the
repair reported and verified: finding_repairs.py; a corrected inspection's findings carried over or
withdrawn: finding_withdrawal.py; the notes a page or report shows: finding_notes.py.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import and_, case, func
from sqlmodel import Session, select

from ..models import Finding, Photo, Site, User
from ..models.findings import UNRESOLVED_STATES
from ..rules.enforcement import is_finding_overdue
from ..rules.rulebook import Rulebook
from . import NotFound, audit, seals

UNRESOLVED = UNRESOLVED_STATES


NEEDS_REPAIR = ("open", "reopened")


def answer_field(answer, name, default=None):
    return answer.get(name, default) if isinstance(answer, dict) else getattr(answer, name, default)


def packet_changed(
    session: Session, site_id: int, *, user_id: int | None, why: str, device_id: str | None = None
) -> None:
    """Devices re-pull a site's work-packet entry when an audit event for entity `site` appears."""
    audit.record(
        session,
        entity="site",
        entity_id=site_id,
        action="packet",
        user_id=user_id,
        after={"why": why},
        site_id=site_id,
        device_id=device_id,
    )


def is_overdue(finding: Finding, now: datetime, rb: Rulebook | None = None) -> bool:
    grace = rb["stop_work.overdue_grace_hours"] if rb is not None else 0
    return is_finding_overdue(finding.status, finding.due_at, now, grace)


def open_findings(session: Session, site_ids) -> list[Finding]:
    """Unresolved findings (open, corrected awaiting verification, reopened) of these sites, oldest due first."""
    ids = list(site_ids)
    if not ids:
        return []
    return list(
        session.exec(
            select(Finding)
            .where(Finding.site_id.in_(ids), Finding.status.in_(UNRESOLVED))
            .order_by(Finding.due_at)
        )
    )


def counts_by_site(session: Session, site_ids, now: datetime, scope=None) -> dict[int, dict]:
    """{site_id: {"open": n, "overdue": n}} in one query (pages listing many sites). `scope`, a SELECT of
    site ids, replaces a long IN list for pages that list every visible site."""
    ids = list(site_ids)
    out = {sid: {"open": 0, "overdue": 0} for sid in ids}
    if not ids:
        return out
    overdue = func.sum(
        case((and_(Finding.status.in_(NEEDS_REPAIR), Finding.due_at < now), 1), else_=0)
    )
    query = (
        select(Finding.site_id, func.count(), overdue)
        .where(Finding.site_id.in_(ids if scope is None else scope), Finding.status.in_(UNRESOLVED))
        .group_by(Finding.site_id)
    )
    for site_id, count, late in session.exec(query):
        if site_id in out:
            out[site_id] = {"open": count, "overdue": int(late or 0)}
    return out


def visible_query(user: User):
    """Findings the user may see: staff all; a permittee those of its company's sites."""
    from .sites import visible_sites_query

    query = select(Finding)
    if user.role == "permittee":
        site_ids = visible_sites_query(user).with_only_columns(Site.id)
        query = query.where(Finding.site_id.in_(site_ids))
    return query


def get_visible(session: Session, user: User, finding_id: str) -> Finding:
    finding = session.exec(visible_query(user).where(Finding.id == finding_id)).first()
    if finding is None:
        raise NotFound("No such finding.")
    return finding


def photos_of(session: Session, finding: Finding) -> dict[str, list[Photo]]:
    """{"before": photos of the failed item in its inspection, "after": photos of the correction}."""
    before = list(
        session.exec(
            select(Photo).where(
                Photo.inspection_id == finding.inspection_id, Photo.item_code == finding.item_code
            )
        )
    )
    after = list(session.exec(select(Photo).where(Photo.finding_id == finding.id)))
    return {"before": before, "after": after}


def bump(
    session: Session,
    finding: Finding,
    before: dict,
    *,
    action: str,
    user_id: int | None,
    now: datetime,
    device_id: str | None,
    extra: dict | None = None,
) -> None:
    """A new version (devices pull the change) and its audit event; `extra` adds to the event's `after`."""
    finding.version += 1
    finding.updated_at = now
    session.add(finding)
    session.flush()
    # The event first: a verifier's note lives in it and is sealed with the finding (sealed_records).
    audit.record(
        session,
        entity="finding",
        entity_id=finding.id,
        action=action,
        user_id=user_id,
        before=before,
        after={**audit.snapshot(finding), **(extra or {})},
        site_id=finding.site_id,
        device_id=device_id,
    )
    session.flush()
    seals.seal(session, "finding", finding, at=now)


def for_sites(
    session: Session, site_ids, *, statuses=None, limit: int | None = None
) -> list[Finding]:
    query = select(Finding).where(Finding.site_id.in_(list(site_ids)))
    if statuses:
        query = query.where(Finding.status.in_(statuses))
    query = query.order_by(Finding.created_at.desc())
    if limit:
        query = query.limit(limit)
    return list(session.exec(query))
