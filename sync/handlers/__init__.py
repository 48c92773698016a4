"""Entity handlers: one module per synced entity, each registering itself here.

The push protocol (sync/protocol.py) looks up HANDLERS[mutation["entity"]] and calls `apply` inside the
batch's transaction; the pull protocol calls `serialize` for every entity that changed since the cursor
(changes are found through the audit trail: an AuditEvent's `entity` must equal the handler's `entity`).

A handler module looks like:

    from sync.handlers import Outcome, register

    @register
    class FindingHandler:
        entity = "finding"

        def apply(self, session, mutation, ctx) -> Outcome: ...
        def serialize(self, session, entity_id, user) -> dict | None: ...   # None: gone or not visible

Every module in this package is imported by `load_all()`, so adding an entity needs no edit elsewhere.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, Protocol

HANDLERS: dict[str, EntityHandler] = {}


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
    data: dict | None = None  # the record as stored (applied)
    server_copy: dict | None = None  # the server's current record (conflict)
    errors: dict[str, str] = field(default_factory=dict)  # field -> message (rejected)
    reason: str | None = None


class EntityHandler(Protocol):
    entity: str

    def apply(self, session, mutation: dict, ctx: SyncContext) -> Outcome: ...

    def serialize(self, session, entity_id: str, user) -> dict | None: ...


def register(cls):
    HANDLERS[cls.entity] = cls()
    return cls


def load_all() -> dict[str, EntityHandler]:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
    return HANDLERS
