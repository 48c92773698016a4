"""Inspections travel one way, device -> server, and are frozen once submitted (contract C)."""
from __future__ import annotations

from sqlmodel import select

from inspector.models import Answer, Inspection, Photo, PhotoClaim
from inspector.services import inspections, sites

from . import Outcome, register


@register
class InspectionHandler:
    entity = "inspection"

    def apply(self, session, mutation, ctx) -> Outcome:
        if mutation.get("op") == "delete":
            return Outcome(status="rejected", reason="A submitted inspection cannot be deleted; submit a "
                                                     "correction that replaces it.", errors={"op": "Not allowed."})
        try:
            inspection, status = inspections.apply_submission(session, mutation.get("payload") or {},
                                                              mutation["entity_id"], ctx)
        except inspections.Conflict as exc:
            return Outcome(status="conflict", reason=exc.message, server_copy=exc.server_copy,
                           errors={"sha256": "Other content is stored under this id."})
        data = inspections.summary(session, inspection) if status == "duplicate" else {
            "id": inspection.id, "site_id": inspection.site_id, "kind": inspection.kind,
            "inspected_on": inspection.inspected_on.isoformat(), "sha256": inspection.sha256,
            "replaces_id": inspection.replaces_id, "photos_expected": inspection.photos_expected,
            "photos_received": None}  # counted once for the whole batch by the protocol
        # "duplicate" is not in Outcome's Literal, but the protocol passes it through as the result status.
        return Outcome(status=status, version=1, data=data)

    def wants_event(self, user, actor_id) -> bool:
        """A device pulls the user's own inspections (another device of the same user sees them)."""
        return actor_id == user.id

    def serialize(self, session, entity_id, user) -> dict | None:
        inspection = session.get(Inspection, entity_id)
        if inspection is None or inspection.user_id != user.id \
                or not sites.can_see_site(session, user, inspection.site_id):
            return None
        return record(session, inspection)


def record(session, inspection: Inspection) -> dict:
    """The inspection as stored, with its answers and which of its photos arrived."""
    entity_id = inspection.id
    answers = session.exec(select(Answer).where(Answer.inspection_id == entity_id).order_by(Answer.id)).all()
    claims = session.exec(select(PhotoClaim).where(PhotoClaim.inspection_id == entity_id)).all()
    received = set(session.exec(select(Photo.id).where(Photo.inspection_id == entity_id)).all())
    return {
        "id": inspection.id, "site_id": inspection.site_id, "kind": inspection.kind,
        "inspector_name": inspection.inspector_name, "inspected_on": inspection.inspected_on.isoformat(),
        "started_at": _iso(inspection.started_at), "ended_at": _iso(inspection.ended_at),
        "weather": inspection.weather, "phase": inspection.phase, "notes": inspection.notes,
        "active_disturbance": inspection.active_disturbance, "rain_event_id": inspection.rain_event_id,
        "finding_id": inspection.finding_id, "catalog_version": inspection.catalog_version,
        "replaces_id": inspection.replaces_id, "sha256": inspection.sha256,
        "answers": [{"item_code": a.item_code, "result": a.result, "note": a.note,
                     "corrective_action": a.corrective_action, "measurements": a.measurements or {},
                     "calculator": a.calculator} for a in answers],
        "photos": [{"id": c.photo_id, "item_code": c.item_code, "sha256": c.sha256,
                    "received": c.photo_id in received} for c in claims],
        "photos_expected": inspection.photos_expected, "photos_received": len(received),
        "received_at": _iso(inspection.received_at), "version": 1,
    }


def _iso(moment):
    return moment.isoformat() + "Z" if moment else None
