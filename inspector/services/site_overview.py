"""What the office site page opens with: the site's status at a glance (permit, stop-work order,
what is overdue), what is due, and which inspection this person would start now."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from ..models import User
from ..rules.rulebook import Rulebook
from . import enforcement, findings, permits, schedule
from .inspections import kinds_for


def start_for(due: list[dict], user: User) -> dict:
    """The inspection to start: the most urgent due one this person may record (overdue first),
    else their own kind (the Village's inspection for staff, the weekly one for a permittee)."""
    may = kinds_for(user)
    for item in due:
        if item["kind"] in may:
            return {"kind": item["kind"], "rain_event_id": item["rain_event_id"]}
    return {"kind": "village" if "village" in may else "weekly", "rain_event_id": None}


def overview(session: Session, site, user: User, now: datetime, rb: Rulebook) -> dict:
    every = schedule.due_items(session, site, now, rb)
    due = [
        {**d, "due": schedule.parse_iso(d["due_at"])} for d in every if d["state"] != "not_active"
    ]
    due.sort(key=lambda d: (d["state"] != "overdue", d["due_at"] or ""))
    unresolved = findings.for_sites(session, [site.id], statuses=findings.UNRESOLVED)
    stop = enforcement.site_status(session, [site.id], now)[site.id]
    return {
        "permit": permits.current_permit(session, site.id),
        "stop_work": enforcement.public_status(stop, user),
        "due": due,
        "not_active": [d for d in every if d["state"] == "not_active"],
        "overdue_inspections": sum(d["state"] == "overdue" for d in due),
        "open_findings": len(unresolved),
        "overdue_findings": sum(findings.is_overdue(f, now, rb) for f in unresolved),
        "start": start_for(due, user),
    }
