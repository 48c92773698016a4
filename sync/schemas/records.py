"""The records the server sends back: in pull changes, in push results (`data`, `server_copy`) and
from GET /inspections/{id}. Handlers build these from stored rows; times are written once, by
WireTime (UTC to the second, "…Z")."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import Field

from .base import Out, WireTime


class PhotoState(Out):
    """A photo a record names, and whether its bytes arrived."""

    id: str
    sha256: str
    item_code: str | None = None
    marks: Any = None  # as stored (inspector/marks.py cleaned them)
    received: bool


class AnswerRecord(Out):
    item_code: str
    result: Literal["pass", "fail", "na"] | None
    note: str | None
    corrective_action: str | None
    measurements: Any  # JSON columns as stored: old rows may hold other shapes
    calculator: Any


class InspectionSummary(Out):
    """What a push result says about a stored inspection."""

    id: str
    site_id: int
    kind: str
    inspected_on: date
    sha256: str | None
    replaces_id: str | None
    photos_expected: int
    photos_received: int


class InspectionRecord(Out):
    id: str
    site_id: int
    kind: str
    inspector_name: str | None
    inspected_on: date
    started_at: WireTime | None
    ended_at: WireTime | None
    weather: str | None
    phase: str | None
    notes: str | None
    active_disturbance: bool
    rain_event_id: int | None
    finding_id: str | None
    catalog_version: str | None
    replaces_id: str | None
    sha256: str | None
    answers: list[AnswerRecord]
    photos: list[PhotoState]
    photos_expected: int
    photos_received: int
    received_at: WireTime | None
    version: int


class FindingRecord(Out):
    id: str
    site_id: int
    inspection_id: str | None
    item_code: str | None
    severity: str | None
    description: str | None
    required_action: str | None
    citation: str | None
    due_at: WireTime | None
    # The Village's date of the inspection that found it: two findings of one item are told apart by it.
    found_on: date | None = None
    status: str
    corrected_note: str | None
    corrected_at: WireTime | None
    verified_at: WireTime | None
    photos: list[PhotoState]
    photos_expected: int
    photos_received: int
    version: int
    # Recorded in error: why, when, and which inspection corrected it.
    withdrawn_reason: str | None = None
    withdrawn_at: WireTime | None = None
    replaced_by_inspection_id: str | None = None
    overdue: bool | None = None
    # Reopened: the staff's reason, kept apart from what was found (the description).
    reopened_reason: str | None = None
    # True: what was found is the checklist's words of its day, no note was written (read from the
    # inspection's answers, services/findings.py no_note_written; a later catalog may word it
    # otherwise, so the device does not match its own catalog's words).
    no_note: bool | None = None


class Ground(Out):
    ground: str
    citation: str
    words: str | None
    reason: str


class StopWorkOrderRecord(Out):
    id: str
    site_id: int
    permit_id: int | None
    status: str
    source: str | None
    grounds: list[Ground]
    notes: str | None
    issued_at: WireTime | None
    posted_at: WireTime | None
    compliance_due: WireTime | None
    retracted_at: WireTime | None
    photo_ids: list[str]
    sha256: str | None
    version: int
    photos_expected: int | None = None
    photos_received: int | None = None


class RainReadingRecord(Out):
    id: str
    gauge_id: int
    gauge_name: str | None
    period_start: WireTime
    observed_at: WireTime
    period_hours: float
    amount_in: float
    trace: bool
    source: str
    version: int


class RainGaugeRecord(Out):
    id: str
    name: str
    kind: str
    station_code: str | None
    latitude: float | None
    longitude: float | None
    version: int


class DueItem(Out):
    kind: Literal["weekly", "post_rain"]
    due_at: WireTime | None
    state: Literal["due", "overdue", "not_active"]
    label: str
    citation: str
    rain_event_id: int | None = None
    note: str | None = None
    # The note in parts, for the server's own pages (services/schedule.py): the note says it all.
    why: list = Field(default_factory=list, exclude=True)


class StopWorkStatus(Out):
    """Where the site's stop-work order stands (services/stop_work_status.py, status_entry), as the
    user may see it: a permittee is not told of a proposal."""

    status: str
    order_id: str | None
    issued_at: WireTime | None
    posted_at: WireTime | None
    compliance_due: WireTime | None
    compliance_passed: bool
    grounds: list[dict[str, str]]
    status_words: str | None = None  # the status as the pages word it ("Permit revoked")
    citation: str | None
    proposed: int


class PermitEntry(Out):
    id: int
    number: str | None  # an application has none yet
    status: str
    status_words: str | None = None  # the status as the pages word it ("Under review")
    expires_on: date | None
    active: bool
    # In force today (issued, extended or suspended, and not past its last day): without it only
    # § 256-10A(1) can ground a stop-work order (the field form offers only that one).
    in_force: bool
    company: str | None
    # The Village's day the permittee gave a notice of final stabilization still waiting (an ask
    # that the Village close the permit; inspections stay due until it does), or None.
    stabilization_notified: date | None = None


class SitePacket(Out):
    """A site's entry in the device's work packet (docs/sync-protocol.md, "Due items")."""

    id: str
    name: str
    address: str | None
    project_kind: str
    kind_label: str
    latitude: float | None
    longitude: float | None
    regime: Literal["perimeter", "basin"]
    tags: list[str]
    checklist_codes: list[str]
    applicable: bool
    permit: PermitEntry | None
    due: list[DueItem]
    # The most significant of stop_work_orders (an older device reads only this one).
    stop_work: StopWorkStatus | None
    # Every open order the user may see, the most significant first: a site may be under two.
    stop_work_orders: list[StopWorkStatus] = []
    open_findings: int
    overdue_findings: int
    timeline_svg: str | None
    version: int


class SiteEdit(Out):
    """A site's editable details as a push result or a conflict's server copy."""

    id: int
    site_id: int
    version: int


RECORDS = {
    "finding": FindingRecord,
    "inspection": InspectionRecord,
    "rain_gauge": RainGaugeRecord,
    "rain_reading": RainReadingRecord,
    "site": SitePacket,
    "stop_work_order": StopWorkOrderRecord,
}
