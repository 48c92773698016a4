"""Inspections travel one way, device -> server, and are frozen once submitted (docs/sync-protocol.md)."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Answer, Inspection, Photo, PhotoClaim
from inspector.payloads import InspectionPayload
from inspector.services import ServiceError, inspections, sites

from ..schemas.records import AnswerRecord, InspectionRecord, PhotoState
from . import Outcome


class InspectionHandler:
    entity = "inspection"

    def apply(self, session, mutation, ctx) -> Outcome:
        (outcome,) = self.apply_many(session, [mutation], ctx)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def apply_many(self, session, mutations, ctx) -> list:
        """A run of inspection mutations: validated one by one, written together (one insert per table).
        Returns, in order, an Outcome or the refusal (an exception) for each."""
        lk = inspections.Lookups(session, ctx.user, ctx.rb)
        models = [_checked(m) for m in mutations]
        lk.prefetch(
            [
                (m["entity_id"], c)
                for m, c in zip(mutations, models, strict=True)
                if isinstance(c, InspectionPayload)
            ]
        )
        out, fresh = [], []
        for m, checked in zip(mutations, models, strict=True):
            if m.get("op") == "delete":
                out.append(
                    Outcome(
                        status="rejected",
                        reason="A submitted inspection cannot be deleted; submit a "
                        "correction that replaces it.",
                        errors={"op": "Not allowed."},
                    )
                )
                continue
            if isinstance(checked, ServiceError):
                out.append(checked)
                continue
            try:
                prepared = inspections.prepare(
                    checked, m.get("payload") or {}, m["entity_id"], ctx, lk
                )
            except inspections.Conflict as exc:
                out.append(
                    Outcome(
                        status="conflict",
                        reason=exc.message,
                        server_copy=exc.server_copy,
                        errors={"sha256": "Other content is stored under this id."},
                        # The device's copy as the record's fields, not whatever else it carried.
                        theirs={
                            k: v
                            for k, v in (m.get("payload") or {}).items()
                            if k in InspectionPayload.model_fields
                        },
                    )
                )
                continue
            except ServiceError as exc:
                out.append(exc)
                continue
            if prepared["status"] == "new":
                fresh.append(prepared)
            # "duplicate" is not in Outcome's Literal; the protocol passes it through as the result status.
            status = "applied" if prepared["status"] == "new" else "duplicate"
            # The summary is already the wire's JSON, with InspectionSummary's fields in its order
            # (the model documents it): a model made only to be dumped again cost more than its checks.
            out.append(Outcome(status=status, version=1, data=prepared["summary"]))
        inspections.store(session, fresh, ctx, lk)
        return out

    def wants_event(self, user, actor_id) -> bool:
        """A device pulls the user's own inspections (another device of the same user sees them)."""
        return actor_id == user.id

    def serialize(self, session, entity_id, user) -> InspectionRecord | None:
        inspection = session.get(Inspection, entity_id)
        if (
            inspection is None
            or inspection.user_id != user.id
            or not sites.can_see_site(session, user, inspection.site_id)
        ):
            return None
        return record(session, inspection)


def _checked(mutation) -> InspectionPayload | ServiceError | None:
    """The payload's model as the protocol checked it (sync/protocol.py keeps it on the mutation),
    or checked here for a mutation that comes without one; None for a deletion (not read)."""
    if mutation.get("op") == "delete":
        return None
    checked = mutation.get("payload_model")
    if checked is not None:
        return checked
    try:
        return inspections.read_payload(mutation.get("payload") or {})
    except ServiceError as exc:
        return exc


def record(session, inspection: Inspection) -> InspectionRecord:
    """The inspection as stored, with its answers and which of its photos arrived."""
    entity_id = inspection.id
    answers = session.exec(
        select(Answer).where(Answer.inspection_id == entity_id).order_by(Answer.id)
    ).all()
    claims = session.exec(select(PhotoClaim).where(PhotoClaim.inspection_id == entity_id)).all()
    received = set(session.exec(select(Photo.id).where(Photo.inspection_id == entity_id)).all())
    return InspectionRecord(
        id=inspection.id,
        site_id=inspection.site_id,
        kind=inspection.kind,
        inspector_name=inspection.inspector_name,
        inspected_on=inspection.inspected_on,
        started_at=inspection.started_at,
        ended_at=inspection.ended_at,
        weather=inspection.weather,
        phase=inspection.phase,
        notes=inspection.notes,
        active_disturbance=inspection.active_disturbance,
        rain_event_id=inspection.rain_event_id,
        finding_id=inspection.finding_id,
        catalog_version=inspection.catalog_version,
        replaces_id=inspection.replaces_id,
        sha256=inspection.sha256,
        answers=[
            AnswerRecord(
                item_code=a.item_code,
                result=a.result,
                note=a.note,
                corrective_action=a.corrective_action,
                measurements=a.measurements or {},
                calculator=a.calculator,
            )
            for a in answers
        ],
        photos=[
            PhotoState(
                id=c.photo_id,
                item_code=c.item_code,
                sha256=c.sha256,
                marks=c.marks,
                received=c.photo_id in received,
            )
            for c in claims
        ],
        photos_expected=inspection.photos_expected,
        photos_received=len(received),
        received_at=inspection.received_at,
        version=1,
    )
