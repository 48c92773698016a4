"""Where a site's stop-work orders stand, as pages, documents and the work packet show it: the
most significant open order of each site (in force before proposed) and every open order beside it
(a site may be under two at once, each with its own deadline), their grounds in words, and what a
permittee is shown (no internal proposals). Reads only.
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from sqlmodel import Session, select

from ..models import StopWorkOrder, User
from ..models.enforcement import OPEN_STATUSES
from .stop_work_compliance import compliance_end

# Which open order a site's status shows first.
PRIORITY = {
    "revoked_permit": 0,
    "cease_desist_requested": 0,
    "posted": 1,
    "issued": 1,
    "proposed": 2,
}

# An order's status in words, and the tone its badge takes (the order and site pages, the work packet).
STATUS_WORDS = {
    "proposed": ("Proposed — awaiting a supervisor", "warn"),
    "dismissed": ("Dismissed", "info"),
    "withdrawn": ("Withdrawn — its grounds were withdrawn", "info"),
    "issued": ("Stop-work order issued", "bad"),
    "posted": ("Stop-work order posted on site", "bad"),
    "complied": ("Complied with — lifted", "good"),
    "revoked_permit": ("Permit revoked", "bad"),
    "cease_desist_requested": ("Cease-and-desist requested", "bad"),
    "retracted": ("Retracted", "info"),
}


def orders_for_sites(session: Session, site_ids, statuses=None, scope=None) -> list[StopWorkOrder]:
    ids = list(site_ids)
    if not ids:
        return []
    query = select(StopWorkOrder).where(StopWorkOrder.site_id.in_(ids if scope is None else scope))
    if statuses:
        query = query.where(StopWorkOrder.status.in_(statuses))
    return list(session.exec(query.order_by(StopWorkOrder.proposed_at.desc())))


def status_entry(order: StopWorkOrder | None, now: datetime, proposed: int = 0) -> dict:
    if order is None:
        return {
            "status": "none",
            "order_id": None,
            "issued_at": None,
            "posted_at": None,
            "compliance_due": None,
            "compliance_passed": False,
            "grounds": [],
            "citation": None,
            "proposed": proposed,
        }
    end = compliance_end(order)
    return {
        "status": order.status,
        "order_id": order.id,
        "issued_at": order.issued_at,
        "posted_at": order.posted_at,
        # Not yet posted (posted_at None): no deadline runs; the stored one is only its floor.
        "compliance_due": end or order.compliance_due,
        "compliance_passed": bool(end and now >= end),
        **_grounds_entry(order.grounds),
        "proposed": proposed,
    }


def _grounds_entry(grounds: list | None) -> dict:
    """The status entry's words for an order's grounds: each ground, and their citations once."""
    grounds = grounds or []
    return {
        "grounds": [
            {"ground": g["ground"], "citation": g["citation"], "reason": g.get("reason", "")}
            for g in grounds
        ],
        "citation": ", ".join(dict.fromkeys(g["citation"] for g in grounds)) or None,
    }


def grounds_of(session: Session, order_ids: list[str]) -> dict[str, dict]:
    """_grounds_entry of each order, in one query (a page reads the grounds of the rows it shows)."""
    rows = session.exec(
        select(StopWorkOrder.id, StopWorkOrder.grounds).where(StopWorkOrder.id.in_(order_ids))
    )
    return {order_id: _grounds_entry(grounds) for order_id, grounds in rows}


class OpenOrder(NamedTuple):
    """What a status entry reads of an open order (the dashboard reads this for every site: no ORM
    objects, no evidence lists)."""

    id: str
    site_id: int
    status: str
    issued_at: datetime | None
    posted_at: datetime | None
    compliance_due: datetime | None
    grounds: list | None


def site_status(
    session: Session, site_ids, now: datetime, scope=None, *, grounds: bool = True
) -> dict[int, dict]:
    """{site_id: the most significant open order (in force before proposed)} in one query. `scope`, a SELECT
    of site ids, replaces a long IN list for pages that list every visible site. Of two orders as
    significant, the one proposed first stands (ORDER BY: the same whatever the database's row order).
    `grounds=False`: the orders' grounds are not read (the entries name none); a page that lists every
    site sorts on the rest and reads the grounds of the rows it shows with grounds_of."""
    ids = list(site_ids)
    if not ids:
        return {}
    return _status_by_site(ids, _open_rows(session, ids, scope, grounds), now)


def _open_rows(session: Session, ids: list[int], scope, grounds: bool) -> list[OpenOrder]:
    """The open orders of the sites (`scope`, a SELECT of site ids, in place of `ids`), oldest
    proposal first (ties by id: the same whatever the database's row order). One query."""
    fields = OpenOrder._fields if grounds else OpenOrder._fields[:-1]
    query = (
        select(*(getattr(StopWorkOrder, name) for name in fields))
        .where(
            StopWorkOrder.site_id.in_(ids if scope is None else scope),
            StopWorkOrder.status.in_(OPEN_STATUSES),
        )
        .order_by(StopWorkOrder.proposed_at, StopWorkOrder.id)
    )
    rows = session.exec(query)
    return [OpenOrder(*row) for row in rows] if grounds else [OpenOrder(*row, None) for row in rows]


def status_of(site_id: int, orders: list[StopWorkOrder], now: datetime) -> dict:
    """site_status of one site from its orders already read (the site page lists them all): the same
    entry, ties taken in the same order, without reading the orders twice."""
    open_orders = sorted(
        (o for o in orders if o.status in OPEN_STATUSES), key=lambda o: (o.proposed_at, o.id)
    )
    return _status_by_site([site_id], open_orders, now)[site_id]


def _status_by_site(ids: list[int], open_orders, now: datetime) -> dict[int, dict]:
    """`open_orders` oldest proposal first: the first of the highest priority stands."""
    best: dict[int, OpenOrder | StopWorkOrder] = {}
    proposed: dict[int, int] = {}
    for order in open_orders:
        site_id, status = order.site_id, order.status
        if status == "proposed":
            proposed[site_id] = proposed.get(site_id, 0) + 1
        current = best.get(site_id)
        if current is None or PRIORITY[status] < PRIORITY[current.status]:
            best[site_id] = order
    return {sid: status_entry(best.get(sid), now, proposed.get(sid, 0)) for sid in ids}


def public_status(entry: dict, user: User) -> dict:
    """A permittee is not shown internal proposals (only orders issued to it)."""
    if user.role == "permittee" and entry["status"] == "proposed":
        return status_entry(None, datetime.min)
    if user.role == "permittee":
        return {**entry, "proposed": 0}
    return entry


def with_open_orders(
    session: Session, site_ids, now: datetime, scope=None, *, grounds: bool = True
) -> dict[int, dict]:
    """site_status's entry of each site, and under "open" every open order of the site as its own
    status entry (its own deadline and posting), the most significant first, ties by the first
    proposed (the first is the entry's own order, as the work packet's stop_work_orders). A site
    may be under two at once: one issued in the office and not yet posted, one posted in the
    field. One query, as site_status."""
    ids = list(site_ids)
    if not ids:
        return {}
    open_orders = _open_rows(session, ids, scope, grounds)
    out = _status_by_site(ids, open_orders, now)
    by_site: dict[int, list] = {}
    for order in open_orders:
        by_site.setdefault(order.site_id, []).append(order)
    for site_id, entry in out.items():
        site_orders = by_site.get(site_id, [])
        # One open order (most sites that have any): the entry is its own.
        one = len(site_orders) == 1
        entry["open"] = [dict(entry)] if one else _entries(site_orders, now, entry["proposed"])
    return out


def open_of(orders: list, now: datetime) -> list[dict]:
    """with_open_orders' "open" of one site from its orders already read (the site page lists them
    all): every open order's status entry, the most significant first."""
    open_orders = sorted(
        (o for o in orders if o.status in OPEN_STATUSES), key=lambda o: (o.proposed_at, o.id)
    )
    proposed = sum(1 for o in open_orders if o.status == "proposed")
    return _entries(open_orders, now, proposed)


def _entries(open_orders: list, now: datetime, proposed: int) -> list[dict]:
    """`open_orders` oldest proposal first -> their status entries, the most significant first."""
    ranked = sorted(open_orders, key=lambda o: PRIORITY[o.status])  # stable: oldest first
    return [status_entry(o, now, proposed) for o in ranked]


def public_open(entries: list[dict], user: User) -> list[dict]:
    """The open orders a person is shown: a permittee not the Village's internal proposals."""
    if user.role == "permittee":
        return [{**e, "proposed": 0} for e in entries if e["status"] != "proposed"]
    return entries
