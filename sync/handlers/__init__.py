"""Entity handlers: one module per synced entity, listed in `load_all()` below.

The push protocol (sync/protocol.py) looks up HANDLERS[mutation["entity"]] and calls `apply` inside the
batch's transaction; the pull protocol calls `serialize` for every entity that changed since the cursor
(changes are found through the audit trail: an AuditEvent's `entity` must equal the handler's `entity`).

A handler module looks like:

    from sync.handlers import Outcome

    class FindingHandler:
        entity = "finding"

        def apply(self, session, mutation, ctx) -> Outcome: ...
        def serialize(self, session, entity_id, user) -> FindingRecord | None: ...  # None: gone/hidden

Two optional methods: `wants_event(user, actor_id)` (False: this user's devices do not pull the change,
e.g. another person's inspection) and `never_seen(session, entity_id, user)` (True: serialize's None
is a record the user never could see, so no deletion is sent for it, which would tell the device it
exists).

A new entity's handler is added to the list in `load_all()`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from inspector.services.inspections import validated

HANDLERS: dict[str, EntityHandler] = {}

M = TypeVar("M", bound=BaseModel)


@dataclass
class SyncContext:
    user: Any  # inspector.models.User
    device_id: str | None
    now: datetime  # naive UTC
    rb: Any  # inspector.rules.rulebook.Rulebook


@dataclass
class Outcome:
    status: Literal["applied", "conflict", "rejected"]
    version: int | None = None
    data: Any = None  # the record as stored (applied): a sync/schemas/records model or its JSON
    server_copy: Any = None  # the server's current record (conflict), likewise
    errors: dict[str, str] = field(default_factory=dict)  # field -> message (rejected)
    reason: str | None = None
    theirs: dict | None = None  # what a conflict keeps of the device's change (None: its payload)


def checked(mutation: dict, model: type[M]) -> M:
    """The payload's model as the protocol checked it (sync/protocol.py keeps it on the mutation),
    or, for a mutation that comes without one, the payload checked here by the same model: a wrong
    type is refused with the push's path and words."""
    found = mutation.get("payload_model")
    if found is not None:
        return found
    return validated(model, mutation.get("payload") or {})


class EntityHandler(Protocol):
    entity: str

    def apply(self, session, mutation: dict, ctx: SyncContext) -> Outcome: ...

    def serialize(self, session, entity_id: str, user) -> Any: ...  # a records model, or None

    # Optional: def wants_event(self, user, actor_id) -> bool
    # Optional: def never_seen(self, session, entity_id: str, user) -> bool


def load_all() -> dict[str, EntityHandler]:
    """Every synced entity's handler. Imported here, not at the top: the handler modules import
    Outcome from this module."""
    if not HANDLERS:
        from .finding import FindingHandler
        from .inspection import InspectionHandler
        from .rain_gauge import RainGaugeHandler
        from .rain_reading import RainReadingHandler
        from .site import SiteHandler
        from .stop_work_order import StopWorkOrderHandler

        for handler in (
            FindingHandler,
            InspectionHandler,
            RainGaugeHandler,
            RainReadingHandler,
            SiteHandler,
            StopWorkOrderHandler,
        ):
            HANDLERS[handler.entity] = handler()
    return HANDLERS
