"""The sync API described in OpenAPI 3.1, generated: the components are the JSON Schemas (2020-12)
of the models that validate pushes and write responses (sync/schemas/); only the paths are declared
here. Tests check real responses against it and fuzz every operation from it."""

from __future__ import annotations

from functools import cache

from pydantic.json_schema import models_json_schema

from .protocol import PULL_MAX
from .schemas import push, records, responses
from .schemas.push import MAX_BATCH

STR = {"type": "string"}
INT = {"type": "integer"}
REQUESTS = (push.PushRequest, *push.PAYLOADS.values())
ANSWERS = (
    responses.Error,
    responses.CsrfToken,
    responses.PullResponse,
    responses.PushResponse,
    responses.PhotoStored,
    records.InspectionRecord,
)


@cache
def schemas() -> dict:
    """Every model's schema under #/components/schemas/<ClassName>."""
    _, top = models_json_schema(
        [(m, "validation") for m in REQUESTS] + [(m, "serialization") for m in ANSWERS],
        ref_template="#/components/schemas/{model}",
    )
    return top["$defs"]


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(schema: dict, description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERROR_RESPONSE = json_body(ref("Error"), "A clear refusal; nothing was written.")
PHOTO_422 = json_body(
    ref("Error"), "Unreadable, damaged, or too many pixels (the reason names the limit)."
)
PHOTO_429 = json_body(
    ref("Error"), "Too many of this user's photos wait for their records: send the records first."
)
RECEIVED = {
    "type": "object",
    "properties": {"received": INT, "error": STR, "reason": STR},
    "required": ["received"],
}
PHOTO_503 = {
    "description": "Every photo-processing slot is busy: send again after Retry-After seconds.",
    "headers": {"Retry-After": {"schema": INT}},
    "content": {"application/json": {"schema": ref("Error")}},
}


@cache
def spec() -> dict:
    auth = [{"session": []}, {"device": []}]
    unauthorized = json_body(
        ref("Error"), "Neither a session nor a valid device token (the device keeps its outbox)."
    )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Fairwater erosion-control inspections: sync API",
            "version": "1",
            "description": "Devices push queued changes (idempotent by mutation_id), upload photos by id and "
            "pull what changed since a server cursor. Browser sessions send X-CSRFToken on writes.",
        },
        "servers": [{"url": "/api/v1"}],
        "components": {
            "schemas": schemas(),
            "securitySchemes": {
                "session": {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": "session",
                    "description": "Signed-in browser; writes also need the X-CSRFToken header.",
                },
                "device": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "An enrolled device's token.",
                },
            },
        },
        "security": auth,
        "paths": {
            "/csrf": {
                "get": {
                    "summary": "A fresh CSRF token for the next push",
                    "security": [],
                    "responses": {"200": json_body(ref("CsrfToken"), "Token")},
                }
            },
            "/sync/push": {
                "post": {
                    "summary": f"Apply up to {MAX_BATCH} mutations in one transaction",
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": ref("PushRequest")}},
                    },
                    "responses": {
                        "200": json_body(ref("PushResponse"), "One result per mutation, in order"),
                        "400": json_body(
                            ref("Error"),
                            "A malformed batch (errors: field path "
                            "-> reason); nothing was applied.",
                        ),
                        "401": unauthorized,
                        "413": ERROR_RESPONSE,
                        "415": json_body(ref("Error"), "Not sent as application/json."),
                    },
                }
            },
            "/sync/pull": {
                "get": {
                    "summary": "What changed for this user since the cursor (deletions included)",
                    "parameters": [
                        {
                            "name": "since",
                            "in": "query",
                            "required": False,
                            "schema": STR,
                            "description": "The cursor of the previous pull; omit for everything",
                        },
                        {
                            "name": "limit",
                            "in": "query",
                            "required": False,
                            "schema": {"type": "integer", "minimum": 1, "maximum": PULL_MAX},
                        },
                    ],
                    "responses": {
                        "200": json_body(ref("PullResponse"), "Changes and the next cursor"),
                        "400": ERROR_RESPONSE,
                        "401": unauthorized,
                    },
                }
            },
            "/photos/{photo_id}": {
                "parameters": [
                    {
                        "name": "photo_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "format": "uuid"},
                    }
                ],
                "head": {
                    "summary": "Whether the server has this photo",
                    "responses": {
                        "200": {"description": "Stored: do not send again"},
                        "404": {
                            "description": "Send it; from byte X-Photo-Received when part of it "
                            "arrived in byte ranges",
                            "headers": {"X-Photo-Received": {"schema": INT}},
                        },
                    },
                },
                "put": {
                    "summary": "Upload the photo's bytes (JPEG, PNG, WebP or HEIC)",
                    "parameters": [
                        {
                            "name": "X-Content-SHA256",
                            "in": "header",
                            "required": True,
                            "schema": STR,
                        },
                        {
                            "name": "Content-Range",
                            "in": "header",
                            "required": False,
                            "description": "bytes first-last/total: one range of a photo sent in "
                            "ranges (X-Content-SHA256 is the whole photo's)",
                            "schema": STR,
                        },
                    ],
                    "requestBody": {
                        "required": True,
                        "content": {
                            "image/jpeg": {},
                            "image/png": {},
                            "image/webp": {},
                            "image/heic": {},
                            "image/heif": {},
                        },
                    },
                    "responses": {
                        "201": json_body(ref("PhotoStored"), "Stored"),
                        "200": json_body(ref("PhotoStored"), "These bytes were already stored"),
                        "202": json_body(RECEIVED, "This range is kept; send the next"),
                        "416": json_body(
                            RECEIVED,
                            "The range does not start at the bytes held: send from received",
                        ),
                        "401": unauthorized,
                        "409": ERROR_RESPONSE,
                        "413": ERROR_RESPONSE,
                        "415": ERROR_RESPONSE,
                        "422": PHOTO_422,
                        "429": PHOTO_429,
                        "503": PHOTO_503,
                    },
                },
            },
            "/inspections/{inspection_id}": {
                "get": {
                    "summary": "An inspection as stored, with which photos arrived",
                    "parameters": [
                        {"name": "inspection_id", "in": "path", "required": True, "schema": STR}
                    ],
                    "responses": {
                        "200": json_body(ref("InspectionRecord"), "The record"),
                        "404": ERROR_RESPONSE,
                    },
                }
            },
            "/openapi.json": {
                "get": {
                    "summary": "This document",
                    "security": [],
                    "responses": {"200": {"description": "OpenAPI 3.1"}},
                }
            },
        },
    }
