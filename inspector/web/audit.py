"""The audit trail, read-only: who changed what, when, from which device, before and after.

Shown in words: field names as labels, times in the Village's zone, people by name, statuses without
underscores; ids and hashes are not printed (the record's own page and its history link stand for
them)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, time

from flask import Blueprint, abort, current_app, render_template, request
from sqlmodel import select

from ..db import get_session
from ..models import AuditEvent, Company, Device, Permit, RainEvent, RainGauge, Site, User
from ..models.base import MAX_ID
from ..rules.clocks import due_words, local_date, time_words, to_local
from ..security import STAFF, roles_required
from ..services import clock

bp = Blueprint("audit", __name__)
PAGE = 100

ENTITIES = {
    "stop_work_order": "Stop-work order",
    "rain_reading": "Rain reading",
    "rain_event": "Rain",
    "rain_gauge": "Rain gauge",
    "sync_conflict": "Sync conflict",
    "plan_modification": "Plan change",
    "public_records": "Public records page",
}
ACTIONS = {
    "create": "created",
    "update": "changed",
    "submit": "submitted",
    "packet": "work packet updated",
    "delete": "deleted",
    "turn_on": "turned on",
    "turn_off": "turned off",
    "dnr_told": "DNR told its address",
    "notice:commencement": "notice of commencement given",
    "stabilization:notified": "final stabilization notified",
    "stabilization:declined": "notice of final stabilization declined",
    "resolve:server": "resolved: the server's copy kept",
    "resolve:device": "resolved: the device's copy kept",
    "disable": "account disabled",
    "enable": "account enabled",
    "certification": "certification recorded",
    "change_password": "password changed",
    "reset_password": "new password set by a supervisor",
    "enroll": "device enrolled",
    "revoke": "device revoked",
}
FIELDS = {
    "sha256": "Tamper check",
    "replaces_id": "Corrects an earlier inspection",
    "user_id": "Person",
    "site_id": "Site",
    "company_id": "Company",
    "permit_id": "Permit",
    "finding_id": "Finding",
    "inspection_id": "Inspection",
    "rain_event_id": "Rain",
    "device_id": "Device",
    "dnr_told_on": "Day the DNR was told",
    "dnr_told_recorded_at": "DNR day recorded at",
    "new_address": "At a new address",
}
PEOPLE_KEYS = re.compile(r"(_by|^user_id|^by)$")
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$")
RECORD_ID = re.compile(
    r"^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
    r"[0-9a-fA-F]{12}|[0-9a-f]{64})$"
)
STATUS_WORD = re.compile(r"^[a-z]+(_[a-z]+)+$")
KIND_STATUS = re.compile(r"^([a-z_]+):([a-z_]+)$")  # "stop_work_order:proposed" (a packet's why)
# Keys that hold another record's number, and which record's words stand for it (linked_names).
LINKED = {
    "company_id": "company",
    "gauge_id": "gauge",
    "permit_id": "permit",
    "rain_event_id": "rain",
    "rain_events": "rain",
}
# Internal keys a person cannot act on (a reading's de-duplication key holds a device's id).
HIDDEN = {"source_key"}


def entity_words(entity: str) -> str:
    return ENTITIES.get(entity, entity.replace("_", " ").capitalize())


def action_words(action: str) -> str:
    if action.startswith("status:"):  # a permit's or order's new status ("status:under_review")
        return "status changed to " + action.removeprefix("status:").replace("_", " ")
    if action in ACTIONS:
        return ACTIONS[action]
    # One not listed: its keys as words ("a_key:other" is "a key: other"), never the keys themselves.
    return ": ".join(part.replace("_", " ") for part in action.split(":"))


def field_words(key: str) -> str:
    if key in FIELDS:
        return FIELDS[key]
    return key.removesuffix("_id").replace("_", " ").capitalize()


def _moment_words(key: str, value: str, rb) -> str | None:
    """A stored moment in the Village's time; None for text that only looks like one (a person's
    words such as '2026-13-45T10:00', or a day before the calendar's first in the Village's zone),
    which is shown as typed."""
    try:
        moment = datetime.fromisoformat(value.removesuffix("Z"))
        if moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        local = to_local(moment, rb)
        if key.endswith("_due") and local.time() == time(0):
            # A deadline at midnight is the end of the day before, as the order's pages say.
            return due_words(moment, rb, long=True, year=True)
        return local.strftime("%Y-%m-%d %H:%M %Z")
    except (ValueError, OverflowError):
        return None


def value_words(
    key: str, value, people: dict[int, str], sites: dict[int, str], rb, named: dict | None = None
) -> str:
    """One stored value as a person reads it (`named`: linked_names, the other records' words)."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and PEOPLE_KEYS.search(key):
        return people.get(value, "a former user")
    if isinstance(value, int) and key == "site_id":
        return sites.get(value, "a site")
    if isinstance(value, int) and key in LINKED:
        return (named or {}).get(LINKED[key], {}).get(value, "recorded (see the record's page)")
    if isinstance(value, str):
        if MOMENT.match(value) and (local_words := _moment_words(key, value, rb)):
            return local_words
        if RECORD_ID.match(value):
            return "recorded (see the record's page)"
        if STATUS_WORD.match(value):
            return value.replace("_", " ")
        if kind_status := KIND_STATUS.match(value):
            return f"{entity_words(kind_status[1])}: {kind_status[2].replace('_', ' ')}"
        return value
    if isinstance(value, list):
        return "; ".join(value_words(key, v, people, sites, rb, named) for v in value) or "—"
    if isinstance(value, dict):
        if isinstance(value.get("words"), str):  # a ground or clause: its words from the rulebook
            return value["words"]
        return ", ".join(
            f"{field_words(k)}: {value_words(k, v, people, sites, rb, named)}"
            for k, v in value.items()
            if v not in (None, "", [], {})
        )
    return str(value)


def changes(event: AuditEvent) -> list[tuple[str, object, object]]:
    """(field, before, after) for the fields that differ; all of `after` for a creation."""
    before, after = event.before or {}, event.after or {}
    keys = sorted(set(before) | set(after))
    return [
        (k, before.get(k), after.get(k))
        for k in keys
        if before.get(k) != after.get(k) and k not in ("updated_at", "version")
    ]


def linked_names(session, events, rb) -> dict[str, dict[int, str]]:
    """The words for the companies, gauges, permits and rains the events' changes name by number:
    one query for each kind named at all."""
    wanted: dict[str, set[int]] = {}
    for e in events:
        for key, b, a in changes(e):
            if key in LINKED:
                for v in (b, a):
                    for one in v if isinstance(v, list) else [v]:
                        if isinstance(one, int) and not isinstance(one, bool):
                            wanted.setdefault(LINKED[key], set()).add(one)
    out: dict[str, dict[int, str]] = {}
    if ids := wanted.get("company"):
        out["company"] = dict(
            session.exec(select(Company.id, Company.name).where(Company.id.in_(ids))).all()
        )
    if ids := wanted.get("gauge"):
        out["gauge"] = dict(
            session.exec(select(RainGauge.id, RainGauge.name).where(RainGauge.id.in_(ids))).all()
        )
    if ids := wanted.get("permit"):
        rows = session.exec(select(Permit.id, Permit.number).where(Permit.id.in_(ids))).all()
        out["permit"] = {i: number or "the application" for i, number in rows}
    if ids := wanted.get("rain"):
        rows = session.exec(
            select(RainEvent.id, RainEvent.total_in, RainEvent.end).where(RainEvent.id.in_(ids))
        ).all()
        out["rain"] = {
            i: f"{total:.2f} in, ended {time_words(end, rb, local_date(clock.now(), rb))}"
            for i, total, end in rows
        }
    return out


def people_named(session, events) -> dict[int, str]:
    ids = {e.user_id for e in events if e.user_id}
    for e in events:
        for key, b, a in changes(e):
            if PEOPLE_KEYS.search(key):
                ids |= {v for v in (b, a) if isinstance(v, int) and not isinstance(v, bool)}
    if not ids:
        return {}
    return dict(session.exec(select(User.id, User.name).where(User.id.in_(ids))).all())


def _record_number(value: str, name: str) -> int:
    """A database id from the address (a site's, or the page's `before` event), or 400: a number
    no column holds would fail in the database."""
    if value.isascii() and value.isdigit() and len(value) <= 10 and int(value) <= MAX_ID:
        return int(value)
    abort(
        400,
        description=f"{name} in the address must be a record's number; open the audit page again.",
    )


@bp.route("/audit/")
@roles_required(*STAFF)
def index():
    session = get_session()
    query = select(AuditEvent)
    args = request.args
    entity, entity_id, site_id = (
        args.get("entity", ""),
        args.get("entity_id", ""),
        args.get("site_id", ""),
    )
    if entity:
        query = query.where(AuditEvent.entity == entity)
    if entity_id:
        query = query.where(AuditEvent.entity_id == entity_id)
    if site_id:
        query = query.where(AuditEvent.site_id == _record_number(site_id, "site_id"))
    before = args.get("before", "")
    if before:
        query = query.where(AuditEvent.id < _record_number(before, "before"))
    events = list(session.exec(query.order_by(AuditEvent.id.desc()).limit(PAGE)))
    people = people_named(session, events)
    rb = current_app.extensions["rulebook"]
    named = linked_names(session, events, rb)
    site_names = dict(session.exec(select(Site.id, Site.name)).all())
    device_ids = {e.device_id for e in events if e.device_id}
    devices = {}
    if device_ids:
        rows = session.exec(select(Device.id, Device.name).where(Device.id.in_(device_ids))).all()
        devices = dict(rows)
    entities = [
        row
        for row in session.exec(select(AuditEvent.entity).distinct().order_by(AuditEvent.entity))
    ]

    def shown_changes(event):
        def words(k, v):
            return value_words(k, v, people, site_names, rb, named)

        return [
            (field_words(k), None if b is None else words(k, b), words(k, a))
            for k, b, a in changes(event)
            if k != "id" and k not in HIDDEN
        ]

    return render_template(
        "audit/index.html",
        events=events,
        people=people,
        site_names=site_names,
        devices=devices,
        entities=entities,
        entity=entity,
        entity_id=entity_id,
        site_id=site_id,
        changes=shown_changes,
        entity_words=entity_words,
        action_words=action_words,
        more=len(events) == PAGE,
    )
