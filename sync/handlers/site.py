"""Sites: the work-packet entry devices pull (docs/sync-protocol.md), and site-detail edits with version merge."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import AuditEvent, Company, Site
from inspector.rules import clocks
from inspector.services import Forbidden, permits, sites, stabilization
from inspector.services.words import words

from .. import validate
from ..schemas.records import SiteEdit, SitePacket
from . import Outcome

STAFF = ("inspector", "supervisor")


def packet_entries(session, site_list: list[Site], user, now, rb) -> dict[int, dict]:
    """Work-packet entries for many sites with a constant number of queries (plus one chart each)."""
    from inspector import charts
    from inspector.services import findings, schedule

    ids = [s.id for s in site_list]
    due = schedule.due_items_many(session, site_list, now, rb)
    orders = _open_orders(session, ids, user, now)
    notices = stabilization.notices_by_site(session, ids)
    open_by_site: dict[int, list] = {}
    for finding in findings.open_findings(session, ids):
        open_by_site.setdefault(finding.site_id, []).append(finding)
    out = {}
    for site in site_list:
        view = sites.ordinance_view(site, rb)
        permit = permits.current_permit(session, site.id)
        company = session.get(Company, permit.company_id) if permit else None
        site_orders = orders.get(site.id, [])
        site_findings = open_by_site.get(site.id, [])
        try:
            svg = charts.site_timeline_svg(session, site, now, rb)
        except Exception:  # a chart must never keep a site off the device; the page says "no chart"
            svg = None
        out[site.id] = {
            "id": str(site.id),
            "name": site.name,
            "address": site.address,
            "project_kind": site.project_kind,
            "kind_label": rb[f"applicability.kinds.{site.project_kind}.label"],
            "latitude": site.latitude,
            "longitude": site.longitude,
            "regime": view["regime"].name,
            "tags": view["tags"],
            "checklist_codes": [item["code"] for item in view["checklist"]],
            "applicable": bool(view["applicability"].applies),
            "permit": None
            if permit is None
            else {
                "id": permit.id,
                "number": permit.number,
                "status": permit.status,
                "status_words": words(permits.STATUS_WORDS, permit.status),
                "expires_on": permit.expires_on.isoformat() if permit.expires_on else None,
                "active": permits.is_active(permit, clocks.local_date(now, rb)),
                "in_force": permits.in_force_on(permit, clocks.local_date(now, rb)),
                "company": company.name if company else None,
                "stabilization_notified": _notice_day(notices.get(site.id), permit, rb),
            },
            "due": due.get(site.id, []),
            # The most significant order, all a device of an older version reads.
            "stop_work": site_orders[0] if site_orders else None,
            "stop_work_orders": site_orders,
            "open_findings": len(site_findings),
            "overdue_findings": sum(1 for f in site_findings if findings.is_overdue(f, now, rb)),
            "timeline_svg": svg,
            "version": site.version,
        }
    return out


def _open_orders(session, ids: list[int], user, now) -> dict[int, list[dict]]:
    """Every open stop-work order of each site as `user` may see it (a permittee is not told of a
    proposal), the most significant first, as the office pages list them
    (stop_work_status.with_open_orders): the first is the one site_status names. A site may be
    under two at once (one issued in the office and not yet posted, one posted in the field),
    each with its own deadline. One query."""
    from inspector.services import stop_work_status

    return {
        site_id: [
            {**entry, "status_words": _order_words(entry["status"])}
            for entry in stop_work_status.public_open(stop["open"], user)
        ]
        for site_id, stop in stop_work_status.with_open_orders(session, ids, now).items()
    }


def _notice_day(notice, permit, rb):
    """The Village's day a notice of final stabilization waiting under `permit` was given, or None
    (none, another permit's, or the permit no longer in force: stabilization.waiting)."""
    if notice is None or notice[0] != permit.id or permit.status not in permits.IN_FORCE:
        return None
    return clocks.local_date(notice[1], rb).isoformat()


def editable_snapshot(site: Site) -> SiteEdit:
    data = {key: getattr(site, key) for key in sites.EDITABLE}
    return SiteEdit(**data, id=site.id, site_id=site.id, version=site.version)


def changed_since(session, site: Site, base_version: int) -> set[str]:
    """The fields the server changed after `base_version`, read from the site's audit trail."""
    changed: set[str] = set()
    events = session.exec(
        select(AuditEvent).where(
            AuditEvent.entity == "site",
            AuditEvent.entity_id == str(site.id),
            AuditEvent.action == "update",
        )
    ).all()
    for event in events:
        after, before = event.after or {}, event.before or {}
        if after.get("version", 0) > base_version:
            changed.update(k for k in sites.EDITABLE if before.get(k) != after.get(k))
    return changed


class SiteHandler:
    entity = "site"

    def apply(self, session, mutation, ctx) -> Outcome:
        if ctx.user.role not in STAFF:
            raise Forbidden("Only Village staff change a site's details.")
        if mutation.get("op") == "delete":
            return Outcome(
                status="rejected",
                reason="Sites are not deleted from a device.",
                errors={"op": "Not allowed."},
            )
        key = mutation["entity_id"]
        if not (key.isascii() and key.isdigit() and int(key) <= validate.MAX_ID):  # a database id
            return Outcome(status="rejected", errors={"entity_id": "Must be the site's id."})
        site_id = int(key)
        site = sites.get_visible_site(session, ctx.user, site_id)
        payload = mutation.get("payload") or {}
        unknown = sorted(set(payload) - set(sites.EDITABLE))
        if unknown:
            return Outcome(
                status="rejected", errors={k: "Not a field a device may change." for k in unknown}
            )
        base = mutation.get("base_version")
        if base is None:
            return Outcome(
                status="rejected",
                errors={"base_version": "Required: the version the edit started from."},
            )
        if base > site.version:
            return Outcome(
                status="rejected",
                errors={"base_version": f"The server is at version {site.version}."},
            )
        values = sites.clean_site_data(payload, ctx.rb)  # ServiceError names the field
        if base < site.version:
            overlap = {
                k
                for k in changed_since(session, site, base) & set(values)
                if values[k] != getattr(site, k)
            }
            if overlap:
                return Outcome(
                    status="conflict",
                    server_copy=editable_snapshot(site),
                    reason="Someone changed the same details on the server first.",
                    errors={
                        k: f"Changed on the server since version {base}." for k in sorted(overlap)
                    },
                )
        sites.update_site(session, site, values, user=ctx.user, device_id=ctx.device_id, rb=ctx.rb)
        return Outcome(status="applied", version=site.version, data=editable_snapshot(site))

    def serialize(self, session, entity_id, user) -> SitePacket | None:
        try:
            site_id = int(entity_id)
        except ValueError:
            return None
        site = session.exec(sites.visible_sites_query(user).where(Site.id == site_id)).first()
        if site is None:
            return None
        from flask import current_app

        from inspector.services import clock

        rb = current_app.extensions["rulebook"]
        return SitePacket(**packet_entries(session, [site], user, clock.now(), rb)[site.id])


def _order_words(status: str) -> str:
    """The order's status as the pages word it ("Cease-and-desist requested")."""
    from inspector.services import stop_work_status

    return words(stop_work_status.STATUS_WORDS, status)
