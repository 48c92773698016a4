"""Submitted inspections: validate what a device sent, store it once, link its photos, raise findings.

An inspection is frozen once submitted: the same id with the same content is a duplicate (nothing
written), with other content a conflict; a correction is a new inspection naming the one it replaces.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
from datetime import date, datetime, timedelta, timezone

from sqlalchemy import func, insert, update
from sqlmodel import Session, select

from ..models import ANSWERS, INSPECTION_KINDS, Answer, Finding, Inspection, Photo, PhotoClaim, Site, User
from ..rules import checklist
from . import NotFound, ServiceError, audit, sites

STAFF = ("inspector", "supervisor")
PERMITTEE_KINDS = ("weekly", "post_rain")  # the permittee's own inspections (§ 256-8D(3)(g))
MAX_ANSWERS = 200
MAX_PHOTOS = 100
TEXT_LIMITS = {"inspector_name": 200, "weather": 200, "phase": 200, "notes": 5000, "catalog_version": 40}
ANSWER_TEXT_LIMITS = {"note": 2000, "corrective_action": 2000}
UUID_RE = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
HEX64 = re.compile(r"^[0-9a-f]{64}$")
FUTURE_SLACK = timedelta(days=1)  # device clocks drift; more than a day ahead is a wrong date


class Invalid(ServiceError):
    """Several field errors at once: {"answers.SILT.corrective_action": "message", ...}."""

    def __init__(self, errors: dict[str, str], status: int = 422):
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()), field=next(iter(errors), None),
                         status=status)
        self.errors = errors


class Conflict(ServiceError):
    def __init__(self, message: str, server_copy: dict):
        super().__init__(message, status=409)
        self.server_copy = server_copy


def canonical_hash(payload: dict) -> str:
    """Contract B: SHA-256 of the payload without `sha256`, keys sorted, no whitespace, UTF-8."""
    body = {k: v for k, v in payload.items() if k != "sha256"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_utc(value, key: str, errors: dict, *, required: bool = False) -> datetime | None:
    if value in (None, ""):
        if required:
            errors[key] = "Required (an ISO 8601 time in UTC)."
        return None
    if not isinstance(value, str):
        errors[key] = "Must be an ISO 8601 time such as 2026-05-04T14:30:00Z."
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        errors[key] = "Must be an ISO 8601 time such as 2026-05-04T14:30:00Z."
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def _text(payload: dict, key: str, limit: int, errors: dict, prefix: str = "") -> str:
    value = payload.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        errors[prefix + key] = "Must be text."
        return ""
    if len(value) > limit:
        errors[prefix + key] = f"At most {limit} characters."
    return value.strip()


def _number(value, key: str, errors: dict, low: float, high: float) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not low <= value <= high:
        errors[key] = f"Must be a number between {low:g} and {high:g}."
        return None
    return float(value)


def site_checklist(session: Session, site: Site, rb, cache: dict | None = None) -> dict[str, dict]:
    """{code: catalog item} for the site's checklist (cached per batch: the site's facts do not change)."""
    if cache is not None and site.id in cache:
        return cache[site.id]
    items = {item["code"]: item for item in sites.ordinance_view(site, rb)["checklist"]}
    if cache is not None:
        cache[site.id] = items
    return items


def _clean_answers(raw, items: dict[str, dict], photo_ids: set[str], errors: dict) -> list[dict]:
    if not isinstance(raw, list):
        errors["answers"] = "Must be a list of answers."
        return []
    if len(raw) > MAX_ANSWERS:
        errors["answers"] = f"At most {MAX_ANSWERS} answers."
        return []
    out, seen = [], set()
    for i, answer in enumerate(raw):
        if not isinstance(answer, dict):
            errors[f"answers.{i}"] = "Must be an object."
            continue
        code = answer.get("item_code")
        prefix = f"answers.{code}." if isinstance(code, str) and code else f"answers.{i}."
        if not isinstance(code, str) or code not in items:
            errors[prefix + "item_code"] = "Not an item of this site's checklist."
            continue
        if code in seen:
            errors[prefix + "item_code"] = "Answered twice."
            continue
        seen.add(code)
        item = items[code]
        result = answer.get("result")
        if result not in ANSWERS:
            errors[prefix + "result"] = "Must be pass, fail or na."
        note = _text(answer, "note", ANSWER_TEXT_LIMITS["note"], errors, prefix)
        action = _text(answer, "corrective_action", ANSWER_TEXT_LIMITS["corrective_action"], errors, prefix)
        if result == "fail" and not action:
            errors[prefix + "corrective_action"] = "A failed item needs the corrective action required."
        raw_m = answer.get("measurements") or {}
        values: dict[str, float] = {}
        if not isinstance(raw_m, dict):
            errors[prefix + "measurements"] = "Must be an object of numbers."
        else:
            try:
                values = checklist.parse_measurements(item, raw_m)
            except checklist.MeasurementError as exc:
                errors[f"{prefix}measurements.{exc.key}"] = exc.message
            else:
                if result == "pass" and checklist.measurement_fails(item, values):
                    errors[prefix + "result"] = ("The measurements show a failure "
                                                 f"({item['failure']}); this item cannot pass.")
        calculator = answer.get("calculator")
        if calculator is not None and not (isinstance(calculator, dict) and isinstance(calculator.get("name"), str)):
            errors[prefix + "calculator"] = "Must be {name, inputs, result} or null."
        ids = answer.get("photo_ids") or []
        if not isinstance(ids, list) or any(p not in photo_ids for p in ids):
            errors[prefix + "photo_ids"] = "Names a photo that is not in the record's photo list."
        out.append({"item_code": code, "result": result, "note": note, "corrective_action": action,
                    "measurements": values, "calculator": calculator, "photo_ids": list(ids) if isinstance(ids, list) else []})
    return out


def _clean_photos(raw, errors: dict) -> list[dict]:
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_PHOTOS:
        errors["photos"] = f"Must be a list of at most {MAX_PHOTOS} photos."
        return []
    out, seen = [], set()
    for i, photo in enumerate(raw):
        pid = photo.get("id") if isinstance(photo, dict) else None
        key = f"photos.{pid if isinstance(pid, str) else i}."
        if not isinstance(pid, str) or not UUID_RE.match(pid) or pid in seen:
            errors[key + "id"] = "Each photo needs its own UUID."
            continue
        seen.add(pid)
        sha = photo.get("sha256")
        if not isinstance(sha, str) or not HEX64.match(sha):
            errors[key + "sha256"] = "Must be the SHA-256 (64 lower-case hex digits) of the photo's bytes."
        item_code = photo.get("item_code")
        if item_code is not None and not isinstance(item_code, str):
            errors[key + "item_code"] = "Must be a checklist item code or null."
        out.append({"photo_id": pid, "sha256": sha, "item_code": item_code,
                    "taken_at": parse_utc(photo.get("taken_at"), key + "taken_at", errors),
                    "latitude": _number(photo.get("latitude"), key + "latitude", errors, -90, 90),
                    "longitude": _number(photo.get("longitude"), key + "longitude", errors, -180, 180)})
    return out


def summary(session: Session, inspection: Inspection) -> dict:
    received = session.exec(select(func.count()).select_from(Photo)
                            .where(Photo.inspection_id == inspection.id)).one()
    return {"id": inspection.id, "site_id": inspection.site_id, "kind": inspection.kind,
            "inspected_on": inspection.inspected_on.isoformat(), "sha256": inspection.sha256,
            "replaces_id": inspection.replaces_id, "photos_expected": inspection.photos_expected,
            "photos_received": received}


def apply_submission(session: Session, payload: dict, inspection_id: str, ctx) -> tuple[Inspection, str]:
    """Store a device's inspection in the caller's transaction. Returns (inspection, "applied"|"duplicate");
    raises Invalid (field errors), NotFound (site not visible) or Conflict (the id holds other content)."""
    user: User = ctx.user
    if not isinstance(payload, dict):
        raise Invalid({"payload": "Must be an object."})
    if not isinstance(inspection_id, str) or not UUID_RE.match(inspection_id):
        raise Invalid({"entity_id": "An inspection id is a UUID made on the device."})
    declared = payload.get("sha256")
    existing = session.get(Inspection, inspection_id)
    if existing is not None:
        if not sites.can_see_site(session, user, existing.site_id):
            raise Invalid({"entity_id": "This inspection id is already in use."}, status=409)
        if existing.sha256 and existing.sha256 == declared:
            return existing, "duplicate"
        raise Conflict("An inspection with this id was already submitted with other content; inspections "
                       "cannot change once submitted: submit a correction that replaces it.",
                       server_copy=summary(session, existing))

    errors: dict[str, str] = {}
    if not isinstance(declared, str) or not HEX64.match(declared):
        errors["sha256"] = "Must be the SHA-256 of the record (see the API's canonical JSON)."
    elif canonical_hash(payload) != declared:
        errors["sha256"] = "Does not match the record's content: it was altered on the way. Send it again."
    site_id = payload.get("site_id")
    if isinstance(site_id, bool) or not isinstance(site_id, int):
        raise Invalid({**errors, "site_id": "Must be the site's id (a whole number)."})
    site = sites.get_visible_site(session, user, site_id)  # NotFound for another company's site

    kind = payload.get("kind")
    if kind not in INSPECTION_KINDS:
        errors["kind"] = f"Must be one of: {', '.join(INSPECTION_KINDS)}."
    elif user.role not in STAFF and kind not in PERMITTEE_KINDS:
        errors["kind"] = "Permittees record weekly and post-rain inspections; the others are the Village's."
    texts = {key: _text(payload, key, limit, errors) for key, limit in TEXT_LIMITS.items()}
    if not texts["inspector_name"]:
        errors["inspector_name"] = "Who inspected? Enter a name."
    if not texts["catalog_version"]:
        errors["catalog_version"] = "Required: the checklist catalog version the device used."
    inspected_on = None
    try:
        inspected_on = date.fromisoformat(payload.get("inspected_on") or "")
    except (TypeError, ValueError):
        errors["inspected_on"] = "Must be a date such as 2026-05-04."
    started = parse_utc(payload.get("started_at"), "started_at", errors)
    ended = parse_utc(payload.get("ended_at"), "ended_at", errors)
    if started and ended and ended < started:
        errors["ended_at"] = "Ends before it starts."
    limit = ctx.now + FUTURE_SLACK
    if inspected_on and inspected_on > limit.date():
        errors["inspected_on"] = "Is in the future."
    for key, moment in (("started_at", started), ("ended_at", ended)):
        if moment and moment > limit:
            errors[key] = "Is in the future."
    active = payload.get("active_disturbance", True)
    if not isinstance(active, bool):
        errors["active_disturbance"] = "Must be true or false."
    rain_event_id = payload.get("rain_event_id")
    if rain_event_id is not None and (isinstance(rain_event_id, bool) or not isinstance(rain_event_id, int)):
        errors["rain_event_id"] = "Must be a whole number or null."
    finding_id = payload.get("finding_id")
    if finding_id is not None:
        finding = session.get(Finding, finding_id) if isinstance(finding_id, str) else None
        if finding is None or finding.site_id != site.id:
            errors["finding_id"] = "No such finding on this site."
    replaces_id = payload.get("replaces_id")
    if replaces_id is not None:
        original = session.get(Inspection, replaces_id) if isinstance(replaces_id, str) else None
        if original is None or original.site_id != site.id:
            errors["replaces_id"] = "The inspection it replaces is not on the server for this site."
        elif user.role not in STAFF and original.user_id != user.id:
            errors["replaces_id"] = "Only the author or Village staff may correct an inspection."

    photos = _clean_photos(payload.get("photos"), errors)
    photo_ids = {p["photo_id"] for p in photos}
    items = site_checklist(session, site, ctx.rb, getattr(ctx, "checklists", None))
    answers = _clean_answers(payload.get("answers"), items, photo_ids, errors)
    for photo in photos:
        if photo["item_code"] is not None and photo["item_code"] not in items:
            errors[f"photos.{photo['photo_id']}.item_code"] = "Not an item of this site's checklist."
    received = _received_photos(session, photos, user, errors)
    if errors:
        raise Invalid(errors)

    inspection = Inspection(
        id=inspection_id, site_id=site.id, permit_id=_permit_id(session, site.id), kind=kind,
        by_village=user.role in STAFF, inspector_name=texts["inspector_name"], inspected_on=inspected_on,
        started_at=started, ended_at=ended, weather=texts["weather"], phase=texts["phase"], notes=texts["notes"],
        active_disturbance=active, rain_event_id=rain_event_id, finding_id=finding_id,
        catalog_version=texts["catalog_version"], replaces_id=replaces_id, photos_expected=len(photos),
        sha256=declared, user_id=user.id, device_id=ctx.device_id, submitted_at=ctx.now, received_at=ctx.now)
    session.add(inspection)
    session.flush()
    if answers:  # one multi-row insert: 25 answers per inspection, thousands per hour at peak
        session.execute(insert(Answer), [
            {"inspection_id": inspection_id, "item_code": a["item_code"], "result": a["result"], "note": a["note"],
             "corrective_action": a["corrective_action"], "measurements": a["measurements"],
             "calculator": a["calculator"]} for a in answers])
    _claim(session, photos, received, inspection_id=inspection_id, user=user)

    from . import findings  # the enforcement engineer's service (contract E)
    findings.create_from_inspection(session, inspection, answers, site, ctx.now, ctx.rb)
    audit.record(session, entity="inspection", entity_id=inspection_id, action="submit", user_id=user.id,
                 after={"kind": kind, "inspected_on": inspected_on.isoformat(), "sha256": declared,
                        "replaces_id": replaces_id, "answers": len(answers), "photos": len(photos)},
                 site_id=site.id, device_id=ctx.device_id)
    audit.record(session, entity="site", entity_id=site.id, action="packet", user_id=user.id,
                 after={"why": "inspection"}, site_id=site.id, device_id=ctx.device_id)
    return inspection, "applied"


def _permit_id(session: Session, site_id: int) -> int | None:
    from . import permits
    permit = permits.current_permit(session, site_id)
    return permit.id if permit else None


def _received_photos(session: Session, photos: list[dict], user: User, errors: dict) -> dict[str, Photo]:
    """Photos whose bytes came before the record: they must be this user's and match the declared hash."""
    if not photos:
        return {}
    ids = [p["photo_id"] for p in photos]
    rows = {p.id: p for p in session.exec(select(Photo).where(Photo.id.in_(ids)))}
    claimed = set(session.exec(select(PhotoClaim.photo_id).where(PhotoClaim.photo_id.in_(ids))))
    for photo in photos:
        if photo["photo_id"] in claimed:
            errors[f"photos.{photo['photo_id']}.id"] = "This photo id is already used by another record."
            continue
        row = rows.get(photo["photo_id"])
        if row is None:
            continue
        if row.user_id != user.id or row.inspection_id is not None or row.finding_id is not None:
            errors[f"photos.{photo['photo_id']}.id"] = "This photo id is already used by another record."
        elif row.sha256 != photo["sha256"]:
            errors[f"photos.{photo['photo_id']}.sha256"] = "The photo received under this id has other bytes."
    return rows


def _claim(session: Session, photos: list[dict], received: dict[str, Photo], *, inspection_id: str | None = None,
           finding_id: str | None = None, user: User) -> None:
    if not photos:
        return
    session.execute(insert(PhotoClaim), [{**p, "inspection_id": inspection_id, "finding_id": finding_id,
                                          "user_id": user.id} for p in photos])
    for photo in photos:
        row = received.get(photo["photo_id"])
        if row is None:
            continue
        session.execute(update(Photo).where(Photo.id == row.id).values(
            inspection_id=inspection_id, finding_id=finding_id, item_code=photo["item_code"],
            taken_at=row.taken_at or photo["taken_at"], latitude=row.latitude if row.latitude is not None
            else photo["latitude"], longitude=row.longitude if row.longitude is not None else photo["longitude"]))


def claim_photos(session: Session, raw_photos, *, user: User, inspection_id: str | None = None,
                 finding_id: str | None = None) -> tuple[int, int]:
    """For other records that carry photos (a finding's correction, a stop-work order): validate the
    `photos` list, link the bytes already received and remember the rest. Returns (expected, received);
    raises Invalid with errors keyed `photos.<id>.<field>`."""
    errors: dict[str, str] = {}
    photos = _clean_photos(raw_photos, errors)
    received = _received_photos(session, photos, user, errors)
    if errors:
        raise Invalid(errors)
    _claim(session, photos, received, inspection_id=inspection_id, finding_id=finding_id, user=user)
    return len(photos), sum(1 for p in photos if p["photo_id"] in received)


def get_visible(session: Session, user: User, inspection_id: str) -> Inspection:
    inspection = session.get(Inspection, inspection_id)
    if inspection is None or not sites.can_see_site(session, user, inspection.site_id):
        raise NotFound("No such inspection.")
    return inspection
