"""The audit trail, read-only: who changed what, when, from which device, before and after."""
from __future__ import annotations

from flask import Blueprint, render_template, request
from sqlmodel import select

from ..db import get_session
from ..models import AuditEvent, Site, User
from ..security import STAFF, roles_required
from . import nav_link

bp = Blueprint("audit", __name__)
nav_link(bp, "audit.index", "Audit", roles=("supervisor",), order=90)
PAGE = 100


def changes(event: AuditEvent) -> list[tuple[str, object, object]]:
    """(field, before, after) for the fields that differ; all of `after` for a creation."""
    before, after = event.before or {}, event.after or {}
    keys = sorted(set(before) | set(after))
    return [(k, before.get(k), after.get(k)) for k in keys
            if before.get(k) != after.get(k) and k not in ("updated_at", "version")]


@bp.route("/audit/")
@roles_required(*STAFF)
def index():
    session = get_session()
    query = select(AuditEvent)
    args = request.args
    entity, entity_id, site_id = args.get("entity", ""), args.get("entity_id", ""), args.get("site_id", "")
    if entity:
        query = query.where(AuditEvent.entity == entity)
    if entity_id:
        query = query.where(AuditEvent.entity_id == entity_id)
    if site_id.isdigit():
        query = query.where(AuditEvent.site_id == int(site_id))
    before = args.get("before", "")
    if before.isdigit():
        query = query.where(AuditEvent.id < int(before))
    events = list(session.exec(query.order_by(AuditEvent.id.desc()).limit(PAGE)))
    users = {u.id: u for u in session.exec(select(User).where(User.id.in_({e.user_id for e in events if e.user_id})))}
    site_names = dict(session.exec(select(Site.id, Site.name)).all())
    entities = [row for row in session.exec(select(AuditEvent.entity).distinct().order_by(AuditEvent.entity))]
    return render_template("audit/index.html", events=events, users=users, site_names=site_names,
                           entities=entities, entity=entity, entity_id=entity_id, site_id=site_id,
                           changes=changes, more=len(events) == PAGE)
