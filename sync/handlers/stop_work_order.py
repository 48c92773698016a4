"""Stop-work orders: an inspector posts one in the field, maybe offline, and it syncs (docs/sync-protocol.md);
devices pull the orders of the sites they see (a permittee only orders issued to it)."""

from __future__ import annotations

from inspector.models import StopWorkOrder
from inspector.models.enforcement import GROUNDS
from inspector.services import NotFound, enforcement, inspections, sites, visibility

from ..schemas.records import Ground, StopWorkOrderRecord
from . import Outcome


def record(order: StopWorkOrder, **photo_counts) -> StopWorkOrderRecord:
    return StopWorkOrderRecord(
        id=order.id,
        site_id=order.site_id,
        permit_id=order.permit_id,
        status=order.status,
        source=order.source,
        grounds=[
            Ground(
                ground=g["ground"],
                citation=g["citation"],
                words=g.get("words"),
                reason=g.get("reason", ""),
            )
            for g in order.grounds or []
        ],
        notes=order.notes,
        issued_at=order.issued_at,
        posted_at=order.posted_at,
        compliance_due=order.compliance_due,
        retracted_at=order.retracted_at,
        photo_ids=list((order.evidence or {}).get("photos", [])),
        sha256=order.sha256,
        version=order.version,
        **photo_counts,
    )


class StopWorkOrderHandler:
    entity = "stop_work_order"

    def apply(self, session, mutation, ctx) -> Outcome:
        if mutation.get("op") != "upsert":
            return Outcome(
                status="rejected",
                reason="An order is retracted by a supervisor, not deleted.",
                errors={"op": "Not allowed."},
            )
        # The role first, before anything about an existing order is read: order ids are printed on
        # posted notices, so a permittee must learn nothing from one (not even that it exists).
        enforcement._require(ctx.user, "inspector", "supervisor", what="post a stop-work order")
        order_id = mutation.get("entity_id")
        payload = mutation.get("payload") or {}
        if not isinstance(order_id, str) or not inspections.UUID_RE.match(order_id):
            return Outcome(
                status="rejected",
                reason="An order id is a UUID made on the device.",
                errors={"entity_id": "Must be a UUID."},
            )
        declared = payload.get("sha256")
        existing = session.get(StopWorkOrder, order_id)
        hidden = existing is not None and not visibility.can_see(
            session, ctx.user, "stop_work_order", order_id
        )
        if hidden:
            raise NotFound("No such stop-work order.")
        if existing is not None:
            if declared and existing.sha256 == declared:
                return Outcome(status="duplicate", version=existing.version, data=record(existing))
            return Outcome(
                status="conflict",
                server_copy=record(existing),
                reason="An order with this id was already posted with other content.",
                errors={"entity_id": "Already used."},
            )
        errors: dict[str, str] = {}
        if declared is not None:
            if not isinstance(declared, str) or inspections.canonical_hash(payload) != declared:
                errors["sha256"] = "Does not match the record's content: it was altered on the way."
        site_id = payload.get("site_id")
        if isinstance(site_id, bool) or not isinstance(site_id, int):
            errors["site_id"] = "Must be the site's id (a whole number)."
        grounds = payload.get("grounds")
        if not isinstance(grounds, list) or not grounds or any(g not in GROUNDS for g in grounds):
            errors["grounds"] = (
                f"Tick at least one ground of {ctx.rb['stop_work.citation']} "
                f"({', '.join(GROUNDS)})."
            )
        posted_at = inspections.parse_utc(
            payload.get("posted_at"), "posted_at", errors, required=True
        )
        notes = payload.get("notes", "")
        if not isinstance(notes, str):
            errors["notes"] = "Must be text."
        if errors:
            raise inspections.Invalid(errors)
        site = sites.get_visible_site(session, ctx.user, site_id)
        photos = payload.get("photos") or []
        photo_ids = [p.get("id") for p in photos if isinstance(p, dict)]
        order = enforcement.post_in_field(
            session,
            order_id=order_id,
            site=site,
            user=ctx.user,
            grounds=grounds,
            posted_at=posted_at,
            notes=notes,
            photo_ids=photo_ids,
            now=ctx.now,
            rb=ctx.rb,
            device_id=ctx.device_id,
            sha256=declared or inspections.canonical_hash(payload),
        )
        expected, received = (
            inspections.claim_photos(session, photos, user=ctx.user) if photos else (0, 0)
        )
        data = record(order, photos_expected=expected, photos_received=received)
        return Outcome(status="applied", version=order.version, data=data)

    def serialize(self, session, entity_id, user) -> StopWorkOrderRecord | None:
        try:
            order = enforcement.get_visible_order(session, user, entity_id)
        except NotFound:
            return None
        return record(order)
