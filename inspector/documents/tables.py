"""CSV and GeoJSON exports, streamed from one query each (visibility as on the pages)."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, select

from ..models import Answer, Finding, Inspection, Site, User
from ..rules import clocks
from ..services import findings, sites, stop_work_status
from ..services.permits import current_permits, status_on

LOCAL_TIME = "%Y-%m-%d %H:%M %Z"


def local_time(moment: datetime | None, rb) -> str:
    """A stored moment (naive UTC) as a cell a person reads: the Village's wall-clock time with its
    zone ("2026-12-03 19:30 CST"); empty when there is none."""
    return clocks.to_local(moment, rb).strftime(LOCAL_TIME) if moment else ""


def _visible_site_ids(user: User):
    return sites.visible_sites_query(user).with_only_columns(Site.id)


def csv_text(header: list[str], rows) -> str:
    """The rows as CSV text, each cell safe to open in a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for row in rows:
        # A cell starting with = + - @ would run as a formula in a spreadsheet: quote it as text.
        writer.writerow(
            ["'" + c if isinstance(c, str) and c[:1] in ("=", "+", "-", "@") else c for c in row]
        )
    return out.getvalue()


def inspections_csv(
    session: Session, user: User, *, site_id: int | None = None, days: tuple | None = None
) -> str:
    """days: (first, last) local days inspected, both included."""
    fails = (
        select(Answer.inspection_id, func.count().label("n"))
        .where(Answer.result == "fail")
        .group_by(Answer.inspection_id)
        .subquery()
    )
    query = (
        select(Inspection, Site.name, fails.c.n)
        .join(Site, Site.id == Inspection.site_id)
        .outerjoin(fails, fails.c.inspection_id == Inspection.id)
        .where(Inspection.site_id.in_(_visible_site_ids(user)))
        .order_by(Inspection.inspected_on.desc())
    )
    if site_id is not None:
        query = query.where(Inspection.site_id == site_id)
    if days is not None:
        query = query.where(Inspection.inspected_on.between(*days))
    rows = (
        (
            i.id,
            i.site_id,
            name,
            i.kind,
            i.inspected_on.isoformat(),
            i.inspector_name,
            "village" if i.by_village else "permittee",
            i.weather,
            i.phase,
            i.active_disturbance,
            n or 0,
            i.photos_expected,
            i.sha256 or "",
            i.replaces_id or "",
        )
        for i, name, n in session.exec(query)
    )
    return csv_text(
        [
            "inspection_id",
            "site_id",
            "site",
            "kind",
            "inspected_on",
            "inspector",
            "by",
            "weather",
            "phase",
            "active_disturbance",
            "modifications_required",
            "photos",
            "sha256",
            "replaces_id",
        ],
        rows,
    )


def findings_csv(
    session: Session,
    user: User,
    now: datetime,
    rb,
    *,
    site_id: int | None = None,
    between: tuple | None = None,
) -> str:
    """between: (start, end) in naive UTC, the findings recorded from start up to end. Times are
    the Village's local times with the zone, as on the finding's page."""
    query = (
        select(Finding, Site.name)
        .join(Site, Site.id == Finding.site_id)
        .where(Finding.site_id.in_(_visible_site_ids(user)))
        .order_by(Finding.due_at)
    )
    if site_id is not None:
        query = query.where(Finding.site_id == site_id)
    if between is not None:
        query = query.where(Finding.created_at >= between[0], Finding.created_at < between[1])
    rows = (
        (
            f.id,
            f.site_id,
            name,
            f.inspection_id,
            f.item_code,
            f.severity,
            f.citation,
            f.status,
            local_time(f.due_at, rb),
            findings.is_overdue(f, now),
            f.required_action,
            f.corrected_note,
            local_time(f.corrected_at, rb),
            local_time(f.verified_at, rb),
        )
        for f, name in session.exec(query)
    )
    return csv_text(
        [
            "finding_id",
            "site_id",
            "site",
            "inspection_id",
            "item_code",
            "severity",
            "citation",
            "status",
            "due_local",
            "overdue",
            "required_action",
            "corrected_note",
            "corrected_local",
            "verified_local",
        ],
        rows,
    )


def _open_order(entry: dict, rb) -> dict:
    """One open stop-work order of a site as the site table gives it: its status, citations, issue
    and posting, and its own compliance deadline, in the Village's local time with the zone. An
    order not yet posted has none: its days run from its posting (§ 256-10B, C)."""
    words = stop_work_status.STATUS_WORDS.get(entry["status"], (entry["status"],))[0]
    posted = entry["posted_at"] is not None
    days = rb["clocks.stop_work_compliance.days"]
    if posted and entry["compliance_due"]:
        last = clocks.last_local_day(entry["compliance_due"], rb)
        compliance = f"due by the end of {last:%a %Y-%m-%d}"
    elif entry["status"] == "issued":
        compliance = f"not yet posted on the site: due {days} days from its posting"
    else:
        compliance = ""
    return {
        "order_id": entry["order_id"],
        "status": entry["status"],
        "status_words": words,
        "citation": entry["citation"],
        "issued_local": local_time(entry["issued_at"], rb),
        "posted_local": local_time(entry["posted_at"], rb),
        "compliance_due_local": local_time(entry["compliance_due"], rb) if posted else "",
        "compliance_passed": entry["compliance_passed"] if posted else False,
        "compliance": compliance,
    }


def sites_geojson(
    session: Session, user: User, now: datetime, rb, *, site_id: int | None = None
) -> str:
    query = sites.visible_sites_query(user).order_by(Site.id)
    if site_id is not None:
        query = query.where(Site.id == site_id)
    site_list = list(session.exec(query))
    ids = [s.id for s in site_list]
    permits = current_permits(session, ids) if ids else {}
    counts = findings.counts_by_site(session, ids, now)
    # Every open order of each site, in the one query site_status made (a site may be under two).
    stops = stop_work_status.with_open_orders(session, ids, now)
    today = clocks.local_date(now, rb)  # a permit's status that day, as its page shows it
    features = []
    for s in site_list:
        permit = permits.get(s.id)
        geometry = (
            {"type": "Point", "coordinates": [s.longitude, s.latitude]}
            if s.latitude is not None and s.longitude is not None
            else None
        )
        features.append(
            {
                "type": "Feature",
                "id": s.id,
                "geometry": geometry,
                "properties": {
                    "name": s.name,
                    "address": s.address,
                    "project_kind": s.project_kind,
                    "area_acres": s.area_acres,
                    "permit_number": permit.number if permit else None,
                    "permit_status": status_on(permit, today) if permit else None,
                    "open_findings": counts[s.id]["open"],
                    "overdue_findings": counts[s.id]["overdue"],
                    "stop_work": stop_work_status.public_status(stops[s.id], user)["status"],
                    "stop_work_orders": [
                        _open_order(e, rb)
                        for e in stop_work_status.public_open(stops[s.id]["open"], user)
                    ],
                },
            }
        )
    return json.dumps({"type": "FeatureCollection", "features": features}, ensure_ascii=False)
