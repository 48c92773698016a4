"""A work packet (contract C pull body) built from the demo database, for capture tests that must not
depend on the sync API: the test writes it into IndexedDB through static/js/store.js applyPull()."""
from __future__ import annotations

from sqlmodel import select

from inspector.db import get_session
from inspector.models import Company, Site, User
from inspector.models.base import utcnow
from inspector.services import permits, schedule, sites


def catalog(rb) -> dict:
    return {"version": rb["checklist.version"], "answers": rb["checklist.answers"], "items": rb["checklist.items"]}


def pull_body(app, email: str = "inspector@fairwater.example") -> dict:
    rb = app.extensions["rulebook"]
    with app.app_context():
        session = get_session()
        user = session.exec(select(User).where(User.email == email)).one()
        now = utcnow()
        changes = []
        for site in session.exec(select(Site).order_by(Site.id)).all():
            view = sites.ordinance_view(site, rb)
            permit = permits.current_permit(session, site.id)
            company = session.get(Company, permit.company_id).name if permit else None
            changes.append({"entity": "site", "id": str(site.id), "op": "upsert", "version": site.version, "data": {
                "id": str(site.id), "name": site.name, "address": site.address, "project_kind": site.project_kind,
                "kind_label": site.project_kind.replace("_", " "), "latitude": None, "longitude": None,
                "regime": view["regime"].name, "tags": view["tags"],
                "checklist_codes": [item["code"] for item in view["checklist"]],
                "applicable": bool(view["applicability"]),
                "permit": permit and {"id": permit.id, "number": permit.number, "status": permit.status,
                                      "expires_on": permit.expires_on and permit.expires_on.isoformat(),
                                      "active": permits.is_active(permit, now.date()), "company": company},
                "due": schedule.due_items(session, site, now, rb), "stop_work": None,
                "open_findings": 0, "overdue_findings": 0, "timeline_svg": None, "version": site.version}})
        return {"cursor": "test-1", "has_more": False,
                "user": {"id": user.id, "name": user.name, "role": user.role, "company": None},
                "catalog": catalog(rb), "calculators": None, "changes": changes}
