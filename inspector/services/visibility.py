"""Who may see a synced record, by entity: the one rule the sync handlers, the conflict log and the
pages share. A record you may not see answers exactly like one that does not exist."""

from __future__ import annotations

from sqlmodel import select

from ..models import RainReading
from ..models.base import MAX_ID
from . import NotFound, enforcement, findings, inspections, rain_gauge_readers, sites

STAFF = ("inspector", "supervisor")


def reading_visible(reading: RainReading, user) -> bool:
    """A tablet's reading: its author's (the device pulls it) and the Village's."""
    return user.role in STAFF or reading.user_id == user.id


def can_see(session, user, entity: str, entity_id: str) -> bool:
    key = str(entity_id)
    try:
        if entity == "inspection":
            inspections.get_visible(session, user, key)
        elif entity == "finding":
            findings.get_visible(session, user, key)
        elif entity == "stop_work_order":
            enforcement.get_visible_order(session, user, key)
        elif entity == "site":
            return (
                key.isascii()
                and key.isdigit()
                and int(key) <= MAX_ID
                and sites.can_see_site(session, user, int(key))
            )
        elif entity == "rain_reading":
            reading = session.exec(
                select(RainReading).where(RainReading.source_key == f"device:{key}")
            ).first()
            return reading is not None and reading_visible(reading, user)
        elif entity == "rain_gauge":
            return any(str(g.id) == key for g in rain_gauge_readers.gauges_for(session, user))
        else:
            return False
    except NotFound:
        return False
    return True
