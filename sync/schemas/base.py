"""What every wire model shares: strict types, the plain-English message of each field, Pydantic's
errors turned into the protocol's {path: message} (docs/sync-protocol.md, "Errors"), and the one
way a time is written on the wire."""

from __future__ import annotations

import types
import typing
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, PlainSerializer, ValidationError

from inspector.rules.clocks import wire_time

MAX_ID = 2**31 - 1  # database ids (INTEGER columns: 32 bits on PostgreSQL)


class Say:
    """The message a device gets when this field (or anything inside it, with `whole`) is wrong.
    `message` may be a function of the value sent."""

    def __init__(self, message, *, whole: bool = False):
        self.message, self.whole = message, whole


class Wire(BaseModel):
    """A push payload: exact JSON types (no "3" for 3, no 1 for true); fields it does not know are
    left to the service that reads the payload (some refuse them by name)."""

    model_config = ConfigDict(strict=True, extra="ignore")


class Out(BaseModel):
    """A response body: built from the app's own values, so not checked again field by field."""

    model_config = ConfigDict(extra="allow")


# A stored moment (naive UTC) as the wire writes it: "2026-05-04T14:30:00Z".
WireTime = Annotated[datetime, PlainSerializer(wire_time, return_type=str)]

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
