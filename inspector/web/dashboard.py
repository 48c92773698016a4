"""The supervisor's dashboard: every site, most urgent first, filterable; the rules run as it loads."""

from __future__ import annotations

from flask import Blueprint, current_app, g, render_template, request

from ..db import get_session
from ..rules import clocks
from ..security import STAFF, roles_required
from ..services import clock, dashboard, seals
from .forms import KIND_LABELS

bp = Blueprint("dashboard", __name__)
PAGE = 100
# Where the records check's findings lead (rain readings have no page of their own).
RECORD_LINKS = {
    "inspection": ("inspections.show", "inspection_id"),
    "finding": ("findings.show", "finding_id"),
    "stop_work_order": ("orders.show", "order_id"),
}


def rulebook():
    return current_app.extensions["rulebook"]


@bp.route("/dashboard")
@roles_required(*STAFF)
def index():
    session = get_session()
    now = clock.now()
    args = request.args
    filters = {
        "permit_status": args.get("permit", ""),
        "kind": args.get("kind", ""),
        "order": args.get("order", ""),
        "needs": args.get("needs") == "1",
    }
    all_rows = dashboard.rows(session, g.user, now, rulebook())
    filtered = any(filters.values())
    today = clocks.local_date(now, rulebook())
    matching = (
        [r for r in all_rows if dashboard.matches(r, today=today, **filters)]
        if filtered
        else all_rows
    )
    # Most urgent first, a page at a time: a tablet renders 100 rows quickly; the counts cover every site.
    page = max(1, request.args.get("page", 1, type=int) or 1)
    shown = dashboard.for_page(session, matching[(page - 1) * PAGE : page * PAGE], today)
    query = {k: v for k, v in request.args.items() if k != "page"}
    return render_template(
        "dashboard/index.html",
        rows=shown,
        total=len(all_rows),
        filters=filters,
        now=now,
        kinds=KIND_LABELS,
        needing=sum(1 for r in all_rows if r["needs_action"]),
        proposed=sum(r["stop"]["proposed"] for r in all_rows),
        matching=len(matching),
        page=page,
        pages=max(1, -(-len(matching) // PAGE)),
        query=query,
        records_check=seals.last_run(session),
        record_links=RECORD_LINKS,
    )
