"""What a device sends, as typed models: an inspection (`InspectionPayload`, its `Answer`s, `Photo`s
and `Calculator`s) and the field kinds every pushed record shares. Here, not in sync/, because the
services read these objects (inspector/services/inspections.py `prepare` takes the checked model);
sync/schemas/push.py builds the rest of the wire format on them and /api/v1/openapi.json is
generated from them.

The models check types and bounds (strict JSON types: no "3" for 3, no 1 for true; times become
naive UTC datetimes); the services then check meaning (an item of this site's checklist, a time not
in the future, the record's hash). A wrong type is refused with the field's path as the device wrote
it, `answers.SILT.corrective_action`, `photos.<id>.sha256` (`field_errors`; docs/sync-protocol.md,
"Errors"), whoever sent it: a push or a caller of the service."""

from __future__ import annotations

import json
import types
import typing
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    WrapValidator,
)
from pydantic_core import PydanticCustomError

from inspector.models import INSPECTION_KINDS
from inspector.rules import signatures

MAX_ID = 2**31 - 1  # database ids (INTEGER columns: 32 bits on PostgreSQL)
UUID = r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
CALCULATOR_MAX_CHARS = 20_000
ZERO = timedelta(0)


class Say:
    """The message a device gets when this field (or anything inside it, with `whole`) is wrong.
    `message` may be a function of the value sent."""

    def __init__(self, message, *, whole: bool = False):
        self.message, self.whole = message, whole


class Wire(BaseModel):
    """A push payload: exact JSON types (no "3" for 3, no 1 for true); fields it does not know are
    left to the service that reads the payload (some refuse them by name)."""

    model_config = ConfigDict(strict=True, extra="ignore")


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
# A site's numbers also come from form fields as text ("" for none).
NumText = Annotated[float | str | None, Say("Must be a number (or empty).")]


# The years a record's time may fall in: no device records work outside them, and a time at the
# calendar's very edge (year 1, a zeroed clock) cannot be turned into the Village's day.
FIRST_YEAR, LAST_YEAR = 1900, 2999
OUT_OF_YEARS = (
    f"Must be a time between the years {FIRST_YEAR} and {LAST_YEAR}, such as "
    "2026-05-04T14:30:00Z: check the device's date."
)


def _utc(value: str | None) -> datetime | None:
    """An ISO 8601 time as naive UTC (what the database stores); "" is none."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise refuse("Must be an ISO 8601 time such as 2026-05-04T14:30:00Z.") from None
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise refuse(OUT_OF_YEARS)
    if moment.tzinfo is None:
        return moment
    if moment.utcoffset() != ZERO:  # most devices write "…Z": no conversion
        moment = moment.astimezone(UTC)
    return moment.replace(tzinfo=None)


# Text on the wire, a naive UTC datetime (or None) on the model.
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


# The two shapes of a signature, for the generated document; inspector/rules/signatures.py checks
# the values (the model takes any object so that a wrong one is refused in those words).
_WHOLE = {"type": "integer", "minimum": 0}
SIGNATURE_SCHEMA = {
    "anyOf": [
        {
            "title": "DrawnSignature",
            "type": "object",
            "properties": {
                "width": {"type": "integer", "minimum": 1, "maximum": signatures.MAX_SIDE},
                "height": {"type": "integer", "minimum": 1, "maximum": signatures.MAX_SIDE},
                "strokes": {
                    "type": "array",
                    "maxItems": signatures.MAX_STROKES,
                    "items": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "array",
                            "prefixItems": [_WHOLE, _WHOLE, _WHOLE],
                            "minItems": 3,
                            "maxItems": 3,
                        },
                    },
                },
            },
            "required": ["width", "height", "strokes"],
            "additionalProperties": False,
        },
        {
            "title": "TypedSignature",
            "type": "object",
            "properties": {"typed": {"type": "string", "maxLength": signatures.MAX_TYPED}},
            "required": ["typed"],
            "additionalProperties": False,
        },
        {"type": "null"},
    ]
}


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


class RecordPhotos(Wire):
    """The `photos` of a record other than an inspection (a finding's correction, a stop-work
    order), checked alone by the service that claims them."""

    photos: Photos = None


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
        WithJsonSchema(SIGNATURE_SCHEMA),
        Field(
            description="Drawn: {width, height, strokes: [[[x, y, ms], ...], ...]} (whole numbers "
            "in the box it was drawn in). Typed: {typed: name}, the signer's name as "
            "signed_by_name gives it (case and spaces aside). inspector/rules/signatures.py "
            "checks either."
        ),
    ] = None
    signature_statement_version: NText = None
    signed_by_name: NText = None
    signed_at: Time = None


# ---------------------------------------------------------------- refusals with their paths

# Where a list's items are named by one of their fields in a path: answers.SILT.result, photos.<id>.sha256
KEYED = {"answers": "item_code", "photos": "id"}


def field_errors(exc: ValidationError, model: type, raw, prefix: str = "") -> dict[str, str]:
    """{path: message} for a failed validation of `raw` against `model` (a class or a type)."""
    errors: dict[str, str] = {}
    for error in exc.errors(include_url=False, include_input=False):
        path, say, value = _walk(model, raw, error["loc"])
        key = prefix + ".".join(str(p) for p in path) if path else prefix.rstrip(".") or "body"
        if error["type"].startswith("wire_"):  # a validator's own words (PydanticCustomError)
            message = error["msg"]
        elif say is None:
            message = error["msg"] + "."
        else:
            message = say.message(value) if callable(say.message) else say.message
        errors.setdefault(key, message)
    return errors


def _walk(annotation, raw, loc) -> tuple[list, Say | None, Any]:
    """Follow `loc` through the declared types: the path as the protocol names it and the message
    of the deepest field reached (a `whole` message stops the walk at its field)."""
    path: list = []
    say = None
    value = raw
    for part in loc:
        annotation, found = _step(annotation, part)
        if annotation is None:
            break
        if isinstance(part, int) and path and path[-1] in KEYED and isinstance(value, list):
            item = value[part] if part < len(value) else None
            name = item.get(KEYED[path[-1]]) if isinstance(item, dict) else None
            path.append(name if isinstance(name, str) and name else part)
        else:
            path.append(part)
        value = _child(value, part)
        if found is not None:
            say = found
            if found.whole:
                break
    return path, say, value


def _step(annotation, part):
    """The type one step inside `annotation` (a field of a model, an item of a list or dict)."""
    annotation, _ = _unwrap(annotation)
    if isinstance(part, str) and isinstance(annotation, type) and issubclass(annotation, BaseModel):
        info = annotation.model_fields.get(part)
        if info is None:
            return None, None
        inner, inner_say = _unwrap(info.annotation)
        own = next((m for m in info.metadata if isinstance(m, Say)), None)
        return inner, own or inner_say
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin is list and isinstance(part, int) and args:
        return _unwrap(args[0])
    if origin is dict and isinstance(part, str) and len(args) == 2:
        return _unwrap(args[1])
    return None, None


def _unwrap(annotation) -> tuple[Any, Say | None]:
    """Strip Annotated and Optional; keep the Say found on the way."""
    say = None
    while True:
        if typing.get_origin(annotation) is Annotated:
            say = next((m for m in annotation.__metadata__ if isinstance(m, Say)), say)
            annotation = annotation.__origin__
            continue
        if typing.get_origin(annotation) in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(annotation) if a is not type(None)]
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation, say


def _child(value, part):
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list) and isinstance(part, int) and part < len(value):
        return value[part]
    return None
