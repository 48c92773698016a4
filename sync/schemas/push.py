"""What a device pushes: the batch, its mutations and each entity's payload, declared once.

These models check types and bounds (an exact whole number, text, a list); the services then check
meaning (an item of this site's checklist, a time not in the future, the record's hash). Every
refusal names the field's path as the device wrote it: `answers.SILT.corrective_action`,
`photos.<id>.sha256` (docs/sync-protocol.md, "Errors")."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

# An inspection's models and the field kinds the payloads share are declared beside the service
# that reads them (inspector/payloads.py); Answer, Calculator, Photo and InspectionPayload are part
# of this wire format all the same.
from inspector.payloads import (
    UUID,
    Answer,
    Bool,
    Calculator,
    Id,
    InspectionPayload,
    NId,
    NText,
    Number,
    NumText,
    Photo,
    Photos,
    Text,
    Time,
    Wire,
    required,
)

from .base import Say

__all__ = [
    "ENTITIES",
    "MAX_BATCH",
    "PAYLOADS",
    "Answer",
    "Calculator",
    "FindingPayload",
    "InspectionPayload",
    "Mutation",
    "Photo",
    "PushRequest",
    "RainReadingPayload",
    "SitePayload",
    "StopWorkOrderPayload",
]

MAX_BATCH = 50
ENTITIES = ("finding", "inspection", "rain_gauge", "rain_reading", "site", "stop_work_order")


class FindingPayload(Wire):
    """A permittee's correction, or an inspector's verification (closed) or reopening."""

    model_config = required("status")

    status: Annotated[
        str,
        Say("Must be text."),
        Field(json_schema_extra={"enum": ["corrected", "closed", "reopened"]}),
    ] = None
    note: Text = None  # text or left out: a finding's note is never null
    corrected_note: Text = None
    corrected_at: Time = None  # when the tablet recorded the correction; left out: on arrival
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
    notes: Text = None  # text or left out: an order's notes are never null
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
