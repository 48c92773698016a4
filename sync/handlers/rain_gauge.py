"""Rain gauges, pulled so the offline reading form can list them (read-only on devices)."""

from __future__ import annotations

from inspector.models import RainGauge
from inspector.services import rain_gauge_readers

from ..schemas.records import RainGaugeRecord
from . import Outcome


class RainGaugeHandler:
    entity = "rain_gauge"

    def apply(self, session, mutation, ctx) -> Outcome:
        return Outcome(
            status="rejected",
            reason="Rain gauges are managed on the web by Village staff.",
            errors={"entity": "Read-only on devices."},
        )

    def serialize(self, session, entity_id, user) -> RainGaugeRecord | None:
        gauge = session.get(RainGauge, int(entity_id)) if str(entity_id).isdigit() else None
        if gauge is None or gauge.id not in {
            g.id for g in rain_gauge_readers.gauges_for(session, user)
        }:
            return None
        return RainGaugeRecord(
            id=str(gauge.id),
            name=gauge.name,
            kind=gauge.kind,
            station_code=gauge.station_code,
            latitude=gauge.latitude,
            longitude=gauge.longitude,
            version=1,
        )
