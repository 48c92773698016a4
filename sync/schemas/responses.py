"""The bodies the sync API answers with (docs/sync-protocol.md)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from inspector.models import INSPECTION_KINDS

from .base import Out
from .records import (
    FindingRecord,
    InspectionRecord,
    InspectionSummary,
    RainGaugeRecord,
    RainReadingRecord,
    SiteEdit,
    SitePacket,
    StopWorkOrderRecord,
)

Role = Literal["permittee", "inspector", "supervisor"]
Errors = Annotated[
    dict[str, str],
    Field(description="field path -> message, e.g. answers.SILT.corrective_action"),
]
Record = (
    InspectionRecord
    | InspectionSummary
    | FindingRecord
    | StopWorkOrderRecord
    | RainReadingRecord
    | RainGaugeRecord
    | SitePacket
    | SiteEdit
)


class Error(Out):
    """A clear refusal; nothing was written."""

    error: str
    reason: str | None
    errors: Errors | None = None
    field: str | None = None


class Person(Out):
    id: int
    name: str
    role: Role


class CsrfToken(Out):
    csrf_token: Annotated[
        str | None,
        Field(
            description="For the session's writes; null when nobody is signed in (none is made)."
        ),
    ]
    user_id: Annotated[
        int | None,
        Field(
            description="Who is signed in: a shared tablet sends only that person's queued work."
        ),
    ]
    user: Annotated[
        Person | None,
        Field(description="Who is signed in now: a shared tablet goes by this person."),
    ] = None


class May(Out):
    """What the person may record: the device offers only these."""

    inspection_kinds: list[Literal[INSPECTION_KINDS]]  # type: ignore[valid-type]
    actions: list[Literal["rain_reading", "stop_work", "verify_finding", "correct_finding"]]


class Certification(Out):
    """The person's qualification; the device warns when it is missing or expired."""

    type: str | None
    number: str | None
    expires_on: date | None


class PullUser(Person):
    company: str | None
    may: May
    certification: Certification | None = None


class Catalog(Out):
    version: str
    answers: list[Any]
    items: list[Any]


class Change(Out):
    entity: str
    id: str
    op: Literal["upsert", "delete"]
    version: int | None
    data: Record | None


class PullResponse(Out):
    cursor: str
    has_more: bool
    user: PullUser
    catalog: Catalog | None
    calculators: dict[str, Any] | None
    changes: list[Change]


class MutationResult(Out):
    mutation_id: str
    status: Literal["applied", "duplicate", "conflict", "rejected"]
    original_status: Literal["applied", "duplicate", "conflict"] | None = None
    version: int | None = None
    data: Record | None = None
    server_copy: Record | None = None
    errors: Errors | None = None
    reason: str | None = None
    code: Annotated[int | None, Field(description="HTTP-like code of a rejection")] = None
    photos_expected: int | None = None
    photos_received: int | None = None


class PushResponse(Out):
    results: Annotated[list[MutationResult], Field(description="One per mutation, in order")]


class PhotoStored(Out):
    id: str
    sha256: str
    width: int
    height: int
    content_type: Literal["image/jpeg", "image/png", "image/webp"]
    inspection_id: str | None = None
    finding_id: str | None = None
    stored: Literal[True]
