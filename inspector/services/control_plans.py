"""A permit's control plan: its documents (§ 256-8B), which the review clock waits for with the
application and the fee, and its modification only with the Village's written permission
(§ 256-8D(3)(c)), asked for by the permittee and decided in writing.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime

from sqlmodel import Session, select

from ..models import ControlPlanDocument, Permit, PlanModificationRequest, Site, StoredFile, User
from ..models.base import utcnow
from ..rules import clocks
from ..rules.rulebook import Rulebook, default
from . import ServiceError, audit
from .permits import UNDECIDED, require_permittee_of, written

AREA_KINDS = ("land_disturbance", "subdivision_plat", "building_lot")
SIGNATURES = {
    "application/pdf": (b"%PDF-",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/png": (b"\x89PNG\r\n\x1a\n",),
}


def _sniff_type(data: bytes) -> str | None:
    for content_type, signatures in SIGNATURES.items():
        if any(data.startswith(sig) for sig in signatures):
            return content_type
    return None


def _plan_refusal(session: Session, permit: Permit, user: User, rb: Rulebook) -> str | None:
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
    """A control plan document (_plan_refusal says who may add one when)."""
    refusal = _plan_refusal(session, permit, user, rb)
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
    content_type = _sniff_type(data)  # the bytes decide, not the name or the browser's claim
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


def request_modification(
    session: Session, permit: Permit, *, user: User, description: str
) -> PlanModificationRequest:
    require_permittee_of(permit, user)
    if not description.strip():
        raise ServiceError("Describe the change to the control plan.", field="description")
    description = written(description, "description")
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
    text = written(text, "text")
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


def modification_requests(session: Session, permit: Permit) -> list[PlanModificationRequest]:
    return list(
        session.exec(
            select(PlanModificationRequest)
            .where(PlanModificationRequest.permit_id == permit.id)
            .order_by(PlanModificationRequest.requested_at.desc())
        )
    )
