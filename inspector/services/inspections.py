"""Submitted inspections: validate what a device sent, store it once, link its photos, raise findings.

An inspection is frozen once submitted: the same id with the same content is a duplicate (nothing
written), with other content a conflict; a correction is a new inspection naming the one it replaces.
"""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timedelta
from functools import lru_cache
from operator import itemgetter
from typing import TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy import func, insert, update
from sqlmodel import Session, select

from .. import marks, payloads
from ..canonical import record_sha256
from ..models import (
    INSPECTION_KINDS,
    Answer,
    AuditEvent,
    Finding,
    Inspection,
    Photo,
    PhotoClaim,
    RainEvent,
    Site,
    User,
)
from ..payloads import InspectionPayload, field_errors
from ..photos import position
from ..rules import checklist, clocks, signatures
from . import NotFound, ServiceError, bulk, by_keys, sealed_records, seals, sites, values_among
from .rain import gauges_for_sites
from .rain_gauges import gauges_left

M = TypeVar("M", bound=BaseModel)
STAFF = ("inspector", "supervisor")
PERMITTEE_KINDS = ("weekly", "post_rain")  # the permittee's own inspections (§ 256-8D(3)(g))
MAX_ANSWERS = 200
MAX_PHOTOS = 100
TEXT_LIMITS = {
    "inspector_name": 200,
    "weather": 200,
    "phase": 200,
    "notes": 5000,
    "catalog_version": 40,
}
ANSWER_TEXT_LIMITS = {"note": 2000, "corrective_action": 2000}
UUID_RE = re.compile(
    r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
)
HEX64 = re.compile(r"^[0-9a-f]{64}$")
MERGES_FOLLOWED = 5  # a rain joined to one later joined to another: followed this far
FUTURE_SLACK = timedelta(days=1)  # device clocks drift; more than a day ahead is a wrong date
# Every stored rain is a qualifying one (rain.evaluate_gauge stores no other), so its threshold is
# not checked again: an inspection after a smaller rain is never one the ordinance forbids.
NO_SUCH_RAIN = (
    "Is not a rain recorded at this site's rain gauge: start the post-rain inspection from the "
    "site's list of what is due."
)


def kinds_for(user: User) -> tuple[str, ...]:
    """The inspection kinds this person may record (the device offers only these)."""
    return INSPECTION_KINDS if user.role in STAFF else PERMITTEE_KINDS


class Invalid(ServiceError):
    """Several field errors at once: {"answers.SILT.corrective_action": "message", ...}."""

    def __init__(self, errors: dict[str, str], status: int = 422):
        super().__init__(
            "; ".join(f"{k}: {v}" for k, v in errors.items()),
            field=next(iter(errors), None),
            status=status,
        )
        self.errors = errors


class Conflict(ServiceError):
    def __init__(self, message: str, server_copy: dict):
        super().__init__(message, status=409)
        self.server_copy = server_copy


def canonical_hash(payload: dict) -> str:
    """SHA-256 of the payload without `sha256`, as RFC 8785 canonical JSON, as the browser writes it
    (docs/sync-protocol.md, "The record's hash"; inspector/canonical.py)."""
    return record_sha256(payload)


ALTERED = "Does not match the record's content: it was altered on the way."


def altered(payload: dict, declared: str | None) -> bool:
    """Whether a record's declared hash is not its payload's (a record without one is not checked).
    The hash seals the payload as sent: taken of the dict, never of the checked model."""
    return declared is not None and canonical_hash(payload) != declared


def validated(model: type[M], payload) -> M:
    """`payload` as `model` for a caller without a push's checked model: a wrong type is refused
    (Invalid) with the push's path and words."""
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise Invalid(field_errors(exc, model, payload)) from None


def read_payload(payload) -> InspectionPayload:
    """A payload from a caller without a model (the demo data, tests), checked by the model a push
    is checked by."""
    if not isinstance(payload, dict):
        raise Invalid({"payload": "Must be an object."})
    return validated(InspectionPayload, payload)


def _text(value: str | None, key: str, limit: int, errors: dict) -> str:
    """Text within its limit, stripped ("" for none)."""
    if value is None:
        return ""
    if len(value) > limit:
        errors[key] = f"At most {limit} characters."
    return value.strip()


def _within(value: float | None, key: str, errors: dict, low: float, high: float) -> float | None:
    if value is not None and not low <= value <= high:
        errors[key] = f"Must be a number between {low:g} and {high:g}."
        return None
    return value


def site_checklist(session: Session, site: Site, rb, cache: dict | None = None) -> dict[str, dict]:
    """{code: catalog item} for the site's checklist (cached per batch: the site's facts do not change)."""
    if cache is not None and site.id in cache:
        return cache[site.id]
    items = {item["code"]: item for item in sites.ordinance_view(site, rb)["checklist"]}
    if cache is not None:
        cache[site.id] = items
    return items


def _clean_answers(
    sent: list[payloads.Answer] | None,
    raw: list,
    items: dict[str, dict],
    photo_ids: set[str],
    errors: dict,
) -> list[dict]:
    """Each answer's meaning (the model checked the types). `raw`: the answers as sent, whose
    calculator results are stored as the device wrote them. A push has 25 answers per
    inspection: the common case (no measurements, no photos) costs little. Each answer is also
    its sealed record's answer as read back (`_written`): these six keys only, text, a dict of
    numbers, and the calculator's dict or None."""
    if sent is None:
        errors["answers"] = "Must be a list of answers."
        return []
    if len(sent) > MAX_ANSWERS:
        errors["answers"] = f"At most {MAX_ANSWERS} answers."
        return []
    out, seen = [], set()
    for i, answer in enumerate(sent):
        code = answer.item_code
        if code not in items:
            errors[_answer_path(code, i) + "item_code"] = "Not an item of this site's checklist."
            continue
        if code in seen:
            errors[_answer_path(code, i) + "item_code"] = "Answered twice."
            continue
        seen.add(code)
        result = answer.result
        if result is None:
            errors[_answer_path(code, i) + "result"] = "Must be pass, fail or na."
        # Most answers carry no note and no action ("" or null, both stored as ""): nothing to check.
        note, action = answer.note, answer.corrective_action
        if note:
            note = _text(note, _answer_path(code, i) + "note", ANSWER_TEXT_LIMITS["note"], errors)
        else:
            note = ""
        if action:
            action = _text(
                action,
                _answer_path(code, i) + "corrective_action",
                ANSWER_TEXT_LIMITS["corrective_action"],
                errors,
            )
        else:
            action = ""
        if result == "fail" and not action:
            errors[_answer_path(code, i) + "corrective_action"] = (
                "A failed item needs the corrective action required."
            )
        values: dict[str, float] = {}
        if answer.measurements:
            values = _measurements(
                items[code], answer.measurements, result, _answer_path(code, i), errors
            )
        calculator = None if answer.calculator is None else raw[i]["calculator"]
        ids = answer.photo_ids
        if ids and any(p not in photo_ids for p in ids):
            errors[_answer_path(code, i) + "photo_ids"] = (
                "Names a photo that is not in the record's photo list."
            )
        out.append(
            {
                "item_code": code,
                "result": result,
                "note": note,
                "corrective_action": action,
                "measurements": values,
                "calculator": calculator,
            }
        )
    return out


def _answer_path(code: str | None, i: int) -> str:
    """Where an answer's refusals are named: by its item code, by its place when it has none.
    Made only for a refusal (a push's 50,000 answers mostly have none)."""
    return f"answers.{code}." if code else f"answers.{i}."


def _measurements(item: dict, raw: dict, result, prefix: str, errors: dict) -> dict[str, float]:
    try:
        values = checklist.parse_measurements(item, raw)
    except checklist.MeasurementError as exc:
        errors[f"{prefix}measurements.{exc.key}"] = exc.message
        return {}
    if result == "pass" and checklist.measurement_fails(item, values):
        errors[prefix + "result"] = (
            f"The measurements show a failure ({item['failure']}); this item cannot pass."
        )
    return values


def _check_complete(
    kind, items: dict, asked: list[str], answers: list[dict], sent, rb, errors: dict
) -> None:
    """A weekly or post-rain inspection answers every item of the site's checklist, as the catalog
    version it was made with had it (`asked`: Lookups.asked); no item passes under a calculation
    that fails (rules/checklist.py says why)."""
    if sent is not None and kind in checklist.COMPLETE_KINDS:  # a Village inspection may be partial
        words = {"weekly": "weekly", "post_rain": "post-rain"}.get(kind, "")
        for code in checklist.unanswered(kind, asked, {a["item_code"] for a in answers}):
            errors.setdefault(
                f"answers.{code}.result",
                (
                    f"Not answered: a {words} inspection answers every item of the site's checklist "
                    f"({items[code]['citation']}, {items[code]['title']}); only a Village inspection may be partial."
                ),
            )
    for a in answers:
        if a["result"] == "pass" and isinstance(a["calculator"], dict):
            why = checklist.calculator_refuses_pass(a["calculator"], rb)
            if why:
                errors.setdefault(f"answers.{a['item_code']}.calculator", why)


def _clean_photos(
    sent: list[payloads.Photo] | None, errors: dict, *, with_marks: bool = False
) -> list[dict]:
    """Each photo's meaning (the model checked the types). `with_marks`: an inspection's photos may
    carry marks (inspector/marks.py); other records' photos may not (their records do not seal
    them)."""
    if sent is None:
        return []
    if len(sent) > MAX_PHOTOS:
        errors["photos"] = f"Must be a list of at most {MAX_PHOTOS} photos."
        return []
    out, seen = [], set()
    for i, photo in enumerate(sent):
        pid = photo.id
        key = f"photos.{i if pid is None else pid}."
        if pid is None or not UUID_RE.match(pid) or pid in seen:
            errors[key + "id"] = "Each photo needs its own UUID."
            continue
        seen.add(pid)
        sha = photo.sha256
        if sha is None or not HEX64.match(sha):
            errors[key + "sha256"] = (
                "Must be the SHA-256 (64 lower-case hex digits) of the photo's bytes."
            )
        extra = {}
        if with_marks:
            extra["marks"] = marks.clean(photo.marks, key + "marks", errors)
        elif photo.marks not in (None, []):
            errors[key + "marks"] = "Marks are drawn on an inspection's photos only."
        out.append(
            {
                **extra,
                "photo_id": pid,
                "sha256": sha,
                "item_code": photo.item_code,
                **_photo_meta(photo, key, errors),
            }
        )
    return out


def _photo_meta(photo: payloads.Photo, key: str, errors: dict) -> dict:
    """When and where a photo was taken, as the device read it, and where the time came from
    (None from devices that do not say). A position of exactly 0/0 is a camera's "no fix": none."""
    latitude, longitude = position(
        _within(photo.latitude, key + "latitude", errors, -90, 90),
        _within(photo.longitude, key + "longitude", errors, -180, 180),
    )
    return {
        "taken_at": photo.taken_at,
        "taken_at_source": photo.taken_at_source if photo.taken_at is not None else None,
        "latitude": latitude,
        "longitude": longitude,
    }


def _clean_signature(
    sent: InspectionPayload, kind, limit: datetime, rb, errors: dict, user: User
) -> dict:
    """The signature, its statement's version, signer and moment (rules/signatures.py): required
    for the kinds the rulebook names, checked whenever one is sent; all None when none is."""
    raw = sent.signature
    # A typed signature must be the name the record gives its signer, and that signer the person
    # signed in: a typed name is a signature only as its own holder's act, and the account is what
    # shows who acted (a drawing carries its hand; a typed name does not).
    drawing, why = signatures.clean(raw, sent.signed_by_name)
    if signatures.typed_name(drawing) and not signatures.same_name(sent.signed_by_name, user.name):
        drawing, why = None, signatures.mistyped(user.name)
    if why and (raw is not None or signatures.required(rb, kind)):
        errors["signature"] = why
    if drawing is None:
        return {
            "signature": None,
            "signature_statement_version": None,
            "signed_by_name": None,
            "signed_at": None,
        }
    version = sent.signature_statement_version
    if version is None or version not in rb["certification.statements"]:
        errors["signature_statement_version"] = (
            "Names no certification statement of the Village's rulebook: open the app online "
            "once so the form shows the current statement, then sign again."
        )
    name = _text(sent.signed_by_name, "signed_by_name", TEXT_LIMITS["inspector_name"], errors)
    if not name:
        errors.setdefault("signed_by_name", "Who signed? The signer's name is required.")
    signed_at = sent.signed_at
    if signed_at is None:
        errors["signed_at"] = "Required (an ISO 8601 time in UTC)."
    elif signed_at > limit:
        errors["signed_at"] = "Is in the future."
    return {
        "signature": drawing,
        "signature_statement_version": version,
        "signed_by_name": name,
        "signed_at": signed_at,
    }


def summary(session: Session, inspection: Inspection) -> dict:
    received = session.exec(
        select(func.count()).select_from(Photo).where(Photo.inspection_id == inspection.id)
    ).one()
    return {
        "id": inspection.id,
        "site_id": inspection.site_id,
        "kind": inspection.kind,
        "inspected_on": inspection.inspected_on.isoformat(),
        "sha256": inspection.sha256,
        "replaces_id": inspection.replaces_id,
        "photos_expected": inspection.photos_expected,
        "photos_received": received,
    }


class Lookups:
    """What validating a batch of submissions needs from the database, fetched with a few IN queries up
    front instead of several queries per inspection (2,000 inspections an hour arrive in batches of 50)."""

    def __init__(self, session: Session, user: User, rb):
        self.session, self.user, self.rb = session, user, rb
        self.sites: dict[int, Site | None] = {}
        self.permits: dict[int, object] = {}
        self.checklists: dict[int, dict] = {}
        self.asked_codes: dict[tuple[int, str], list[str]] = {}
        self.inspections: dict[
            str, Inspection | dict
        ] = {}  # stored, or accepted earlier in this batch
        self.findings: dict[str, Finding] = {}
        self.photos: dict[str, Photo] = {}
        self.claimed: set[str] = set()
        self.absent: set[str] = set()  # inspection ids known not to be stored
        self.gauges: dict[int, int | None] = {}  # site id -> the id of the gauge standing for it
        self.days: dict[datetime, date] = {}  # moment -> the Village's day (the batch's "now")

    def prefetch(self, items: list[tuple[str, InspectionPayload]]) -> None:
        """(inspection id, checked payload) of each submission the batch will prepare."""
        sent = [p for _, p in items]
        ids = {i for i, _ in items if isinstance(i, str)} | {
            p.replaces_id for p in sent if p.replaces_id is not None
        }
        if ids:
            for row in by_keys(self.session, Inspection, ids, mostly_new=True):
                self.inspections[row.id] = row
            self.absent |= ids - set(self.inspections)
        finding_ids = {p.finding_id for p in sent if p.finding_id is not None}
        if finding_ids:
            for row in by_keys(self.session, Finding, finding_ids):
                self.findings[row.id] = row
        site_ids = {p.site_id for p in sent if p.site_id is not None}
        site_ids |= {r.site_id for r in self.inspections.values() if isinstance(r, Inspection)}
        self._load_sites(site_ids)
        photo_ids = [ph.id for p in sent for ph in (p.photos or []) if ph.id is not None]
        self._load_photos(photo_ids)

    def _load_sites(self, site_ids) -> None:
        wanted = {s for s in site_ids if s not in self.sites and not isinstance(s, bool)}
        if not wanted:
            return
        for site in sites.visible_among(self.session, self.user, wanted):
            self.sites[site.id] = site
        for sid in wanted:
            self.sites.setdefault(sid, None)

    def _load_photos(self, photo_ids) -> None:
        wanted = [p for p in photo_ids if p not in self.photos]
        if not wanted:
            return
        for row in by_keys(self.session, Photo, wanted):
            self.photos[row.id] = row
        self.claimed |= values_among(self.session, PhotoClaim, "photo_id", wanted)

    def site(self, site_id: int) -> Site | None:
        if site_id not in self.sites:  # a batch's inspections are mostly of a site prefetched
            self._load_sites({site_id})
        return self.sites[site_id]

    def rain_at(self, site: Site, rain_event_id: int) -> int | None:
        """The rain at the gauge standing for this (visible) site that the id names, or None. It is
        looked for at that gauge, and at the gauges the site had before, among rains that ended
        while it had them (rain_gauges.gauges_left): another company's rain reads as one that does not exist.
        A rain a later reading joined to another (rain.evaluate_gauge deletes it and records the
        merge) is found as the rain it joined: a tablet that started its inspection offline from
        the rain's due item is not refused for a change it could not see."""
        if site.id not in self.gauges:
            gauge = gauges_for_sites(self.session, [site], self.rb).get(site.id)
            self.gauges[site.id] = gauge.id if gauge is not None else None
        gauge_id = self.gauges[site.id]
        for _ in range(MERGES_FOLLOWED):
            query = select(RainEvent.gauge_id, RainEvent.end).where(RainEvent.id == rain_event_id)
            found = self.session.exec(query).first()
            if found is not None:
                # At the site's gauge, or at one it had then: staff may have linked the site to
                # another gauge while the tablet was offline with the inspection.
                if found.gauge_id == gauge_id:
                    return rain_event_id
                left = gauges_left(self.session, site.id).get(found.gauge_id)
                return rain_event_id if left is not None and found.end < left else None
            merged = self.session.exec(
                select(AuditEvent.after).where(
                    AuditEvent.entity == "rain_event",
                    AuditEvent.entity_id == str(rain_event_id),
                    AuditEvent.action == "merge",
                )
            ).first()
            if not merged or not isinstance(merged.get("merged_into"), int):
                return None
            rain_event_id = merged["merged_into"]
        return None

    def inspection(self, inspection_id: str):
        if inspection_id not in self.inspections:
            if inspection_id in self.absent:
                return None
            row = self.session.get(Inspection, inspection_id)
            if row is None:
                return None
            self.inspections[inspection_id] = row
        return self.inspections[inspection_id]

    def local_date(self, moment: datetime, rb) -> date:
        """clocks.local_date, once per moment: every inspection of a batch asks it of the
        batch's time limit."""
        day = self.days.get(moment)
        if day is None:
            day = self.days[moment] = clocks.local_date(moment, rb)
        return day

    def finding(self, finding_id: str) -> Finding | None:
        if finding_id not in self.findings:
            row = self.session.get(Finding, finding_id)
            if row is None:
                return None
            self.findings[finding_id] = row
        return self.findings[finding_id]

    def permit(self, site_id: int):
        if site_id not in self.permits:
            from . import permits

            self.permits[site_id] = permits.current_permit(self.session, site_id)
        return self.permits[site_id]

    def permit_id(self, site_id: int) -> int | None:
        permit = self.permit(site_id)
        return permit.id if permit else None

    def checklist(self, site: Site) -> dict[str, dict]:
        return site_checklist(self.session, site, self.rb, self.checklists)

    def asked(self, site: Site, version: str) -> list[str]:
        """The codes of the site's checklist an inspection made with catalog `version` was asked
        (once per site and version in a batch)."""
        key = (site.id, version)
        if key not in self.asked_codes:
            items = self.checklist(site).values()
            self.asked_codes[key] = [
                item["code"] for item in checklist.in_version(items, version, self.rb)
            ]
        return self.asked_codes[key]


def _prior(lk: Lookups, record) -> tuple[int, int | None, str | None]:
    if isinstance(record, Inspection):
        return record.site_id, record.user_id, record.sha256
    return record["row"]["site_id"], record["row"]["user_id"], record["row"]["sha256"]


def prepare(checked: InspectionPayload, payload: dict, inspection_id, ctx, lk: Lookups) -> dict:
    """Check one submission's meaning without writing. `checked`: the payload as its model (types
    checked, times parsed: a push's, or read_payload's); `payload`: the same as sent, whose
    canonical hash is the record's. Returns {"status": "duplicate", "summary"} or
    {"status": "new", "row", "answers", "photos"}; raises Invalid, NotFound or Conflict."""
    user: User = ctx.user
    if not isinstance(inspection_id, str) or not UUID_RE.match(inspection_id):
        raise Invalid({"entity_id": "An inspection id is a UUID made on the device."})
    declared = checked.sha256
    existing = lk.inspection(inspection_id)
    hidden = False  # the id holds a record this user may not see: answered like a new id, see below
    if existing is not None:
        site_id, _author, stored_sha = _prior(lk, existing)
        hidden = lk.site(site_id) is None
    conflict = None  # other content under a stored id: raised once the content itself is valid
    if existing is not None and not hidden:
        brief = (
            summary(lk.session, existing)
            if isinstance(existing, Inspection)
            else existing["summary"]
        )
        if stored_sha and stored_sha == declared:
            return {"status": "duplicate", "summary": brief}
        conflict = Conflict(
            "An inspection with this id was already submitted with other content; inspections "
            "cannot change once submitted: submit a correction that replaces it.",
            server_copy=brief,
        )

    errors: dict[str, str] = {}
    if declared is None or not HEX64.match(declared):
        errors["sha256"] = "Must be the SHA-256 of the record (see the API's canonical JSON)."
    elif altered(payload, declared):
        errors["sha256"] = f"{ALTERED} Send it again."
    site_id = checked.site_id
    if site_id is None:
        raise Invalid({**errors, "site_id": "Must be the site's id (a whole number)."})
    site = lk.site(site_id)
    if site is None:  # another company's site, or none: 404, ids do not leak
        raise sites.unseen(lk.session, user, site_id)

    kind = checked.kind
    if kind not in INSPECTION_KINDS:
        errors["kind"] = f"Must be one of: {', '.join(INSPECTION_KINDS)}."
    elif kind not in kinds_for(user):
        errors["kind"] = (
            "Permittees record weekly and post-rain inspections; the others are the Village's."
        )
    texts = {
        key: _text(getattr(checked, key), key, limit, errors) for key, limit in TEXT_LIMITS.items()
    }
    if not texts["inspector_name"]:
        errors["inspector_name"] = "Who inspected? Enter a name."
    if not texts["catalog_version"]:
        errors["catalog_version"] = "Required: the checklist catalog version the device used."
    inspected_on = None
    try:
        inspected_on = date.fromisoformat(checked.inspected_on or "")
    except ValueError:
        errors["inspected_on"] = "Must be a date such as 2026-05-04."
    started, ended = checked.started_at, checked.ended_at
    if started and ended and ended < started:
        errors["ended_at"] = "Ends before it starts."
    limit = ctx.now + FUTURE_SLACK
    if inspected_on and inspected_on > lk.local_date(limit, ctx.rb):
        errors["inspected_on"] = "Is in the future."
    for key, moment in (("started_at", started), ("ended_at", ended)):
        if moment and moment > limit:
            errors[key] = "Is in the future."
    if inspected_on and started and "inspected_on" not in errors:
        # A device set to another zone dates the visit by its own day: refused, not stored.
        start_day = clocks.local_date(started, ctx.rb)
        if inspected_on != start_day:
            start_words = clocks.to_local(started, ctx.rb).strftime(clocks.TIME_WORDS)
            errors["inspected_on"] = (
                f"Must be the Village's date of the start time ({start_day.isoformat()}: "
                f"it started {start_words})."
            )
    signed = _clean_signature(checked, kind, limit, ctx.rb, errors, user)
    active = checked.active_disturbance
    rain_event_id = checked.rain_event_id  # stored as sent: the signed record's own words
    if rain_event_id is not None and lk.rain_at(site, rain_event_id) is None:
        errors["rain_event_id"] = NO_SUCH_RAIN
    finding_id = checked.finding_id
    if finding_id is not None:
        finding = lk.finding(finding_id)
        if finding is None or finding.site_id != site.id:
            errors["finding_id"] = "No such finding on this site."
    replaces_id = checked.replaces_id
    if replaces_id is not None:
        original = lk.inspection(replaces_id)
        if original is None or _prior(lk, original)[0] != site.id:
            errors["replaces_id"] = "The inspection it replaces is not on the server for this site."
        elif user.role not in STAFF and _prior(lk, original)[1] != user.id:
            errors["replaces_id"] = "Only the author or Village staff may correct an inspection."

    photos = _clean_photos(checked.photos, errors, with_marks=True)
    photo_ids = {p["photo_id"] for p in photos}
    items = lk.checklist(site)
    answers = _clean_answers(checked.answers, payload.get("answers"), items, photo_ids, errors)
    asked = lk.asked(site, texts["catalog_version"])
    _check_complete(kind, items, asked, answers, checked.answers, ctx.rb, errors)
    for photo in photos:
        if photo["item_code"] is not None and photo["item_code"] not in items:
            errors[f"photos.{photo['photo_id']}.item_code"] = (
                "Not an item of this site's checklist."
            )
    if photo_ids:
        lk._load_photos(list(photo_ids))
    if conflict is None:  # a changed copy names the stored record's own photos
        _check_received(lk, photos, user, errors)
    if errors:
        raise Invalid(errors)
    if conflict is not None:  # kept on the conflicts page: only a copy that could be a record
        raise conflict
    if hidden:  # only a record that would otherwise be stored learns that its (random) id is taken
        raise Invalid(
            {"entity_id": "This id is already used; the device makes a new one."}, status=409
        )
    row = {
        "id": inspection_id,
        "site_id": site.id,
        "permit_id": lk.permit_id(site.id),
        "kind": kind,
        "by_village": user.role in STAFF,
        "inspector_name": texts["inspector_name"],
        "inspected_on": inspected_on,
        "started_at": started,
        "ended_at": ended,
        "weather": texts["weather"],
        "phase": texts["phase"],
        "notes": texts["notes"],
        "active_disturbance": active,
        "rain_event_id": rain_event_id,
        "finding_id": finding_id,
        "catalog_version": texts["catalog_version"],
        "replaces_id": replaces_id,
        "photos_expected": len(photos),
        "sha256": declared,
        "user_id": user.id,
        "device_id": ctx.device_id,
        "submitted_at": ctx.now,
        "received_at": ctx.now,
        **signed,
    }
    brief = {
        "id": inspection_id,
        "site_id": site.id,
        "kind": kind,
        "inspected_on": inspected_on.isoformat(),
        "sha256": declared,
        "replaces_id": replaces_id,
        "photos_expected": len(photos),
        "photos_received": sum(1 for p in photos if p["photo_id"] in lk.photos),
    }
    prepared = {
        "status": "new",
        "row": row,
        "answers": answers,
        "photos": photos,
        "summary": brief,
        "site": site,
    }
    lk.inspections[inspection_id] = (
        prepared  # a repeat later in the same batch is a duplicate or a conflict
    )
    lk.claimed |= photo_ids
    return prepared


def store(session: Session, prepared: list[dict], ctx, lk: Lookups) -> None:
    """Write validated submissions with one multi-row insert per table, then raise their findings."""
    if not prepared:
        return
    user = ctx.user
    conn = (
        session.connection()
    )  # Core multi-row inserts: no ORM bookkeeping for rows we never read back
    bulk.insert(conn, Inspection.__table__, [p["row"] for p in prepared])
    answer_rows = [(p["row"]["id"], a) for p in prepared for a in p["answers"]]
    if answer_rows:
        _insert_answers(conn, answer_rows)
    claims = [
        {**photo, "inspection_id": p["row"]["id"], "finding_id": None, "user_id": user.id}
        for p in prepared
        for photo in p["photos"]
    ]
    if claims:
        bulk.insert(conn, PhotoClaim.__table__, claims)
        for claim in claims:
            if claim["photo_id"] in lk.photos:
                _link_received(session, lk.photos[claim["photo_id"]], claim)
    events = []
    for p in prepared:
        row = p["row"]
        events.append(
            {
                "at": ctx.now,
                "user_id": user.id,
                "device_id": ctx.device_id,
                "entity": "inspection",
                "entity_id": row["id"],
                "action": "submit",
                "site_id": row["site_id"],
                "before": None,
                "after": {
                    "kind": row["kind"],
                    "inspected_on": row["inspected_on"].isoformat(),
                    "sha256": row["sha256"],
                    "replaces_id": row["replaces_id"],
                    "answers": len(p["answers"]),
                    "photos": len(p["photos"]),
                },
            }
        )
    for site_id in sorted(
        {p["row"]["site_id"] for p in prepared}
    ):  # the site's due dates moved: re-pull it
        events.append(
            {
                "at": ctx.now,
                "user_id": user.id,
                "device_id": ctx.device_id,
                "entity": "site",
                "entity_id": str(site_id),
                "action": "packet",
                "site_id": site_id,
                "before": None,
                "after": {"why": "inspection"},
            }
        )
    bulk.insert(conn, AuditEvent.__table__, events)
    seals.seal(
        session,
        "inspection",
        *(p["row"]["id"] for p in prepared),
        at=ctx.now,
        written=_written(session, prepared, claims),
    )
    from . import (  # own findings and permit clocks (docs/layers.md)
        finding_withdrawal,
        findings_raised,
        permits,
    )

    today = clocks.to_local(ctx.now, ctx.rb).date()
    evaluate = getattr(ctx, "evaluate_sites", None)
    for p in prepared:
        failed = "fail" in map(_RESULT, p["answers"])
        # The model object only for the findings code, and only when it has work (most pushes pass).
        inspection = Inspection(**p["row"]) if failed or p["row"]["replaces_id"] else None
        # A correction first settles the findings of the inspection it replaces (carried over or withdrawn).
        carried = (
            finding_withdrawal.carry_over_or_withdraw(
                session, inspection, p["answers"], ctx.now, ctx.rb
            )
            if p["row"]["replaces_id"]
            else set()
        )
        if failed:
            findings_raised.create_from_inspection(
                session, inspection, p["answers"], p["site"], ctx.now, ctx.rb, skip=carried
            )
        # Only a failure, or disturbance without a permit in force, can give new grounds for a stop-work
        # order (§ 256-10A); clock-based grounds (missed inspections, overdue repairs) are found by the
        # periodic evaluation whatever devices send.
        if evaluate is not None and (
            failed or not permits.is_active(lk.permit(p["row"]["site_id"]), today)
        ):
            evaluate.add(p["row"]["site_id"])
    if evaluate is None:  # a single submission outside a sync batch: evaluate its site now
        from . import stop_work_proposals

        for site in {p["row"]["site_id"]: p["site"] for p in prepared}.values():
            stop_work_proposals.evaluate_site(session, site, ctx.now, ctx.rb)


_RESULT = itemgetter("result")


def _written(session: Session, prepared: list[dict], claims: list[dict]) -> dict[str, dict]:
    """The records just inserted, as sealing would read them back (docs/sealing.md, "Writers")."""
    if not sealed_records.byte_ordered(session):
        return {}
    by_inspection: dict[str, list[dict]] = {}
    for claim in claims:
        by_inspection.setdefault(claim["inspection_id"], []).append(claim)
    out = {}
    for p in prepared:
        iid = p["row"]["id"]
        record = sealed_records.written_inspection(
            p["row"], p["answers"], by_inspection.get(iid, []), answers_as_read=True
        )
        if record is not None:
            out[iid] = record
    return out


ANSWER_COLUMNS = (
    "inspection_id",
    "item_code",
    "result",
    "note",
    "corrective_action",
    "measurements",
    "calculator",
)


@lru_cache(maxsize=8)
def _answer_insert(dialect):
    """The answers' INSERT compiled once per dialect (compiling it cost a push more than a
    batch's bookkeeping)."""
    return (
        Answer.__table__.insert().values({c: None for c in ANSWER_COLUMNS}).compile(dialect=dialect)
    )


def _insert_answers(conn, rows: list[tuple[str, dict]]) -> None:
    """Answers are most of what a push writes (25 per inspection): one executemany straight to the driver,
    with the statement compiled for the connection's dialect (portable) and the JSON columns encoded here.
    `rows`: (inspection id, cleaned answer)."""
    stmt = _answer_insert(conn.dialect)
    order = stmt.positiontup or list(ANSWER_COLUMNS)
    dumps = json.dumps

    def values(inspection_id: str, a: dict) -> dict:
        return {
            "inspection_id": inspection_id,
            "item_code": a["item_code"],
            "result": a["result"],
            "note": a["note"],
            "corrective_action": a["corrective_action"],
            "measurements": dumps(a["measurements"]) if a["measurements"] else "{}",
            "calculator": dumps(a["calculator"]) if a["calculator"] is not None else "null",
        }

    if (
        stmt.positional and tuple(order) == ANSWER_COLUMNS
    ):  # SQLite: plain tuples, no dict per answer
        params = [
            (
                iid,
                a["item_code"],
                a["result"],
                a["note"],
                a["corrective_action"],
                dumps(a["measurements"]) if a["measurements"] else "{}",
                dumps(a["calculator"]) if a["calculator"] is not None else "null",
            )
            for iid, a in rows
        ]
    elif stmt.positional:
        params = [tuple(values(iid, a)[c] for c in order) for iid, a in rows]
    else:
        params = [values(iid, a) for iid, a in rows]
    conn.exec_driver_sql(stmt.string, params)


def apply_submission(
    session: Session, payload: dict, inspection_id: str, ctx
) -> tuple[Inspection, str]:
    """Store one device inspection in the caller's transaction. Returns (inspection, "applied"|"duplicate");
    raises Invalid (field errors, a wrong type as a push names it), NotFound (site not visible) or
    Conflict (the id holds other content)."""
    checked = read_payload(payload)
    lk = Lookups(session, ctx.user, ctx.rb)
    outcome = prepare(checked, payload, inspection_id, ctx, lk)
    if outcome["status"] == "duplicate":
        return session.get(Inspection, inspection_id), "duplicate"
    store(session, [outcome], ctx, lk)
    return session.get(Inspection, inspection_id), "applied"


def _check_received(lk: Lookups, photos: list[dict], user: User, errors: dict) -> None:
    """Photos whose bytes came before the record must be this user's, unclaimed, and match the declared hash."""
    for photo in photos:
        pid = photo["photo_id"]
        row = lk.photos.get(pid)
        if pid in lk.claimed or (
            row is not None and (row.user_id != user.id or row.inspection_id or row.finding_id)
        ):
            errors[f"photos.{pid}.id"] = "This photo id is already used by another record."
        elif row is not None and row.sha256 != photo["sha256"]:
            errors[f"photos.{pid}.sha256"] = "The photo received under this id has other bytes."


def _link_received(session: Session, row: Photo, claim: dict) -> None:
    # The device read GPS and time before its canvas dropped EXIF: its values fill what EXIF lacked.
    session.execute(
        update(Photo)
        .where(Photo.id == row.id)
        .values(
            inspection_id=claim["inspection_id"],
            finding_id=claim["finding_id"],
            item_code=claim["item_code"],
            taken_at=row.taken_at or claim["taken_at"],
            taken_at_source=row.taken_at_source if row.taken_at else claim["taken_at_source"],
            latitude=row.latitude if row.latitude is not None else claim["latitude"],
            longitude=row.longitude if row.longitude is not None else claim["longitude"],
        )
    )


def claim_photos(
    session: Session,
    raw_photos,
    *,
    user: User,
    inspection_id: str | None = None,
    finding_id: str | None = None,
) -> tuple[int, int]:
    """For other records that carry photos (a finding's correction, a stop-work order): validate the
    `photos` list, then claim them (`claim_checked_photos`). Raises Invalid with errors keyed
    `photos.<id>.<field>` (a wrong type as a push names it)."""
    sent = validated(payloads.RecordPhotos, {"photos": raw_photos}).photos
    return claim_checked_photos(
        session, sent, user=user, inspection_id=inspection_id, finding_id=finding_id
    )


def photo_problems(sent: list[payloads.Photo] | None) -> dict[str, str]:
    """What claim_checked_photos would refuse in the photos themselves (their number, ids and
    hashes), keyed `photos.<id>.<field>`, without reading or writing anything."""
    errors: dict[str, str] = {}
    _clean_photos(sent, errors)
    return errors


def claim_checked_photos(
    session: Session,
    sent: list[payloads.Photo] | None,
    *,
    user: User,
    inspection_id: str | None = None,
    finding_id: str | None = None,
) -> tuple[int, int]:
    """Photos a model already checked by type (a push's `photos`): check their meaning, link the
    bytes already received and remember the rest. Returns (expected, received); raises Invalid with
    errors keyed `photos.<id>.<field>`."""
    errors: dict[str, str] = {}
    photos = _clean_photos(sent, errors)
    lk = Lookups(session, user, None)
    lk._load_photos([p["photo_id"] for p in photos])
    _check_received(lk, photos, user, errors)
    if errors:
        raise Invalid(errors)
    received = 0
    if photos:
        claims = [
            {**p, "inspection_id": inspection_id, "finding_id": finding_id, "user_id": user.id}
            for p in photos
        ]
        session.execute(insert(PhotoClaim), claims)
        for claim in claims:
            if claim["photo_id"] in lk.photos:
                _link_received(session, lk.photos[claim["photo_id"]], claim)
                received += 1
    return len(photos), received


def get_visible(session: Session, user: User, inspection_id: str) -> Inspection:
    inspection = session.get(Inspection, inspection_id)
    if inspection is None or not sites.can_see_site(session, user, inspection.site_id):
        raise NotFound("No such inspection.")
    return inspection
