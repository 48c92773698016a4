"""Manual rain gauge readings from a tablet (docs/sync-protocol.md: entity `rain_reading`, entity_id = the device's UUID).

A reading is immutable: the same UUID again with the same amount and time is answered with the stored
reading; with other content it is a conflict. Storing a reading re-evaluates the gauge's qualifying rains,
which tells the linked sites' devices to re-pull their due items.
"""

from __future__ import annotations

import uuid

from sqlmodel import select

from inspector.models import RainGauge, RainReading
from inspector.services import inspections, rain_hand_readings, visibility

from ..schemas.push import RainReadingPayload
from ..schemas.records import RainReadingRecord
from . import Outcome, checked

FIELDS = {"gauge_id", "site_id", "observed_at", "amount_in", "period_hours", "sha256"}


def record(reading: RainReading, gauge: RainGauge | None) -> RainReadingRecord:
    return RainReadingRecord(
        id=reading.device_uuid or str(reading.id),
        gauge_id=reading.gauge_id,
        gauge_name=gauge.name if gauge else None,
        period_start=reading.period_start,
        observed_at=reading.period_end,
        period_hours=round((reading.period_end - reading.period_start).total_seconds() / 3600, 2),
        amount_in=reading.amount_in,
        trace=reading.trace,
        source=reading.source,
        version=1,
    )


class RainReadingHandler:
    entity = "rain_reading"

    def apply(self, session, mutation, ctx) -> Outcome:
        if mutation.get("op") == "delete":
            return Outcome(
                status="rejected",
                reason="A rain reading cannot be deleted from a device.",
                errors={"op": "Not allowed."},
            )
        entity_id = str(mutation.get("entity_id") or "")
        try:
            uuid.UUID(entity_id)
        except ValueError:
            return Outcome(
                status="rejected",
                errors={"entity_id": "Must be the reading's UUID made on the device."},
            )
        sent = checked(mutation, RainReadingPayload)
        # The model leaves fields it does not know to the handler; a reading refuses them by name.
        unknown = sorted(set(mutation.get("payload") or {}) - FIELDS)
        if unknown:
            return Outcome(
                status="rejected", errors={k: "Not a field of a rain reading." for k in unknown}
            )
        # A hash, when a device sends one, is checked as an order's (the app's own page sends none).
        if inspections.altered(mutation.get("payload") or {}, sent.sha256):
            return Outcome(status="rejected", errors={"sha256": inspections.ALTERED})
        observed_at = sent.observed_at
        if observed_at is None:
            return Outcome(
                status="rejected",
                errors={"observed_at": "Required: an ISO 8601 time such as 2026-05-04T07:00:00Z."},
            )
        existing = session.exec(
            select(RainReading).where(RainReading.source_key == f"device:{entity_id}")
        ).first()
        if existing is not None and not visibility.reading_visible(existing, ctx.user):
            # Someone else's reading: checked like a new one, then refused without a word about it.
            rain_hand_readings.check_manual_target(session, ctx.user, sent.gauge_id, sent.site_id)
            return Outcome(
                status="rejected",
                errors={"entity_id": "Already used."},
                reason="This id is already used; the device makes a new one.",
            )
        if existing is not None:
            same = (
                existing.period_end == observed_at
                and existing.gauge_id == sent.gauge_id
                and sent.amount_in is not None
                and round(existing.amount_in, 2) == round(sent.amount_in, 2)
            )
            copy = record(existing, session.get(RainGauge, existing.gauge_id))
            if not same:
                return Outcome(
                    status="conflict",
                    server_copy=copy,
                    reason="Another reading is stored under this id.",
                )
            return Outcome(status="applied", version=1, data=copy)
        reading, _ = rain_hand_readings.record_manual(
            session,
            user=ctx.user,
            gauge_id=sent.gauge_id,
            observed_at=observed_at,
            amount_in=sent.amount_in,
            period_hours=sent.period_hours,
            device_uuid=entity_id,
            site_id=sent.site_id,
            now=ctx.now,
            rb=ctx.rb,
        )
        return Outcome(
            status="applied",
            version=1,
            data=record(reading, session.get(RainGauge, reading.gauge_id)),
        )

    def wants_event(self, user, actor_id) -> bool:
        """Devices pull only the user's own readings (a second device sees them); imports stay on the server."""
        return actor_id == user.id

    def serialize(self, session, entity_id, user) -> RainReadingRecord | None:
        key = str(entity_id)
        reading = (
            session.get(RainReading, int(key))
            if key.isdigit()
            else session.exec(
                select(RainReading).where(RainReading.source_key == f"device:{key}")
            ).first()
        )
        if reading is None or reading.user_id != user.id:
            return None
        return record(reading, session.get(RainGauge, reading.gauge_id))
