"""What the permit page shows about a permit's clocks (the review, its last valid day, the
commencement notice, its closing), with citations, and the words the holder is told as its last
valid day nears (the page and the reminder e-mail).
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from ..models import Permit, Site
from ..rules import clocks
from ..rules.rulebook import Rulebook
from .control_plans import complete_on, documents, required_document_kinds
from .permit_duration import closing
from .permit_notices import first_seen_under_way
from .permits import IN_FORCE, UNDECIDED


def clocks_view(
    session: Session, permit: Permit, site: Site, rb: Rulebook, now: datetime, docs=None
) -> dict:
    """What the permit page shows about its clocks, with citations (`docs`: its plan documents, when
    the caller has read them)."""
    docs = documents(session, permit) if docs is None else docs
    complete = complete_on(permit, site, docs, rb)
    view: dict = {"complete_on": complete, "missing": []}
    have = {d.kind for d in docs}
    for d in rb["control_plan_documents"]:
        if d["kind"] in required_document_kinds(site, rb) and d["kind"] not in have:
            view["missing"].append(d["label"])
    if not docs and not required_document_kinds(site, rb):
        view["missing"].append("a control plan document")
    if permit.fee_paid_on is None:
        view["missing"].append("the application fee")
    if complete:
        review = clocks.plan_review_due(complete, rb)
        view["review"] = review
        view["review_overdue"] = (
            permit.status in UNDECIDED and clocks.local_date(now, rb) > review.due
        )
    if permit.issued_on:
        view["expires_on"] = permit.expires_on
        # The days the reminder e-mail is sent in: the page says the same (§ 256-8D(1)).
        left = (permit.expires_on - clocks.local_date(now, rb)).days if permit.expires_on else -1
        if permit.status in IN_FORCE and 0 <= left <= rb["clocks.permit_validity.reminder_days"]:
            view["ends_in_days"] = left
            view["ends_words"] = expiry_words(site, permit, rb)
    # § 256-8D(3)(a): from the earlier of the notice's start and the first inspection that saw the
    # work under way (stop_work.rules.commencement_notice_missing.note), as the stop-work rule counts.
    seen = first_seen_under_way(session, permit, rb)
    starts = [t for t in (permit.commenced_at, seen) if t is not None]
    if starts:
        due = clocks.commencement_notice_due(min(starts), rb)
        view["commencement"] = due
        view["commencement_late"] = clocks.is_late(
            permit.commencement_notified_at, due.due, now, rb
        )
        if seen is not None and (permit.commenced_at is None or seen < permit.commenced_at):
            view["commencement_seen"] = seen
    view["closed"] = closing(session, permit, rb)
    # § 256-8A: the notice's own start, before the issue day, is work without a permit.
    view["commenced_before_issue"] = bool(
        permit.commenced_at
        and permit.issued_on
        and clocks.local_date(permit.commenced_at, rb) < permit.issued_on
    )
    return view


def expiry_words(site: Site, permit: Permit, rb: Rulebook) -> list[str]:
    """What the holder is told as its permit's last valid day nears (the reminder e-mail and the
    permit's clocks): when it ends, that work after it needs an extension or a new permit, and
    what the Village may still grant."""
    last = permit.expires_on
    cite = rb["clocks.permit_validity.citation"]
    left = rb["clocks.extension.max_days"] - (permit.extension_days or 0)
    number = permit.number or "Your permit"
    opening = (
        f"Permit {number} for {site.name} is valid through {last:%A %B} {last.day}, "
        f"{last.year} ({cite}). Land disturbing work after that day needs an extension from the "
        "Village or a new permit: ask before that day, or the work stops until it is extended."
    )
    more = (
        # extend() refuses a suspended permit until its order is lifted (the permit page says so).
        "It is suspended by a stop-work order, so it cannot be extended now: it can be once the "
        "order is lifted as complied with, or retracted by the Village or the Zoning Board of "
        f"Appeals ({rb['clocks.stop_work_compliance.retraction_citation']}). If the work will not "
        "be finished by the last day, comply with the order first, then ask for an extension."
        if permit.status == "suspended" and left > 0
        else f"The Village may extend it by up to {left} more days. If the work will not be "
        "finished by then, ask the Village for an extension now."
        if left > 0
        else f"It has been extended by the {rb['clocks.extension.max_days']} days the ordinance "
        "allows: work after that day needs a new permit, with its application and plan review "
        f"({rb['clocks.plan_review.citation']})."
    )
    return [opening, more]
