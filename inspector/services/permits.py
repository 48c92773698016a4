"""Permits under § 256-8: application, control plan documents, review clock, decision, validity,
extensions, bonds, and the permittee's notice and modification workflows."""

from __future__ import annotations

import hashlib
from datetime import date, datetime
from functools import lru_cache
from types import SimpleNamespace

from sqlalchemy import bindparam, case, func, literal
from sqlmodel import Session, select

from ..models import (
    ControlMeasureNotice,
    ControlPlanDocument,
    Finding,
    Permit,
    PermitEvent,
    PermitExtension,
    PlanModificationRequest,
    Site,
    StopWorkOrder,
    StoredFile,
    SuretyBond,
    User,
)
from ..models.base import utcnow
from ..models.enforcement import IN_FORCE_STATUSES, OPEN_STATUSES
from ..models.findings import UNRESOLVED_STATES
from ..postgresql import lock_for_writing
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import Forbidden, NotFound, ServiceError, audit, read_rows, visits

ACTIVE = ("issued", "extended")
# A permit in force: its schedule of inspections runs (a stop-work order suspends construction, not
# the upkeep of the controls), so a newer application never takes its place as the site's current one.
IN_FORCE = ACTIVE + ("suspended",)
DECIDED = ("issued", "extended", "denied", "expired", "suspended", "revoked", "closed")
# A permit's status as every page words it (the keys are the database's): one mapping, used by the
# pages' `permitwords` filter and the work packet.
STATUS_WORDS = {
    "none": "No permit",
    "applied": "Application received",
    "under_review": "Under review",
    "issued": "Issued",
    "extended": "Extended",
    "suspended": "Suspended",
    "expired": "Expired",
    "revoked": "Revoked",
    "denied": "Denied",
    "closed": "Closed",
}
AREA_KINDS = ("land_disturbance", "subdivision_plat", "building_lot")
SIGNATURES = {
    "application/pdf": (b"%PDF-",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/png": (b"\x89PNG\r\n\x1a\n",),
}


def set_status(
    session: Session, permit: Permit, status: str, *, user_id: int | None, note: str = ""
) -> None:
    before = audit.snapshot(permit)
    permit.status = status
    permit.version += 1
    permit.updated_at = utcnow()
    session.add(permit)
    session.add(PermitEvent(permit_id=permit.id, status=status, note=note, by_user_id=user_id))
    session.flush()
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action=f"status:{status}",
        user_id=user_id,
        before=before,
        after=audit.snapshot(permit),
        site_id=permit.site_id,
    )


def apply(
    session: Session,
    *,
    site: Site,
    company_id: int,
    applicant_name: str,
    received_on: date,
    fee_paid_on: date | None,
    building_permit_until: date | None,
    user: User,
    today: date,
    rb: Rulebook | None = None,
) -> Permit:
    """A new application for the site. A permittee's is received on the Village's day it is made, and
    its fee is recorded by staff when paid (record_fee): `received_on` and `fee_paid_on` are staff's, for
    an application that came in on paper.

    While the site has a permit in force, a permittee's is refused (in_force_refusal): the permit's
    own ways are an extension or a modification in writing. Staff may record one (the site passing
    to another permittee): it waits as a pending application, and the permit in force stays the
    site's current one (current_permit), its inspections going on, until the new one is issued."""
    rb = rb or default()
    if user.role == "permittee" and company_id != user.company_id:
        raise Forbidden("A permittee applies for its own company only.")
    # Two applications at once (a permittee's two tabs): the check for a waiting one and the
    # insert are one step, or each would record one and run its own review clock. Any caller's
    # session: a page's request holds the writer lock already, a command's would not yet.
    lock_for_writing(session.connection())
    previous = current_permit(session, site.id)
    if previous is not None:
        refresh_status(session, previous, today)  # lapsed yesterday: recorded before its successor
    in_force = previous if previous is not None and previous.status in IN_FORCE else None
    if user.role == "permittee":
        block = application_block(session, site.id, company_id, today)
        if block is not None:
            why, permit = block
            raise ServiceError(
                in_force_refusal(permit, rb) if why == "in_force" else pending_refusal(permit)
            )
    else:
        waiting = pending_application(session, site.id, company_id)
        if waiting is not None:
            raise ServiceError(pending_refusal_for_staff(waiting, rb))
    if user.role == "permittee":
        received_on, fee_paid_on = today, None
    if not applicant_name.strip():
        raise ServiceError("Enter the applicant's name.", field="applicant_name")
    if received_on > today:
        raise ServiceError(
            "The date received cannot be in the future.", field="application_received_on"
        )
    if fee_paid_on and fee_paid_on > today:
        raise ServiceError("The fee date cannot be in the future.", field="fee_paid_on")
    permit = Permit(
        site_id=site.id,
        company_id=company_id,
        applicant_name=applicant_name.strip(),
        application_received_on=received_on,
        fee_paid_on=fee_paid_on,
        building_permit_until=building_permit_until,
    )
    session.add(permit)
    session.flush()
    session.add(
        PermitEvent(
            permit_id=permit.id,
            status="applied",
            by_user_id=user.id,
            note=f"Application received {received_on.isoformat()}"
            + (f"; {permit_name(in_force)} stays in force until it is issued" if in_force else ""),
        )
    )
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="apply",
        user_id=user.id,
        after=audit.snapshot(permit),
        site_id=site.id,
    )
    return permit


def application_block(
    session: Session, site_id: int, company_id: int, today: date
) -> tuple[str, Permit] | None:
    """What stops the company's permittee applying for the site today: ("in_force", the permit in
    force) or ("waiting", its own application still waiting for the Village's decision); None when
    it may apply. apply() refuses on it, and the site page says it in place of the button."""
    in_force = permit_in_force(session, site_id, today)
    if in_force is not None:
        return "in_force", in_force
    waiting = pending_application(session, site_id, company_id)
    if waiting is not None:
        return "waiting", waiting
    return None


def permit_in_force(session: Session, site_id: int, today: date) -> Permit | None:
    """The site's permit in force today (issued, extended or suspended, and not past its last valid
    day), or None."""
    permit = current_permit(session, site_id)
    if permit is not None and status_on(permit, today) in IN_FORCE:
        return permit
    return None


def _received(permit: Permit) -> str:
    day = permit.application_received_on
    return f"received {day:%B} {day.day}, {day.year}"


def permit_label(permit: Permit) -> str:
    """A permit as a heading or a table names it: its number, given at issue, or else
    "Application received December 2, 2026" (a record number means nothing to a person)."""
    return permit.number or f"Application {_received(permit)}"


def permit_name(permit: Permit) -> str:
    """permit_label within a sentence: "the application received December 2, 2026"."""
    return permit.number or f"the application {_received(permit)}"


def _in_force_words(permit: Permit) -> str:
    status = STATUS_WORDS.get(permit.status, permit.status).lower()
    last = permit.expires_on
    until = f", valid until {last:%B} {last.day}, {last.year}" if last else ""
    return f"This site has a permit in force: {permit_name(permit)} ({status}{until})."


def in_force_refusal(permit: Permit, rb: Rulebook) -> str:
    """Why a permittee files no new application while `permit` is in force."""
    return (
        f"{_in_force_words(permit)} Its inspections and conditions go on, and a new application "
        "cannot take its place. To keep it longer, ask the Village to extend it "
        f"({rb['clocks.extension.citation']}); to change its control plan, ask for the Village's "
        f"written permission ({rb['sections.plan_modification']}). If the site passes to another "
        "permittee, the Village records the new application."
    )


UNDECIDED = ("applied", "under_review")


def pending_application(session: Session, site_id: int, company_id: int) -> Permit | None:
    """The company's application for the site still waiting for the Village's decision, if any."""
    return session.exec(
        select(Permit)
        .where(
            Permit.site_id == site_id,
            Permit.company_id == company_id,
            Permit.status.in_(UNDECIDED),
        )
        .order_by(Permit.id)
    ).first()


def pending_refusal(permit: Permit) -> str:
    """Why a permittee files no second application while its own `permit` waits."""
    return (
        f"Your application for this site, {_received(permit)}, is waiting for the Village's "
        "decision. Add what it still needs (the control plan documents) on its page: a second "
        "application would not be decided sooner."
    )


def pending_refusal_for_staff(permit: Permit, rb: Rulebook) -> str:
    """Why staff record no second application from a company whose `permit` application waits: each
    would run its own review clock, and one of them would never be decided."""
    return (
        f"This company's application for this site, {_received(permit)}, is still waiting for a "
        "decision. Decide it (issue or deny) on its page, or add what came in (a fee, the control "
        "plan documents) there: a second application would run a second review clock "
        f"({rb['clocks.plan_review.citation']})."
    )


def in_force_note(permit: Permit, rb: Rulebook) -> str:
    """What a new application staff record beside `permit`, in force, does and does not do."""
    return (
        f"{_in_force_words(permit)} A new application does not replace it: it stays in force, with "
        "its inspections and conditions, until the new permit is issued. To keep it longer, extend "
        f"it ({rb['clocks.extension.citation']}); a change to its control plan needs the Village's "
        f"written permission ({rb['sections.plan_modification']})."
    )


def record_fee(session: Session, permit: Permit, *, user: User, paid_on: date, today: date) -> None:
    """The application fee is in: one of the three things the review clock waits for (§ 256-8C)."""
    if paid_on > today:
        raise ServiceError("The fee date cannot be in the future.", field="fee_paid_on")
    before = audit.snapshot(permit)
    permit.fee_paid_on = paid_on
    permit.version += 1
    permit.updated_at = utcnow()
    session.add(permit)
    session.flush()
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="fee_paid",
        user_id=user.id,
        before=before,
        after=audit.snapshot(permit),
        site_id=permit.site_id,
    )


def sniff_type(data: bytes) -> str | None:
    for content_type, signatures in SIGNATURES.items():
        if any(data.startswith(sig) for sig in signatures):
            return content_type
    return None


def plan_refusal(session: Session, permit: Permit, user: User, rb: Rulebook) -> str | None:
    """Why `user` may not add to the permit's control plan, or None. Until the decision, the applicant
    and the Village complete the plan. Once decided, the plan stands: it is modified only with the
    Village's written permission (§ 256-8D(3)(c)), which the permittee asks for (request_modification),
    and the revised plan is added by the Village, under a permission it granted."""
    if permit.status in UNDECIDED:
        return None
    if permit.status in ("denied", "revoked", "closed"):
        return (
            f"This permit is {permit.status}: its control plan can no longer change. A new plan "
            "goes with a new application. Nothing was uploaded."
        )
    citation = rb["sections.plan_modification"]
    if user.role == "permittee":
        return (
            f"The control plan of this permit was decided on ({permit.status}): it may be modified "
            f"only with the Village's written permission ({citation}). Request it under Control plan "
            "modifications; once it is granted, the Village adds the revised plan to the permit. "
            "Nothing was uploaded."
        )
    if not any(r.decision == "granted" for r in modification_requests(session, permit)):
        return (
            "No written permission to modify this control plan is on record "
            f"({citation}): the decided plan stands. Grant a request under Control plan "
            "modifications first. Nothing was uploaded."
        )
    return None


def add_document(
    session: Session,
    permit: Permit,
    *,
    kind: str,
    filename: str,
    data: bytes,
    user: User,
    rb: Rulebook,
    now: datetime | None = None,
) -> ControlPlanDocument:
    """A control plan document (plan_refusal says who may add one when)."""
    refusal = plan_refusal(session, permit, user, rb)
    if refusal:
        raise ServiceError(refusal)
    kinds = {d["kind"] for d in rb["control_plan_documents"]}
    if kind not in kinds:
        raise ServiceError("Choose which control plan document this is.", field="kind")
    limit = rb["uploads.control_plan_max_bytes"]
    if not data:
        raise ServiceError("The file is empty.", field="file")
    if len(data) > limit:
        raise ServiceError(f"The file is larger than {limit // (1024 * 1024)} MB.", field="file")
    content_type = sniff_type(data)  # the bytes decide, not the name or the browser's claim
    if content_type not in rb["uploads.control_plan_types"]:
        raise ServiceError("Only PDF, JPEG or PNG files are accepted.", field="file")
    stored = StoredFile(data=data)
    session.add(stored)
    session.flush()
    doc = ControlPlanDocument(
        permit_id=permit.id,
        kind=kind,
        filename=filename[-255:] or "document",
        content_type=content_type,
        size=len(data),
        sha256=hashlib.sha256(data).hexdigest(),
        file_id=stored.id,
        uploaded_by=user.id,
        uploaded_at=now or utcnow(),
    )
    session.add(doc)
    session.flush()
    audit.record(
        session,
        entity="control_plan_document",
        entity_id=doc.id,
        action="upload",
        user_id=user.id,
        after={"permit_id": permit.id, "kind": kind, "sha256": doc.sha256, "size": doc.size},
        site_id=permit.site_id,
    )
    return doc


def documents(session: Session, permit: Permit) -> list[ControlPlanDocument]:
    return list(
        session.exec(
            select(ControlPlanDocument)
            .where(ControlPlanDocument.permit_id == permit.id)
            .order_by(ControlPlanDocument.uploaded_at)
        )
    )


def required_document_kinds(site: Site, rb: Rulebook) -> list[str]:
    """§ 256-8B lists three documents for land disturbing activities of five acres or more; for street and
    pipe work the ordinance names no contents, so at least one plan document is asked for."""
    if site.project_kind in AREA_KINDS:
        return [d["kind"] for d in rb["control_plan_documents"]]
    return []


def complete_on(
    permit: Permit, site: Site, docs: list[ControlPlanDocument], rb: Rulebook
) -> date | None:
    """The day the application, the control plan and the fee were all in (the review clock starts)."""
    if permit.fee_paid_on is None or not docs:
        return None
    needed = required_document_kinds(site, rb)
    by_kind: dict[str, date] = {}
    for doc in docs:
        day = clocks.local_date(doc.uploaded_at, rb)  # received on the Village's day, not UTC's
        by_kind[doc.kind] = min(by_kind.get(doc.kind, day), day)
    if any(kind not in by_kind for kind in needed):
        return None
    plan_day = max(by_kind[k] for k in needed) if needed else min(by_kind.values())
    return max(permit.application_received_on, permit.fee_paid_on, plan_day)


def reviews_due(session: Session, scope, project_kinds: dict[int, str], rb: Rulebook) -> dict:
    """§ 256-8C for every application awaiting a decision on the sites of `scope` (a query of site
    ids; None: every site) whose application, plan and fee are all in: {site_id: the review's
    Deadline}, the earliest when a site has two. Two queries however many sites, run even when no
    application is undecided (the dashboard's count of queries never depends on the data)."""
    query = select(
        Permit.id, Permit.site_id, Permit.application_received_on, Permit.fee_paid_on
    ).where(Permit.status.in_(UNDECIDED))
    if scope is not None:
        query = query.where(Permit.site_id.in_(scope))
    undecided = list(session.exec(query))
    docs: dict[int, list] = {}
    rows = session.exec(
        select(
            ControlPlanDocument.permit_id, ControlPlanDocument.kind, ControlPlanDocument.uploaded_at
        ).where(ControlPlanDocument.permit_id.in_([p.id for p in undecided]))
    )
    for row in rows:
        docs.setdefault(row.permit_id, []).append(row)
    out: dict = {}
    for permit in undecided:
        if permit.site_id not in project_kinds:
            continue
        site = SimpleNamespace(project_kind=project_kinds[permit.site_id])  # what complete_on reads
        complete = complete_on(permit, site, docs.get(permit.id, []), rb)
        if complete is None:
            continue
        review = clocks.plan_review_due(complete, rb)
        if permit.site_id not in out or review.due < out[permit.site_id].due:
            out[permit.site_id] = review
    return out


def plan_changes_awaiting(session: Session, scope) -> dict[int, tuple[int, int]]:
    """§ 256-8D(3)(c): {site_id: (requests awaiting a written decision, the permit of the oldest)}
    on the sites of `scope` (a query of site ids; None: every site), in one query."""
    query = (
        select(Permit.site_id, PlanModificationRequest.permit_id)
        .join(Permit, Permit.id == PlanModificationRequest.permit_id)
        .where(PlanModificationRequest.decision.is_(None))
        .order_by(PlanModificationRequest.requested_at)
    )
    if scope is not None:
        query = query.where(Permit.site_id.in_(scope))
    out: dict[int, tuple[int, int]] = {}
    for site_id, permit_id in session.exec(query):
        count, first = out.get(site_id, (0, permit_id))
        out[site_id] = (count + 1, first)
    return out


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


def first_seen_under_way(session: Session, permit: Permit, rb: Rulebook) -> datetime | None:
    """When the first visit since the permit's issue day recorded land disturbance under way (a
    corrected visit as its correction reads), or None."""
    if permit.issued_on is None:
        return None
    rows = read_rows(
        session,
        _first_under_way(),
        {visits.SITE_IDS: [permit.site_id], "issued_on": permit.issued_on},
    )
    return visits.moment(rows[0][0], rows[0][1], rb) if rows else None


@lru_cache(maxsize=1)
def _first_under_way():
    """first_seen_under_way's statement, built once: every site and permit page runs it, and
    building it (and its cache key) over the visits' recursive CTE cost more than running it."""
    visit = visits.by_site_ids()
    return (
        select(visit.c.visit_on, visit.c.visit_started_at)
        .where(
            visit.c.active_disturbance == True,  # noqa: E712
            visit.c.visit_on >= bindparam("issued_on", type_=visit.c.visit_on.type),
        )
        .order_by(visit.c.visit_on, visit.c.visit_started_at)
        .limit(1)
    )


def _require_undecided(permit: Permit) -> None:
    if permit.status not in UNDECIDED:
        raise ServiceError(f"This permit was already decided ({permit.status}).")


def start_review(session: Session, permit: Permit, *, user: User) -> None:
    _require_undecided(permit)
    set_status(session, permit, "under_review", user_id=user.id, note="Review started")


def issue(
    session: Session,
    permit: Permit,
    *,
    site: Site,
    user: User,
    issued_on: date,
    rb: Rulebook,
    today: date | None = None,
) -> None:
    """Approve the control plan and issue the permit (§ 256-8C). `today`: the Village's day, when
    the caller knows it (a page): a permit is issued on the day the Village decides, never later."""
    _require_undecided(permit)
    if today is not None and issued_on > today:
        # A later date would leave the permit 'issued' but not in force, and its 180 days
        # (§ 256-8D(1)) counted from a day the Village has not reached.
        raise ServiceError(
            f"The issue date cannot be after today ({today:%a %Y-%m-%d}): a permit is issued on "
            f"the day the Village approves the plan ({rb['clocks.plan_review.citation']}).",
            field="issued_on",
        )
    if complete_on(permit, site, documents(session, permit), rb) is None:
        raise ServiceError(
            "The application, the control plan and the fee must all be in before a permit is issued."
        )
    if issued_on < permit.application_received_on:
        # A permit dated before its application would cover work done without one (§ 256-8A).
        raise ServiceError(
            f"The issue date cannot be before the application was received on "
            f"{permit.application_received_on:%a %Y-%m-%d} ({rb['stop_work.rules.no_permit.citation']}: "
            "approval before the work).",
            field="issued_on",
        )
    permit.issued_on = issued_on
    permit.expires_on = clocks.permit_expires(issued_on, permit.building_permit_until, 0, rb)
    permit.number = permit.number or f"ECP-{issued_on.year}-{permit.id:04d}"
    permit.decided_by, permit.decided_at = user.id, utcnow()
    set_status(
        session,
        permit,
        "issued",
        user_id=user.id,
        note=f"Issued; valid until {permit.expires_on.isoformat()} ({rb['clocks.permit_validity.citation']})",
    )


def deny(
    session: Session, permit: Permit, *, user: User, reasons: str, rb: Rulebook | None = None
) -> None:
    """§ 256-8C: the applicant is advised of the reasons for disapproval."""
    rb = rb or default()
    _require_undecided(permit)
    if not reasons.strip():
        raise ServiceError(
            f"Give the reasons for the denial ({rb['clocks.plan_review.citation']}).",
            field="reasons",
        )
    reasons = _writing(reasons, "reasons")
    permit.decision_reason = reasons
    permit.decided_by, permit.decided_at = user.id, utcnow()
    set_status(session, permit, "denied", user_id=user.id, note=reasons)


def extend(
    session: Session,
    permit: Permit,
    *,
    user: User,
    days: int,
    conditions: str,
    rb: Rulebook,
    today: date | None = None,
    seen_last_day: date | None = None,
) -> PermitExtension:
    """§ 256-8D(1); `today` (the Village's day): an extension must reach it, else the permit stays
    expired under an 'extended' status. `seen_last_day`: the last valid day the supervisor decided
    on (the page's); when the permit's is another by now, nothing is extended."""
    if permit.status not in ACTIVE and permit.status != "expired":
        raise ServiceError(
            f"Only an issued or expired permit can be extended (this one is {permit.status})."
        )
    if seen_last_day is not None and seen_last_day != permit.expires_on:
        raise ServiceError(
            f"This permit was extended meanwhile: its last valid day is now "
            f"{permit.expires_on:%a %Y-%m-%d}, not {seen_last_day:%a %Y-%m-%d} as on the page "
            "you extended from. Nothing was extended again; if it needs more days, extend it "
            "from its page as it is now.",
            field="days",
        )
    problem = clocks.check_extension_days(days, rb, granted=permit.extension_days)
    if problem:
        raise ServiceError(problem, field="days")
    conditions = _writing(conditions, "conditions")
    ends = clocks.permit_expires(
        permit.issued_on, permit.building_permit_until, permit.extension_days + days, rb
    )
    if today is not None and ends < today:
        needed = days + (today - ends).days
        left = rb["clocks.extension.max_days"] - permit.extension_days
        raise ServiceError(
            f"An extension of {days} days would end on {ends.isoformat()}, already past: the "
            f"permit expired after {permit.expires_on.isoformat()} and an extension runs on from "
            "that day. "
            + (
                f"Extend by at least {needed} days"
                if needed <= left
                else f"Reaching today takes {needed} days, more than the {left} left: the work "
                "needs a new permit"
            )
            + f" ({rb['clocks.extension.citation']}).",
            field="days",
        )
    permit.extension_days += days
    permit.expires_on = clocks.permit_expires(
        permit.issued_on, permit.building_permit_until, permit.extension_days, rb
    )
    ext = PermitExtension(
        permit_id=permit.id,
        days=days,
        conditions=conditions,
        granted_by=user.id,
        new_expires_on=permit.expires_on,
    )
    session.add(ext)
    note = f"Extended {days} days to {permit.expires_on.isoformat()}"
    if conditions:
        note += f"; added conditions: {conditions}"
    set_status(session, permit, "extended", user_id=user.id, note=note)
    return ext


# What keeps a permit from being closed (close): findings not yet resolved, as a person names them.
UNRESOLVED_FINDINGS = {status: status for status in UNRESOLVED_STATES} | {
    "corrected": "corrected, awaiting the Village's verification",
}


# Said by the service and by the close form's own check: one source of the words.
CLOSE_NOTE_MISSING = (
    "Write what the Village verified: the final inspection, the vegetation established, "
    "the temporary controls removed."
)


def close(
    session: Session,
    permit: Permit,
    *,
    user: User,
    note: str,
    rb: Rulebook | None = None,
) -> None:
    """The Village closes a permit whose site it verified finally stabilized (the protective reading
    of a silence, clocks.closing.reading_note): from then on no inspection is due under it, and land
    disturbance at the site is work without a permit. Every check reads the site as it is inside
    this transaction, under the writer lock: an order or finding recorded meanwhile refuses it."""
    rb = rb or default()
    if user.role != "supervisor":
        raise Forbidden("Only a supervisor closes a permit.")
    lock_for_writing(session.connection())
    if permit.status == "closed":
        when = closing(session, permit, rb)
        raise ServiceError(
            "This permit is already closed"
            + (f" (on {when['on']:%a %Y-%m-%d} by {when['by']})" if when else "")
            + ". Nothing changed."
        )
    refusal = _close_refusal(session, permit, rb)
    if refusal:
        raise ServiceError(refusal)
    note = _writing(note, "note")
    if not note:
        raise ServiceError(CLOSE_NOTE_MISSING, field="note")
    set_status(session, permit, "closed", user_id=user.id, note=note)


def _close_refusal(session: Session, permit: Permit, rb: Rulebook) -> str | None:
    """Why the permit cannot be closed now, or None."""
    orders = session.exec(
        select(StopWorkOrder).where(
            StopWorkOrder.site_id == permit.site_id, StopWorkOrder.status.in_(OPEN_STATUSES)
        )
    ).all()
    if orders:
        order = orders[0]
        moment = order.posted_at or order.issued_at or order.proposed_at
        day = f"{clocks.local_date(moment, rb):%a %Y-%m-%d}"
        if order.status == "proposed":
            return (
                f"A stop-work order of {day} is proposed for this site: issue or dismiss it on its "
                "page first. The permit was not closed."
            )
        in_force = order.status in IN_FORCE_STATUSES
        return (
            f"The stop-work order of {day} on this site is "
            + ("in force" if in_force else "still being enforced")
            + ": it must be lifted as complied with, or retracted, before the permit is closed "
            f"({rb['clocks.stop_work_compliance.retraction_citation']}). The permit was not closed."
        )
    if permit.status not in ACTIVE:
        return (
            f"Only an issued or extended permit can be closed (this one is "
            f"{STATUS_WORDS.get(permit.status, permit.status).lower()}). The permit was not closed."
        )
    unresolved = session.exec(
        select(Finding.item_code, Finding.status)
        .where(Finding.site_id == permit.site_id, Finding.status.in_(UNRESOLVED_STATES))
        .order_by(Finding.due_at)
    ).all()
    if unresolved:
        named = "; ".join(
            f"{rb.item_title(code) or code} ({UNRESOLVED_FINDINGS[status]})"
            for code, status in unresolved
        )
        many = len(unresolved) != 1
        return (
            f"{len(unresolved)} finding{'s' if many else ''} on this site "
            f"{'are' if many else 'is'} not resolved: {named}. A finally stabilized site has "
            "none: have each corrected and verify it on its page first. The permit was not closed."
        )
    visit = visits.by_site_ids()
    latest = read_rows(
        session,
        select(visit.c.visit_on, visit.c.active_disturbance)
        .order_by(*visits.newest_first(visit))
        .limit(1),
        {visits.SITE_IDS: [permit.site_id]},
    )
    if latest and latest[0][1]:
        return (
            f"The last inspection of this site, on {latest[0][0]:%a %Y-%m-%d}, recorded land "
            "disturbance under way: a finally stabilized site has none. Record a final inspection "
            "with land disturbance not active, then close the permit. The permit was not closed."
        )
    return None


def closing(session: Session, permit: Permit, rb: Rulebook) -> dict | None:
    """When and by whom the permit was closed, and what was verified, from its history; None when
    it is not closed."""
    if permit.status != "closed":
        return None
    event = session.exec(
        select(PermitEvent)
        .where(PermitEvent.permit_id == permit.id, PermitEvent.status == "closed")
        .order_by(PermitEvent.at.desc(), PermitEvent.id.desc())
    ).first()
    if event is None:
        return None
    by = session.get(User, event.by_user_id) if event.by_user_id else None
    return {
        "on": clocks.local_date(event.at, rb),
        "by": by.name if by else "the Village",
        "note": event.note,
    }


def closed_on(session: Session, permits: list[Permit], rb: Rulebook) -> dict[int, date]:
    """{permit id: the Village day it was closed} for the closed ones among `permits`, in one query
    (none when no permit is closed): the stop-work rules count work seen up to that day as under it."""
    closed = [p.id for p in permits if p.status == "closed"]
    if not closed:
        return {}
    rows = session.exec(
        select(PermitEvent.permit_id, func.max(PermitEvent.at))
        .where(PermitEvent.permit_id.in_(closed), PermitEvent.status == "closed")
        .group_by(PermitEvent.permit_id)
    )
    return {permit_id: clocks.local_date(at, rb) for permit_id, at in rows}


def add_bond(
    session: Session,
    permit: Permit,
    *,
    user: User,
    kind: str,
    amount: float,
    issuer: str,
    effective_on: date,
    expires_on: date | None,
) -> SuretyBond:
    if kind not in ("surety_bond", "letter_of_credit"):
        raise ServiceError("Choose a surety bond or an irrevocable letter of credit.", field="kind")
    if not amount or amount <= 0 or amount > 1e9:
        raise ServiceError("Enter an amount above zero.", field="amount")
    if not issuer.strip():
        raise ServiceError("Enter the issuer.", field="issuer")
    if expires_on and expires_on < effective_on:
        raise ServiceError("The bond cannot expire before it takes effect.", field="expires_on")
    bond = SuretyBond(
        permit_id=permit.id,
        kind=kind,
        amount=amount,
        issuer=issuer.strip(),
        effective_on=effective_on,
        expires_on=expires_on,
    )
    session.add(bond)
    session.flush()
    audit.record(
        session,
        entity="surety_bond",
        entity_id=bond.id,
        action="create",
        user_id=user.id,
        after=audit.snapshot(bond),
        site_id=permit.site_id,
    )
    return bond


def status_on(permit: Permit, today: date) -> str:
    """The status a page shows today, without writing: an issued permit past its last valid day
    reads "expired" even before the tick (or an action on it) records that (docs/layers.md)."""
    if permit.status in ACTIVE and permit.expires_on and today > permit.expires_on:
        return "expired"
    return permit.status


def refresh_status(session: Session, permit: Permit, today: date) -> None:
    """Time passes: an issued permit past its last valid day becomes expired (the tick and the
    actions on a permit call this; pages never do, they show status_on)."""
    if status_on(permit, today) != permit.status:
        set_status(
            session,
            permit,
            "expired",
            user_id=None,
            note=f"Expired after {permit.expires_on.isoformat()}",
        )


def expire_lapsed(session: Session, today: date) -> int:
    """The tick: every issued permit past its last valid day becomes expired; how many did."""
    lapsed = session.exec(
        select(Permit).where(Permit.status.in_(ACTIVE), Permit.expires_on < today)
    ).all()
    for permit in lapsed:
        refresh_status(session, permit, today)
    return len(lapsed)


def in_force_on(permit: Permit | None, day: date) -> bool:
    """Issued, extended or suspended on `day`: from its issue day, and not past its last valid day.
    A permit the tick has since marked expired was in force on the days it covered (a stop-work
    order posted offline on one of them arrives later)."""
    if permit is None or permit.issued_on is None or day < permit.issued_on:
        return False
    if permit.status == "expired":
        return permit.expires_on is not None and day <= permit.expires_on
    return status_on(permit, day) in IN_FORCE


def is_active(permit: Permit | None, today: date) -> bool:
    return bool(
        permit
        and permit.status in ACTIVE
        and permit.issued_on
        and permit.issued_on <= today
        and permit.expires_on
        and today <= permit.expires_on
    )


# The site's current permit (the one its clocks follow): the newest in force when there is one, else
# the newest (created_at, then id). In force first, so that a later application, denial or anything
# else undecided never switches off the schedule of the permit in force. In this order, ascending,
# each site's current permit comes last (current_permits reads many sites so).
_IN_FORCE_RANK = case((Permit.status.in_([literal(s) for s in IN_FORCE]), 1), else_=0)
CURRENT_LAST = (_IN_FORCE_RANK, Permit.created_at, Permit.id)

# Built once: asked on every page of a site and for every site of a sync batch.
_CURRENT = (
    select(Permit)
    .where(Permit.site_id == bindparam("site_id"))
    .order_by(*(column.desc() for column in CURRENT_LAST))
    .limit(1)
)


def current_key(permit: Permit) -> tuple:
    """CURRENT_LAST for a permit already read: the largest is the current one."""
    return (permit.status in IN_FORCE, permit.created_at, permit.id)


def current_permit(session: Session, site_id: int) -> Permit | None:
    """The site's current permit: its newest in force, else its newest (CURRENT_LAST)."""
    return session.execute(_CURRENT, {"site_id": site_id}).scalars().first()


def current_permits(session: Session, site_ids, columns: tuple = ()) -> dict[int, Permit]:
    """Each site's current permit, as current_permit picks it, in one query. `site_ids`: a list, a
    SELECT of ids, or None for every site. `columns`: only these, as rows (a page of 1,000 sites
    reads a few columns, and never writes them); Permit objects otherwise."""
    query = select(*columns) if columns else select(Permit)
    if site_ids is not None:
        query = query.where(Permit.site_id.in_(site_ids))
    out = {}
    for permit in session.exec(query.order_by(*CURRENT_LAST)).all():
        out[permit.site_id] = permit  # each site's current permit comes last in CURRENT_LAST
    return out


def get_permit(session: Session, permit_id: int) -> Permit:
    permit = session.get(Permit, permit_id)
    if permit is None:
        raise NotFound("No such permit.")
    return permit


# ---------------------------------------------------------------- permittee workflows (§ 256-8D(3)(a)–(c))


def _require_permittee_of(permit: Permit, user: User) -> None:
    if user.role == "permittee" and user.company_id != permit.company_id:
        raise NotFound("No such permit.")


def notify_commencement(
    session: Session,
    permit: Permit,
    *,
    user: User,
    commenced_at: datetime,
    now: datetime,
    rb: Rulebook | None = None,
) -> None:
    rb = rb or default()
    _require_permittee_of(permit, user)
    # A suspended permit was issued: the notice of a start under it is what an order may ask for.
    if permit.status not in IN_FORCE:
        raise ServiceError(
            "Land disturbance may begin only under an issued permit "
            f"({rb['stop_work.rules.no_permit.citation']})."
        )
    if commenced_at > now:
        raise ServiceError(
            "The start of land disturbance cannot be in the future.", field="commenced_at"
        )
    if permit.commenced_at is not None:
        raise ServiceError("Commencement was already notified.")
    before = audit.snapshot(permit)
    permit.commenced_at, permit.commencement_notified_at = commenced_at, now
    permit.version += 1
    session.add(permit)
    session.flush()
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="notice:commencement",
        user_id=user.id,
        before=before,
        after=audit.snapshot(permit),
        site_id=permit.site_id,
    )


def notify_completion(
    session: Session,
    permit: Permit,
    *,
    user: User,
    measure: str,
    installed_on: date,
    now: datetime,
    rb: Rulebook | None = None,
) -> ControlMeasureNotice:
    _require_permittee_of(permit, user)
    if not measure.strip():
        raise ServiceError("Name the control measure.", field="measure")
    if installed_on > clocks.local_date(now, rb):
        raise ServiceError("The installation date cannot be in the future.", field="installed_on")
    notice = ControlMeasureNotice(
        permit_id=permit.id,
        measure=measure.strip(),
        installed_on=installed_on,
        notified_at=now,
        notified_by=user.id,
    )
    session.add(notice)
    session.flush()
    audit.record(
        session,
        entity="control_measure_notice",
        entity_id=notice.id,
        action="create",
        user_id=user.id,
        after=audit.snapshot(notice),
        site_id=permit.site_id,
    )
    return notice


# What the Village or a permittee writes on a permit (a request for written permission and its
# decision, § 256-8D(3)(c); a denial's reasons; an extension's conditions): a letter's length, as a
# stop-work order's reason (enforcement.REASON_MAX).
WRITING_MAX = 4000


def _writing(text: str, field: str) -> str:
    text = text.strip()
    if len(text) > WRITING_MAX:
        raise ServiceError(
            f"Too long: at most {WRITING_MAX} characters (now {len(text)}). Shorten it, or attach "
            "the details to the control plan.",
            field=field,
        )
    return text


def request_modification(
    session: Session, permit: Permit, *, user: User, description: str
) -> PlanModificationRequest:
    _require_permittee_of(permit, user)
    if not description.strip():
        raise ServiceError("Describe the change to the control plan.", field="description")
    description = _writing(description, "description")
    req = PlanModificationRequest(
        permit_id=permit.id, description=description.strip(), requested_by=user.id
    )
    session.add(req)
    session.flush()
    audit.record(
        session,
        entity="plan_modification",
        entity_id=req.id,
        action="request",
        user_id=user.id,
        after=audit.snapshot(req),
        site_id=permit.site_id,
    )
    return req


def decide_modification(
    session: Session,
    req: PlanModificationRequest,
    *,
    user: User,
    decision: str,
    text: str,
    rb: Rulebook | None = None,
) -> None:
    rb = rb or default()
    if req.decision:
        raise ServiceError("This request was already decided.")
    if decision not in ("granted", "refused"):
        raise ServiceError("Grant or refuse the request.", field="decision")
    if not text.strip():
        raise ServiceError(
            f"The decision must be given in writing ({rb['sections.plan_modification']}).",
            field="text",
        )
    text = _writing(text, "text")
    before = audit.snapshot(req)
    req.decision, req.decision_text, req.decided_by, req.decided_at = (
        decision,
        text.strip(),
        user.id,
        utcnow(),
    )
    session.add(req)
    session.flush()
    permit = session.get(Permit, req.permit_id)
    audit.record(
        session,
        entity="plan_modification",
        entity_id=req.id,
        action=decision,
        user_id=user.id,
        before=before,
        after=audit.snapshot(req),
        site_id=permit.site_id if permit else None,
    )


def acknowledge_conditions(session: Session, permit: Permit, *, user: User) -> None:
    if user.role != "permittee" or user.company_id != permit.company_id:
        raise Forbidden("Only the permittee acknowledges the permit conditions.")
    if permit.conditions_acknowledged_at:
        return
    permit.conditions_acknowledged_at, permit.conditions_acknowledged_by = utcnow(), user.id
    session.add(permit)
    audit.record(
        session,
        entity="permit",
        entity_id=permit.id,
        action="acknowledge_conditions",
        user_id=user.id,
        site_id=permit.site_id,
    )


def completion_notices(session: Session, permit: Permit) -> list[ControlMeasureNotice]:
    return list(
        session.exec(
            select(ControlMeasureNotice)
            .where(ControlMeasureNotice.permit_id == permit.id)
            .order_by(ControlMeasureNotice.installed_on)
        )
    )


def modification_requests(session: Session, permit: Permit) -> list[PlanModificationRequest]:
    return list(
        session.exec(
            select(PlanModificationRequest)
            .where(PlanModificationRequest.permit_id == permit.id)
            .order_by(PlanModificationRequest.requested_at.desc())
        )
    )


def history(session: Session, permit: Permit) -> list[PermitEvent]:
    return list(
        session.exec(
            select(PermitEvent)
            .where(PermitEvent.permit_id == permit.id)
            .order_by(PermitEvent.at, PermitEvent.id)
        )
    )


def history_names(session: Session, events: list[PermitEvent]) -> dict[int, str]:
    """Who closed the permit, for its history (the other steps' notes say what they need)."""
    ids = {e.by_user_id for e in events if e.status == "closed" and e.by_user_id}
    if not ids:
        return {}
    return {u.id: u.name for u in session.exec(select(User).where(User.id.in_(ids)))}


def extensions(session: Session, permit: Permit) -> list[PermitExtension]:
    """The permit's extensions, oldest first: each may add conditions (§ 256-8D(1))."""
    return list(
        session.exec(
            select(PermitExtension)
            .where(PermitExtension.permit_id == permit.id)
            .order_by(PermitExtension.granted_at, PermitExtension.id)
        )
    )


def bonds(session: Session, permit: Permit) -> list[SuretyBond]:
    return list(session.exec(select(SuretyBond).where(SuretyBond.permit_id == permit.id)))
