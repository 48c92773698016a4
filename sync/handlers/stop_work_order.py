"""Stop-work orders: an inspector posts one in the field, maybe offline, and it syncs (docs/sync-protocol.md);
devices pull the orders of the sites they see (a permittee only orders issued to it)."""

from __future__ import annotations

from inspector.models import StopWorkOrder
from inspector.models.enforcement import GROUNDS, INTERNAL_STATUSES
from inspector.services import (
    NotFound,
    enforcement,
    inspections,
    sites,
    stop_work_issuing,
    visibility,
)

from ..schemas.push import StopWorkOrderPayload
from ..schemas.records import Ground, StopWorkOrderRecord
from . import Outcome, checked


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
        sent = checked(mutation, StopWorkOrderPayload)
        # The role first, before anything about an existing order is read: order ids are printed on
        # posted notices, so a permittee must learn nothing from one (not even that it exists).
        enforcement.require_role(ctx.user, "inspector", "supervisor", what="post a stop-work order")
        order_id = mutation.get("entity_id")
        if not isinstance(order_id, str) or not inspections.UUID_RE.match(order_id):
            return Outcome(
                status="rejected",
                reason="An order id is a UUID made on the device.",
                errors={"entity_id": "Must be a UUID."},
            )
        declared = sent.sha256
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
        # The hash seals the payload as sent, so it is taken of the dict, never of the model.
        payload = mutation.get("payload") or {}
        errors: dict[str, str] = {}
        if inspections.altered(payload, declared):
            errors["sha256"] = inspections.ALTERED
        if sent.site_id is None:
            errors["site_id"] = "Must be the site's id (a whole number)."
        if not sent.grounds or any(g not in GROUNDS for g in sent.grounds):
            errors["grounds"] = (
                f"Tick at least one ground of {ctx.rb['stop_work.citation']} "
                f"({', '.join(GROUNDS)})."
            )
        if sent.posted_at is None:
            errors["posted_at"] = "Required (an ISO 8601 time in UTC)."
        if errors:
            raise inspections.Invalid(errors)
        site = sites.get_visible_site(session, ctx.user, sent.site_id)
        photos = sent.photos or []
        order = stop_work_issuing.post_in_field(
            session,
            order_id=order_id,
            site=site,
            user=ctx.user,
            grounds=sent.grounds,
            posted_at=sent.posted_at,
            notes=sent.notes or "",
            photo_ids=[p.id for p in photos],
            now=ctx.now,
            rb=ctx.rb,
            device_id=ctx.device_id,
            sha256=declared or inspections.canonical_hash(payload),
        )
        expected, received = (
            inspections.claim_checked_photos(session, photos, user=ctx.user) if photos else (0, 0)
        )
        data = record(order, photos_expected=expected, photos_received=received)
        return Outcome(status="applied", version=order.version, data=data)

    def never_seen(self, session, entity_id, user) -> bool:
        """An order a permittee was never shown: one still in an internal status (a proposal, or
        one dismissed before it was issued: enforcement.INTERNAL_STATUSES). An order that is gone,
        or one it could see before, is still sent as a deletion."""
        if user.role != "permittee":
            return False
        order = session.get(StopWorkOrder, entity_id)
        return order is not None and order.status in INTERNAL_STATUSES

    def serialize(self, session, entity_id, user) -> StopWorkOrderRecord | None:
        try:
            order = enforcement.get_visible_order(session, user, entity_id)
        except NotFound:
            return None
        return record(order)
