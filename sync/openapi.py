"""The sync API described in OpenAPI 3.1 (its schemas are JSON Schema 2020-12; tests check real responses)."""

from __future__ import annotations

from inspector.models import INSPECTION_KINDS

from .protocol import MAX_BATCH, PULL_MAX

STR = {"type": "string"}
NSTR = {"type": ["string", "null"]}
INT = {"type": "integer"}
NINT = {"type": ["integer", "null"]}
NNUM = {"type": ["number", "null"]}
ERRORS = {
    "type": "object",
    "additionalProperties": {"type": "string"},
    "description": "field path -> message, e.g. answers.SILT.corrective_action",
}


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
PHOTO_503 = {
    "description": "Every photo-processing slot is busy: send again after Retry-After seconds.",
    "headers": {"Retry-After": {"schema": INT}},
    "content": {"application/json": {"schema": ref("Error")}},
}

SCHEMAS = {
    "Error": {
        "type": "object",
        "required": ["error", "reason"],
        "properties": {"error": STR, "reason": NSTR, "errors": ERRORS, "field": NSTR},
    },
    "CsrfToken": {
        "type": "object",
        "required": ["csrf_token", "user_id"],
        "properties": {
            "csrf_token": STR,
            "user_id": {
                "type": ["integer", "null"],
                "description": "Who is signed in: a shared tablet sends only that person's "
                "queued work.",
            },
            "user": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["id", "name", "role"],
                        "description": "Who is signed in now: a shared tablet goes by this person, not its "
                        "last sync's.",
                        "properties": {
                            "id": INT,
                            "name": STR,
                            "role": {"enum": ["permittee", "inspector", "supervisor"]},
                        },
                    },
                ]
            },
        },
    },
    "May": {
        "type": "object",
        "required": ["inspection_kinds", "actions"],
        "description": "What the person may record: the device offers only these.",
        "properties": {
            "inspection_kinds": {"type": "array", "items": {"enum": list(INSPECTION_KINDS)}},
            "actions": {
                "type": "array",
                "items": {
                    "enum": ["rain_reading", "stop_work", "verify_finding", "correct_finding"]
                },
            },
        },
    },
    "Mutation": {
        "type": "object",
        "required": ["mutation_id", "entity", "entity_id"],
        "properties": {
            "mutation_id": {"type": "string", "format": "uuid"},
            "entity": {
                "enum": [
                    "inspection",
                    "finding",
                    "site",
                    "rain_reading",
                    "rain_gauge",
                    "stop_work_order",
                ]
            },
            "entity_id": STR,
            "op": {"enum": ["upsert", "delete"]},
            "base_version": NINT,
            "payload": {"type": "object"},
        },
    },
    "PushRequest": {
        "type": "object",
        "required": ["mutations"],
        "properties": {
            "device_id": NSTR,
            "mutations": {"type": "array", "maxItems": MAX_BATCH, "items": ref("Mutation")},
        },
    },
    "MutationResult": {
        "type": "object",
        "required": ["mutation_id", "status"],
        "properties": {
            "mutation_id": STR,
            "status": {"enum": ["applied", "duplicate", "conflict", "rejected"]},
            "original_status": {"enum": ["applied", "duplicate", "conflict"]},
            "version": NINT,
            "data": {"type": ["object", "null"]},
            "server_copy": {"type": "object"},
            "errors": ERRORS,
            "reason": NSTR,
            "code": {"type": "integer", "description": "HTTP-like code of a rejection"},
            "photos_expected": INT,
            "photos_received": INT,
        },
    },
    "PushResponse": {
        "type": "object",
        "required": ["results"],
        "properties": {"results": {"type": "array", "items": ref("MutationResult")}},
    },
    "Change": {
        "type": "object",
        "required": ["entity", "id", "op", "version", "data"],
        "properties": {
            "entity": STR,
            "id": STR,
            "op": {"enum": ["upsert", "delete"]},
            "version": NINT,
            "data": {"type": ["object", "null"]},
        },
    },
    "PullResponse": {
        "type": "object",
        "required": ["cursor", "has_more", "user", "catalog", "calculators", "changes"],
        "properties": {
            "cursor": STR,
            "has_more": {"type": "boolean"},
            "user": {
                "type": "object",
                "required": ["id", "name", "role", "company", "may"],
                "properties": {
                    "id": INT,
                    "name": STR,
                    "role": {"enum": ["permittee", "inspector", "supervisor"]},
                    "company": NSTR,
                    "may": ref("May"),
                    "certification": {
                        "type": "object",
                        "description": "The person's qualification (type, number, expiry day); "
                        "the device warns when it is missing or expired",
                        "properties": {"type": NSTR, "number": NSTR, "expires_on": NSTR},
                    },
                },
            },
            "catalog": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["version", "answers", "items"],
                        "properties": {
                            "version": STR,
                            "answers": {"type": "array"},
                            "items": {"type": "array"},
                        },
                    },
                ]
            },
            "calculators": {"type": ["object", "null"]},
            "changes": {"type": "array", "items": ref("Change")},
        },
    },
    "DueItem": {
        "type": "object",
        "required": ["kind", "due_at", "state", "label", "citation"],
        "properties": {
            "kind": {"enum": ["weekly", "post_rain"]},
            "due_at": NSTR,
            "state": {"enum": ["due", "overdue", "not_active"]},
            "label": STR,
            "citation": STR,
            "rain_event_id": NINT,
            "note": NSTR,
        },
    },
    "SitePacket": {
        "type": "object",
        "required": [
            "id",
            "name",
            "address",
            "project_kind",
            "kind_label",
            "latitude",
            "longitude",
            "regime",
            "tags",
            "checklist_codes",
            "applicable",
            "permit",
            "due",
            "stop_work",
            "open_findings",
            "overdue_findings",
            "timeline_svg",
            "version",
        ],
        "properties": {
            "id": STR,
            "name": STR,
            "address": STR,
            "project_kind": STR,
            "kind_label": STR,
            "latitude": NNUM,
            "longitude": NNUM,
            "regime": {"enum": ["perimeter", "basin"]},
            "tags": {"type": "array", "items": STR},
            "checklist_codes": {"type": "array", "items": STR},
            "applicable": {"type": "boolean"},
            "permit": {
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "required": ["id", "number", "status", "expires_on", "active", "company"],
                    },
                ]
            },
            "due": {"type": "array", "items": ref("DueItem")},
            "stop_work": {"type": ["object", "null"]},
            "open_findings": INT,
            "overdue_findings": INT,
            "timeline_svg": NSTR,
            "version": INT,
        },
    },
    "InspectionPayload": {
        "type": "object",
        "required": [
            "site_id",
            "kind",
            "inspector_name",
            "inspected_on",
            "catalog_version",
            "answers",
            "sha256",
        ],
        "properties": {
            "site_id": INT,
            "kind": {"enum": ["weekly", "post_rain", "village", "follow_up", "complaint"]},
            "inspector_name": STR,
            "inspected_on": {"type": "string", "format": "date"},
            "started_at": NSTR,
            "ended_at": NSTR,
            "weather": STR,
            "phase": STR,
            "notes": STR,
            "active_disturbance": {"type": "boolean"},
            "rain_event_id": NINT,
            "finding_id": NSTR,
            "catalog_version": STR,
            "replaces_id": NSTR,
            "signature": {
                "type": ["object", "null"],
                "description": "Drawn under the certification statement (required for the kinds "
                "the rulebook's certification.required_kinds names): {width, height, strokes: "
                "[[[x, y, ms], ...], ...]}, whole numbers in the box it was drawn in",
                "required": ["width", "height", "strokes"],
            },
            "signature_statement_version": NSTR,
            "signed_by_name": NSTR,
            "signed_at": NSTR,
            "answers": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["item_code", "result"],
                    "properties": {
                        "item_code": STR,
                        "result": {"enum": ["pass", "fail", "na"]},
                        "note": STR,
                        "corrective_action": STR,
                        "measurements": {
                            "type": "object",
                            "additionalProperties": {"type": "number"},
                        },
                        "calculator": {"type": ["object", "null"]},
                        "photo_ids": {"type": "array", "items": STR},
                    },
                },
            },
            "photos": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "sha256"],
                    "properties": {
                        "id": STR,
                        "item_code": NSTR,
                        "sha256": STR,
                        "taken_at": NSTR,
                        "taken_at_source": {
                            "enum": ["exif", "file", "device-clock", None],
                            "description": "Where taken_at came from: the camera's EXIF, the "
                            "file's date (no EXIF time) or the tablet's clock",
                        },
                        "latitude": NNUM,
                        "longitude": NNUM,
                        "marks": {
                            "type": ["array", "null"],
                            "maxItems": 20,
                            "description": "Marks drawn on the photo, coordinates as fractions "
                            "0..1 of the photo (docs/photo-marks.md): {kind: arrow, from: [x, y], "
                            "to: [x, y]}, {kind: circle, center: [x, y], r} (r: of the shorter "
                            "side), {kind: label, at: [x, y], text} (at most 40 characters)",
                            "items": {"type": "object", "required": ["kind"]},
                        },
                    },
                },
            },
            "sha256": {
                "type": "string",
                "description": "SHA-256 hex of the canonical JSON of this payload without "
                "sha256: keys sorted, no whitespace, UTF-8",
            },
        },
    },
    "InspectionRecord": {
        "type": "object",
        "required": [
            "id",
            "site_id",
            "kind",
            "answers",
            "photos",
            "photos_expected",
            "photos_received",
        ],
        "properties": {
            "id": STR,
            "site_id": INT,
            "kind": STR,
            "answers": {"type": "array"},
            "photos": {
                "type": "array",
                "items": {"type": "object", "required": ["id", "received"]},
            },
            "photos_expected": INT,
            "photos_received": INT,
            "version": INT,
        },
    },
    "PhotoStored": {
        "type": "object",
        "required": ["id", "sha256", "width", "height", "content_type", "stored"],
        "properties": {
            "id": STR,
            "sha256": STR,
            "width": INT,
            "height": INT,
            "content_type": {"enum": ["image/jpeg", "image/png", "image/webp"]},
            "inspection_id": NSTR,
            "finding_id": NSTR,
            "stored": {"const": True},
        },
    },
}


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
            "schemas": SCHEMAS,
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
                        "404": {"description": "Send it"},
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
                        }
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
