"""The supervisor's dashboard rows: every site with its permit, inspections due, findings and orders,
gathered in a fixed number of queries however many sites there are, and sorted by urgency."""

from __future__ import annotations

from datetime import date, datetime

from sqlmodel import Session, select

from ..models import Company, Permit, Site, User
from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import findings, sites, stabilization, stop_work_status
from .control_plans import plan_changes_awaiting
from .permit_applications import reviews_due
from .permits import ACTIVE, current_permits, status_on

NEEDS_ACTION = "needs_action"
IN_FORCE = ("issued", "posted")  # an order whose days to comply run, or will once posted


SITE_COLUMNS = (Site.id, Site.name, Site.project_kind, Site.latitude, Site.longitude)
PERMIT_COLUMNS = (
    Permit.id,
    Permit.site_id,
    Permit.company_id,
    Permit.status,
    Permit.issued_on,
    Permit.expires_on,
    Permit.commenced_at,
)


def orders_in_force(stop: dict) -> tuple[bool, bool]:
    """(some open order of the site is in force, one in force is past its days to comply): each
    open order keeps its own clock, and the one shown first (an order issued, not yet posted) may
    not be the one past."""
    forced = passed = False
    for e in stop["open"]:
        if e["status"] in IN_FORCE:
            forced, passed = True, passed or e["compliance_passed"]
    return forced, passed


def urgency(row: dict) -> tuple:
    """Lower sorts first: decisions the supervisor owes, then what is late, then the rest by name."""
    stop = row["stop"]
    return (
        0 if row["order_passed"] else 1,
        0 if stop["proposed"] else 1,
        -row["findings"]["overdue"],
        0 if row["inspection_overdue"] or row["review_overdue"] else 1,
        0 if row["plan_changes"] or row["asks_to_close"] else 1,
        0 if row["order_in_force"] else 1,
        -row["findings"]["open"],
        row["site"].name.lower(),
    )


def rows(session: Session, user: User, now: datetime, rb: Rulebook) -> list[dict]:
    from . import schedule

    # Plain rows, not ORM objects: the page reads a few columns of 1,000 sites and permits, never writes them.
    visible = sites.visible_sites_query(user)
    columns = (
        select(*SITE_COLUMNS)
        if visible.whereclause is None
        else select(*SITE_COLUMNS).where(visible.whereclause)
    )
    site_list = list(session.exec(columns))
    ids = [s.id for s in site_list]
    if not ids:
        return []
    scope = sites.visible_sites_query(user).with_only_columns(Site.id)  # not a 1,000-item IN list
    every_site = visible.whereclause is None  # staff: every site, so no list of ids to match
    # The permit the clocks follow, read once for both.
    permits = current_permits(session, None if every_site else scope, PERMIT_COLUMNS)
    companies = {c.id: c.name for c in session.exec(select(Company))}
    last: dict = {}  # each site's last inspection day, read with the schedule's last inspections
    due = schedule.due_items_many(
        session, site_list, now, rb, permits=permits, every_site=every_site, last_days=last
    )
    counts = findings.counts_by_site(session, ids, now, scope)
    # Grounds are read for the rows a page shows (for_page): sorting 1,000 sites needs none.
    stops = stop_work_status.with_open_orders(session, ids, now, scope, grounds=False)
    # § 256-8C: an application whose decision is due is the supervisor's to act on.
    kinds = {s.id: s.project_kind for s in site_list}
    reviews = reviews_due(session, None if every_site else scope, kinds, rb)
    plan_changes = plan_changes_awaiting(session, None if every_site else scope)
    asks = stabilization.waiting_by_site(session, None if every_site else scope)
    today = clocks.local_date(now, rb)
    staff = user.role != "permittee"
    out = []
    for site in site_list:
        permit = permits.get(site.id)
        items = due.get(site.id, [])
        row = {
            "site": site,
            "permit": permit,
            "company": companies.get(permit.company_id) if permit else None,
            "last_inspected": last.get(site.id),
            "due": items,
            "findings": counts[site.id],
            "stop": stops[site.id] if staff else _shown_stop(stops[site.id], user),
            "inspection_overdue": any(i["state"] == "overdue" for i in items),
            "review_due": reviews[site.id].due if site.id in reviews else None,
            # (requests awaiting a written decision, the permit to decide them on), or None
            "plan_changes": plan_changes.get(site.id),
            # The permittee notified final stabilization: the supervisor verifies, then closes.
            "asks_to_close": bool(
                permit and asks.get(site.id) == permit.id and status_on(permit, today) in ACTIVE
            ),
        }
        row["review_overdue"] = bool(row["review_due"] and today > row["review_due"])
        stop = row["stop"]
        row["order_in_force"], row["order_passed"] = (
            orders_in_force(stop) if stop["open"] else (False, False)
        )
        row["needs_action"] = bool(
            stop["proposed"]
            or row["findings"]["overdue"]
            or row["inspection_overdue"]
            or row["review_overdue"]
            or row["plan_changes"]
            or row["asks_to_close"]
            or row["order_passed"]
        )
        out.append(row)
    return sorted(out, key=urgency)


def _shown_stop(entry: dict, user: User) -> dict:
    """A site's order entry and its open orders as a permittee may see them."""
    return {
        **stop_work_status.public_status(entry, user),
        "open": stop_work_status.public_open(entry["open"], user),
    }


def status_today(row: dict, today: date) -> str:
    """The row's permit status on the Village's day, as every page says it: past its last valid
    day a permit reads expired before the nightly tick records it. Asked of the rows a page shows
    and, with a permit filter, of every row: a SQLAlchemy row's attributes cost microseconds."""
    return status_on(row["permit"], today) if row["permit"] else "none"


def for_page(session: Session, shown: list[dict], today: date) -> list[dict]:
    """The rows a page shows, completed for it: their permit's status today, and the grounds of
    each of their open stop-work orders (one query for the page's orders, run even when none, so
    the count of queries never depends on the data)."""
    grounds = stop_work_status.grounds_of(
        session, [e["order_id"] for row in shown for e in row["stop"]["open"]]
    )
    return [
        {
            **row,
            "stop": {
                **row["stop"],
                **grounds.get(row["stop"]["order_id"], {}),
                "open": [{**e, **grounds.get(e["order_id"], {})} for e in row["stop"]["open"]],
            },
            "permit_status": status_today(row, today),
        }
        for row in shown
    ]


def matches(
    row: dict,
    *,
    today: date,
    permit_status: str = "",
    kind: str = "",
    order: str = "",
    needs: bool = False,
) -> bool:
    if needs and not row["needs_action"]:
        return False
    if permit_status and status_today(row, today) != permit_status:
        return False
    if kind and row["site"].project_kind != kind:
        return False
    if order and order not in ({e["status"] for e in row["stop"]["open"]} or {"none"}):
        return False
    return True
