"""What every wire model shares: strict types, the plain-English message of each field, Pydantic's
errors turned into the protocol's {path: message} (docs/sync-protocol.md, "Errors"), and the one
way a time is written on the wire. What a device sends is declared in inspector/payloads.py (the
services read it too); the response side is here."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, PlainSerializer

from inspector.payloads import KEYED, MAX_ID, Say, Wire, field_errors
from inspector.rules.clocks import wire_time

__all__ = ["KEYED", "MAX_ID", "Out", "Say", "Wire", "WireTime", "field_errors"]


class Out(BaseModel):
    """A response body: built from the app's own values, so not checked again field by field."""

    model_config = ConfigDict(extra="allow")


# A stored moment (naive UTC) as the wire writes it: "2026-05-04T14:30:00Z".
WireTime = Annotated[datetime, PlainSerializer(wire_time, return_type=str)]
