"""What a device pushes: the batch, its mutations and each entity's payload, declared once.

These models check types and bounds (an exact whole number, text, a list); the services then check
meaning (an item of this site's checklist, a time not in the future, the record's hash). Every
refusal names the field's path as the device wrote it: `answers.SILT.corrective_action`,
`photos.<id>.sha256` (docs/sync-protocol.md, "Errors")."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, ValidationError, WrapValidator
from pydantic_core import PydanticCustomError

from inspector.models import INSPECTION_KINDS

from .base import MAX_ID, Say, Wire

MAX_BATCH = 50
ENTITIES = ("finding", "inspection", "rain_gauge", "rain_reading", "site", "stop_work_order")
UUID = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
CALCULATOR_MAX_CHARS = 20_000
ZERO = timedelta(0)


def required(*names: str) -> ConfigDict:
    """Fields the service refuses a record without (with its own words: "Who inspected? Enter a
    name."); the models check types only, so a record missing several hears about all of them."""
    return ConfigDict(json_schema_extra={"required": list(names)})


def refuse(message: str) -> PydanticCustomError:
    return PydanticCustomError("wire_say", "{message}", {"message": message})


# Field kinds and what a device is told when one has the wrong type.
Text = Annotated[str, Say("Must be text.")]
NText = Annotated[str | None, Say("Must be text or null.")]
Id = Annotated[int, Field(ge=1, le=MAX_ID), Say("Must be a whole number (an id).")]
NId = Annotated[int | None, Field(ge=1, le=MAX_ID), Say("Must be a whole number (an id) or null.")]
Number = Annotated[float, Field(allow_inf_nan=False), Say("Must be a number.")]
NNumber = Annotated[float | None, Field(allow_inf_nan=False), Say("Must be a number or null.")]
Bool = Annotated[bool, Say("Must be true or false.")]
NList = Annotated[list[Any] | None, Say("Must be a list or null.")]
NObject = Annotated[dict[str, Any] | None, Say("Must be an object or null.")]
# A site's numbers also come from form fields as text ("" for none).
NumText = Annotated[float | str | None, Say("Must be a number (or empty).")]


def _utc(value: str | None) -> datetime | None:
    """An ISO 8601 time as naive UTC (what the database stores); "" is none."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise refuse("Must be an ISO 8601 time such as 2026-05-04T14:30:00Z.") from None
    if moment.tzinfo is None:
        return moment
    if moment.utcoffset() != ZERO:  # most devices write "…Z": no conversion
        moment = moment.astimezone(UTC)
    return moment.replace(tzinfo=None)


Time = Annotated[
    Annotated[str, AfterValidator(_utc)] | None,  # null stays in the compiled core: no call
    Say("Must be an ISO 8601 time such as 2026-05-04T14:30:00Z."),
    Field(json_schema_extra={"format": "date-time"}),
]


def _calculator(value, handler):
    """A calculator result attached to an answer, refused as one field (the capture page writes
    {name, item, inputs, result, saved_at}: static/js/calculator-page.js)."""
    if isinstance(value, dict):
        unknown = sorted(set(value) - set(Calculator.model_fields))
        if unknown:
            raise refuse(
                f"Unknown key {unknown[0]!r}: a calculator result is "
                "{name, item, inputs, result, saved_at}."
            )
    try:
        calc = handler(value)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = first["loc"][0] if first["loc"] else None
        if key in ("inputs", "result"):
            raise refuse(f"{key} must be an object.") from None
        if key in ("item", "saved_at"):
            raise refuse(f"{key} must be text.") from None
        if key == "name":
            raise refuse("Must name its calculator (name: text).") from None
        raise refuse("Must be an object {name, inputs, result} or null.") from None
    if calc is not None and len(json.dumps(value)) > CALCULATOR_MAX_CHARS:
        raise refuse(f"At most {CALCULATOR_MAX_CHARS:,} characters of JSON.")
    return calc


class Calculator(Wire):
    name: Annotated[str, Field(min_length=1)]
    item: str | None = None
    inputs: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    saved_at: str | None = None


class Photo(Wire):
    """A photo a record names; its bytes come separately (PUT /photos/{id})."""

    model_config = required("id", "sha256")

    id: Text = None
    sha256: Annotated[str, Say("Must be text."), Field(description="SHA-256 hex of the bytes")] = (
        None
    )
    item_code: NText = None
    taken_at: Time = None
    taken_at_source: Annotated[
        Literal["exif", "file", "device-clock"] | None,
        Say("Must be exif (the camera's time), file (the file's date) or device-clock."),
        Field(
            description="Where taken_at came from: the camera's EXIF, the file's date or the "
            "tablet's clock"
        ),
    ] = None
    latitude: NNumber = None
    longitude: NNumber = None
    marks: Annotated[
        list[dict[str, Any]] | None,
        Say("Must be a list or null."),
        Field(
            description="Marks drawn on the photo (docs/photo-marks.md; inspector/marks.py "
            "checks each)"
        ),
    ] = None


Photos = Annotated[
    list[Annotated[Photo, Say("Must be an object {id, sha256, ...}.")]] | None,
    Say("Must be a list or null."),
]


class Answer(Wire):
    model_config = required("item_code", "result")

    item_code: Text = None
    result: Annotated[Literal["pass", "fail", "na"] | None, Say("Must be pass, fail or na.")] = None
    note: NText = None
    corrective_action: NText = None
    measurements: Annotated[
        dict[str, Annotated[float | Literal[""] | None, Say("Must be a number.")]] | None,
        Say("Must be an object or null."),
    ] = None
    calculator: Annotated[Calculator, WrapValidator(_calculator)] | None = None
    photo_ids: Annotated[
        list[str] | None, Say("Must be a list of photo ids (text).", whole=True)
    ] = None


class InspectionPayload(Wire):
    """A submitted inspection (docs/sync-protocol.md); `sha256` seals the payload as sent."""

    model_config = required(
        "site_id", "kind", "inspector_name", "inspected_on", "catalog_version", "answers", "sha256"
    )

    site_id: Id = None
    kind: Annotated[
        str, Say("Must be text."), Field(json_schema_extra={"enum": list(INSPECTION_KINDS)})
    ] = None
    inspector_name: NText = None
    inspected_on: Annotated[
        str, Say("Must be text."), Field(json_schema_extra={"format": "date"})
    ] = None
    started_at: Time = None
    ended_at: Time = None
    weather: NText = None
    phase: NText = None
    notes: NText = None
    active_disturbance: Bool = True
    rain_event_id: NId = None
    finding_id: NText = None
    catalog_version: NText = None
    replaces_id: NText = None
    answers: Annotated[
        list[Annotated[Answer, Say("Must be an object.")]], Say("Must be a list.")
    ] = None
    photos: Photos = None
    sha256: Annotated[
        str,
        Say("Must be text."),
        Field(description="SHA-256 hex of the canonical JSON of this payload without sha256"),
    ] = None
    signature: Annotated[
        dict[str, Any] | None,
        Say("Must be an object or null."),
        Field(
            description="{width, height, strokes: [[[x, y, ms], ...], ...]} (whole numbers in "
            "the box it was drawn in; inspector/rules/signatures.py checks the strokes)"
        ),
    ] = None
    signature_statement_version: NText = None
    signed_by_name: NText = None
    signed_at: Time = None


class FindingPayload(Wire):
    """A permittee's correction, or an inspector's verification (closed) or reopening."""

    model_config = required("status")

    status: Annotated[
        str,
        Say("Must be text."),
        Field(json_schema_extra={"enum": ["corrected", "closed", "reopened"]}),
    ] = None
    note: NText = None
    corrected_note: NText = None
    photos: Photos = None


class RainReadingPayload(Wire):
    model_config = required("gauge_id", "observed_at", "amount_in")

    gauge_id: Id = None
    site_id: NId = None
    observed_at: Time = None
    amount_in: Number = None
    period_hours: Number = 24
    sha256: NText = None


class StopWorkOrderPayload(Wire):
    model_config = required("site_id", "grounds", "posted_at")

    site_id: Id = None
    grounds: Annotated[
        list[Annotated[str, Say("Must be the name of a ground (text).")]], Say("Must be a list.")
    ] = None
    posted_at: Time = None
    notes: NText = None
    photos: Photos = None
    sha256: NText = None


class SitePayload(Wire):
    """A site-details edit: only the fields sent change (base_version: where the edit started)."""

    name: NText = None
    address: NText = None
    legal_description: NText = None
    project_kind: Annotated[str, Say("Must be text.")] = None
    latitude: NumText = None
    longitude: NumText = None
    area_acres: NumText = None
    length_ft: NumText = None
    disturbed_acres: NumText = None
    channel_originates: Bool = None
    state_funded: Bool = None
    extraterritorial: Bool = None
    has_stockpiles: Bool = None
    has_dewatering: Bool = None


PAYLOADS: dict[str, type[Wire]] = {
    "inspection": InspectionPayload,
    "finding": FindingPayload,
    "rain_reading": RainReadingPayload,
    "stop_work_order": StopWorkOrderPayload,
    "site": SitePayload,
}


def _unknown_entity(value) -> str:
    return f"Unknown entity {value!r}; known: {', '.join(ENTITIES)}."


class Mutation(Wire):
    """One change the device made offline; `mutation_id` makes a replay harmless."""

    mutation_id: Annotated[
        str,
        Field(pattern=UUID, json_schema_extra={"format": "uuid"}),
        Say("Must be a UUID made on the device."),
    ]
    entity: Annotated[Literal[ENTITIES], Say(_unknown_entity)]  # type: ignore[valid-type]
    entity_id: Annotated[
        str, Field(min_length=1, max_length=64), Say("Must be a non-empty string.")
    ]
    op: Annotated[Literal["upsert", "delete"], Say("Must be upsert or delete.")] = "upsert"
    base_version: Annotated[int | None, Say("Must be a whole number or null.")] = None
    payload: Annotated[
        dict[str, Any],
        Say("Must be an object."),
        Field(description="The entity's payload: InspectionPayload, FindingPayload, ..."),
    ] = Field(default_factory=dict)


class PushRequest(Wire):
    device_id: Annotated[
        str | None,
        Field(max_length=64),
        Say("Must be a string of at most 64 characters."),
    ] = None
    mutations: Annotated[
        list[Annotated[Mutation, Say("Must be an object.")]],
        Field(max_length=MAX_BATCH),
        Say("Must be a list."),
    ]
