"""The sync API under /api/v1 (thin routes over sync.protocol, sync.auth and the
services, photo uploads among them).

Authentication: an enrolled device's `Authorization: Bearer <token>`, or the browser's session cookie.
The blueprint is exempt from the app-wide CSRF hook only so that token requests (which carry no cookie,
hence no CSRF risk) pass; cookie-authenticated writes are checked here with the same CSRFProtect.
"""

from __future__ import annotations

import gc
import logging
from collections import Counter
from contextlib import contextmanager

from flask import Blueprint, Response, abort, current_app, g, jsonify, request
from flask import session as flask_session
from flask_wtf.csrf import CSRFError, generate_csrf

from inspector.db import engine, get_session, reads_only
from inspector.photos import RETRY_AFTER_SECONDS, PhotoError, Upload
from inspector.security import csrf
from inspector.services import NotFound, clock, photo_ranges
from inspector.services import inspections as inspection_service
from inspector.services import photo_uploads as photo_store

from . import auth, openapi, protocol, validate
from .handlers import load_all

bp = Blueprint("sync_api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)
load_all()

PUBLIC = {"sync_api.openapi_json", "sync_api.csrf_token"}
# One line per push and pull, and per refused token (README, "Deploying for real"): who, which
# device, how many records and their outcomes; never a token or a record's content.
log = logging.getLogger("fairwater.sync")


@bp.record_once
def _quiet_session_cookie(state) -> None:
    """API responses set the session cookie only when they change the session. Otherwise a slow background
    pull, answered after the user opened a form, would re-send the older cookie (Flask refreshes permanent
    sessions on every response) and drop the form's CSRF token: "The CSRF session token is missing"."""
    app = state.app
    base = type(app.session_interface)

    class ApiQuietSessions(base):
        def should_set_cookie(self, app, session):
            if request.path.startswith(bp.url_prefix + "/"):
                return session.modified
            return super().should_set_cookie(app, session)

    app.session_interface = ApiQuietSessions()


UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


@bp.before_request
def authenticate():
    g.caller = None
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        session = get_session()
        caller = auth.authenticate(session, header[7:].strip())
        if caller is None:
            log.warning(
                "%s %s refused from %s: unknown or revoked device token",
                request.method,
                request.path,
                request.remote_addr,
            )
            abort(
                401,
                description="This device token is unknown or was revoked: sign in again to send. "
                "Nothing on the device was discarded.",
            )
        if reads_only(session):
            auth.touch_apart(engine(), caller.device)
        else:
            auth.touch(session, caller.device)
            _end_callers_transaction(session)
        g.caller = caller
        return None
    if g.get("user") is not None:
        if request.method in UNSAFE and current_app.config.get("WTF_CSRF_ENABLED", True):
            try:
                csrf.protect()
            except CSRFError as exc:
                return jsonify(
                    error="csrf",
                    reason=f"{exc.description} Fetch a fresh token from "
                    "/api/v1/csrf and send it in X-CSRFToken.",
                ), 400
        g.caller = auth.Caller(user=g.user, device=None)
        if request.method in UNSAFE:
            _end_callers_transaction(get_session())
        return None
    if request.endpoint in PUBLIC:
        return None
    abort(
        401,
        description="Sign in again to send (or use an enrolled device's token). "
        "Nothing on the device was discarded.",
    )


def _end_callers_transaction(session) -> None:
    """Commit the transaction that read the caller (and noted its device seen), so that a write
    request's parsing and photo processing wait for no writer and hold up none; the request's own
    transaction begins when it first reads, and checks the caller again there (_caller_in_write)."""
    session.commit()


def _caller_in_write(session) -> None:
    """The caller checked again inside the request's write transaction: a device revoked, or an
    account disabled or signed out, since the caller was read stores nothing (401)."""
    if not auth.still_allowed(session, g.caller, flask_session.get("gen")):
        abort(
            401,
            description="This device token was revoked, or the account signed out, while the "
            "request was on its way: sign in again to send. Nothing on the device was discarded.",
        )


@bp.get("/openapi.json")
def openapi_json():
    return jsonify(openapi.spec())


@bp.get("/csrf")
def csrf_token():
    # The signed-in user's id lets a shared tablet send only the work of whoever is signed in now.
    # Nobody signed in: no token, and the session is left alone. A token made for nobody started a
    # session whose cookie, answered after the sign-in page's, made that page's form fail ("400 Bad
    # Request" on signing in): a page still syncing as the tablet changed hands asks so.
    user = g.get("user")
    who = {"id": user.id, "name": user.name, "role": user.role} if user is not None else None
    token = generate_csrf() if user is not None else None
    response = jsonify(csrf_token=token, user_id=who and who["id"], user=who)
    response.headers["Cache-Control"] = "no-store"
    return response


def _device_id():
    return g.caller.device.id if g.caller.device is not None else None


@contextmanager
def _no_cycle_collection():
    """A push holds some 10^4 containers until it answers (the parsed body, the prepared rows, the
    records read back to seal): the cyclic collector, run as they are made, would scan them again
    and again and move them to its oldest generation, whose full scans of the whole heap then cost
    a fifth of a push's CPU (bench/bench_sync_ingest.py). Reference counting frees them when the
    push ends; the collector runs as before after it (it is left off if it was off already).
    Measured against the alternative of a raised gen0 threshold without this toggle (the startup
    heap frozen in both: inspector._freeze_startup_heap), the toggle spent less in the collector."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


@bp.post("/sync/push")
def push():
    with _no_cycle_collection():
        return _push()


def _push():
    if not request.is_json:
        return jsonify(
            error="unsupported_type",
            reason="Send the batch as JSON with Content-Type: application/json.",
        ), 415
    try:
        body = validate.parse(request.get_data(cache=False))
    except validate.ShapeError as exc:
        log.warning("push from %s refused: malformed body, nothing applied", _who())
        return jsonify(
            error="malformed",
            errors=exc.errors,
            reason="The body is not valid JSON or holds values no device sends; nothing "
            "was applied.",
        ), 400
    session = get_session()
    _caller_in_write(session)
    try:
        result = protocol.push(
            session,
            body,
            user=g.caller.user,
            device_id=_device_id(),
            now=clock.now(),  # the Village's clock, as pages and tick use
            rb=current_app.extensions["rulebook"],
        )
    except protocol.BatchError as exc:
        session.rollback()
        log.warning("push from %s refused (%s): nothing applied", _who(), exc.status)
        return jsonify(exc.body()), exc.status
    session.commit()
    outcomes = Counter(r["status"] for r in result["results"])
    log.info(
        "push from %s: %d record%s: %s",
        _who(),
        len(result["results"]),
        "" if len(result["results"]) == 1 else "s",
        ", ".join(f"{n} {status}" for status, n in sorted(outcomes.items())) or "none",
    )
    return jsonify(result)


def _who() -> str:
    user, device = g.caller.user, g.caller.device
    where = f"device {device.name!r} ({device.id})" if device is not None else "the browser"
    return f"user {user.id} ({user.role}) on {where}"


@bp.get("/sync/pull")
def pull():
    limit = request.args.get("limit")
    if limit is not None and not (limit.isascii() and limit.isdigit() and len(limit) < 10):
        return jsonify(error="bad_limit", reason="limit must be a whole number."), 400
    try:
        body = protocol.pull(
            get_session(),
            user=g.caller.user,
            since=request.args.get("since"),
            limit=int(limit) if limit else None,
            rb=current_app.extensions["rulebook"],
        )
    except protocol.BatchError as exc:
        log.warning("pull by %s refused (%s)", _who(), exc.status)
        return jsonify(exc.body()), exc.status
    kinds = Counter(change.entity for change in body.changes)
    detail = ", ".join(f"{n} {entity}" for entity, n in sorted(kinds.items()))
    log.info(
        "pull by %s: %d changes%s%s",
        _who(),
        len(body.changes),
        f" ({detail})" if detail else "",
        ", more to come" if body.has_more else "",
    )
    return _json(body)


def _json(model) -> Response:
    """A response model written by Pydantic (its serialisers: one way to write a time)."""
    return current_app.response_class(
        model.model_dump_json(exclude_unset=True), mimetype="application/json"
    )


@bp.route("/photos/<photo_id>", methods=["HEAD"])
def photo_head(photo_id: str):
    session = get_session()
    photo = photo_store.find(session, photo_id, g.caller.user)
    if photo is not None:
        return "", 200
    # Part of it sent in byte ranges: how much the server holds, so the device resumes from there.
    held = photo_ranges.received(session, photo_id, g.caller.user)
    return "", 404, ({"X-Photo-Received": str(held)} if held is not None else {})


@bp.put("/photos/<photo_id>")
def photo_put(photo_id: str):
    declared_length = request.content_length
    if declared_length is not None and declared_length > current_app.config["MAX_CONTENT_LENGTH"]:
        abort(413)
    data = request.get_data(cache=False)
    if declared_length is not None and len(data) != declared_length:
        return jsonify(error="truncated", reason="The photo arrived cut short; send it again."), 422
    content_range = request.headers.get("Content-Range")
    upload = None
    if content_range is None:  # the whole photo: checked and processed before the transaction
        sha256, declared = (
            request.headers.get("X-Content-SHA256"),
            request.headers.get("Content-Type"),
        )
        upload = Upload(data, sha256, declared).work_out()
    session = get_session()
    _caller_in_write(session)
    common = dict(
        sha256=request.headers.get("X-Content-SHA256"),
        content_type=request.headers.get("Content-Type"),
        user=g.caller.user,
        device_id=_device_id(),
        rb=current_app.extensions["rulebook"],
        quota=_unclaimed_quota(),
    )
    try:
        if content_range is None:
            status, photo = photo_store.receive(session, photo_id, data, upload=upload, **common)
        else:
            status, photo, held = photo_ranges.receive_range(
                session, photo_id, data, content_range, **common
            )
    except PhotoError as exc:
        session.rollback()
        body = {"error": exc.error, "reason": exc.reason}
        if isinstance(exc, photo_ranges.RangeError):
            body["received"] = exc.received
        elif getattr(exc, "assembled", False):
            # The whole photo, assembled, was refused: the next try starts from byte 0.
            photo_ranges.discard(session, photo_id, g.caller.user)
            session.commit()
        response = jsonify(body)
        if exc.status == 503:
            response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response, exc.status
    session.commit()
    if photo is None:
        return jsonify(received=held), 202
    return jsonify(
        id=photo.id,
        sha256=photo.sha256,
        width=photo.width,
        height=photo.height,
        content_type=photo.content_type,
        inspection_id=photo.inspection_id,
        finding_id=photo.finding_id,
        stored=True,
    ), status


def _unclaimed_quota() -> tuple[int, int]:
    config = current_app.config
    return config["UNCLAIMED_PHOTOS_PER_USER"], config["UNCLAIMED_PHOTO_MB_PER_USER"] * 1_000_000


@bp.get("/inspections/<inspection_id>")
def inspection_detail(inspection_id: str):
    """An inspection as stored, with its answers and which photos arrived (the user's own, or staff)."""
    session = get_session()
    user = g.caller.user
    try:
        inspection = inspection_service.get_visible(session, user, inspection_id)
    except NotFound:
        abort(404, description="No such inspection.")
    from .handlers.inspection import record

    return _json(record(session, inspection))
