"""Push and pull as plain functions (the routes in sync/api.py are thin).

Push: a bounded batch in one transaction. Each mutation runs inside a savepoint, so a rejected one leaves
nothing behind while the others still apply; a crash rolls the whole batch back and the device, which
has not had an answer, sends it again. The SyncMutation log makes any replay return the stored result.

Pull: what changed for this user since the cursor, found through the audit trail (AuditEvent.id is the
server's sequence). The cursor is "<sequence>:<catalog version>", so a catalog change is noticed too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import or_
from sqlmodel import Session, select

from inspector.models import AuditEvent, Site, SyncConflict, SyncMutation, User
from inspector.services import NotFound, ServiceError, bulk, by_keys, sites
from inspector.services import photo_uploads as photo_store
from inspector.services.inspections import Invalid, kinds_for

from . import validate
from .handlers import HANDLERS, SyncContext, load_all
from .schemas.base import Out
from .schemas.push import MAX_BATCH
from .schemas.responses import Catalog, Certification, Change, PullResponse, PullUser

PULL_DEFAULT = 500
PULL_MAX = 2000


class BatchError(Exception):
    """The request as a whole is unusable (nothing was written): answered with `status`."""

    def __init__(self, status: int, error: str, reason: str, errors: dict | None = None):
        super().__init__(reason)
        self.status, self.error, self.reason, self.errors = status, error, reason, errors or {}

    def body(self) -> dict:
        out = {"error": self.error, "reason": self.reason}
        if self.errors:
            out["errors"] = self.errors
        return out


@dataclass
class BatchContext(SyncContext):
    """SyncContext plus per-batch caches and work done once at the end of the batch."""

    checklists: dict = field(default_factory=dict)
    evaluate_sites: set = field(
        default_factory=set
    )  # sites whose stop-work grounds may have changed


def parse_push(body) -> tuple[str | None, list[dict]]:
    """Check the envelope against its model (sync/schemas/push.py); every problem is named with its
    path (mutations.3.entity). Returns the device id and the mutations with their defaults."""
    if not isinstance(body, dict):
        raise BatchError(400, "malformed", "The body must be a JSON object {device_id, mutations}.")
    mutations = body.get("mutations")
    if isinstance(mutations, list) and len(mutations) > MAX_BATCH:
        raise BatchError(
            413,
            "batch_too_large",
            f"At most {MAX_BATCH} mutations per push; "
            f"this one has {len(mutations)}. Send them in smaller batches.",
        )
    try:
        batch = validate.parse_batch(body)
    except validate.ShapeError as exc:
        if "device_id" in exc.errors:
            reason = "device_id must be a string (the device's UUID)."
        elif "mutations" in exc.errors:
            reason = "mutations must be a list."
        else:
            raise BatchError(
                400,
                "invalid_mutations",
                "Some mutations are malformed; nothing was applied.",
                exc.errors,
            ) from None
        raise BatchError(400, "malformed", reason, exc.errors) from None
    # The payload as sent (its canonical hash seals it); the envelope's fields as validated.
    return batch.device_id, [
        {**m.model_dump(exclude={"payload"}), "payload": raw.get("payload", m.payload)}
        for m, raw in zip(batch.mutations, mutations, strict=True)
    ]


def push(session: Session, body, *, user: User, device_id: str | None, now, rb) -> dict:
    """Apply a batch in the caller's transaction (the caller commits). `device_id`: the enrolled device
    when the caller authenticated with a token (it wins over the body's)."""
    body_device, mutations = parse_push(body)
    ctx = BatchContext(user=user, device_id=device_id or body_device, now=now, rb=rb)
    ids = [m["mutation_id"] for m in mutations]
    known = {row.mutation_id: row for row in by_keys(session, SyncMutation, ids, mostly_new=True)}
    results: list[dict | None] = [None] * len(mutations)
    todo: list[int] = []
    for i, m in enumerate(mutations):
        if m["mutation_id"] in known:
            results[i] = _replayed(known[m["mutation_id"]], user)
        elif (shape := _check_shape(m)) is not None:
            results[i] = {
                "mutation_id": m["mutation_id"],
                "status": "rejected",
                "code": 422,
                "reason": "Some fields have the wrong type.",
                "errors": shape,
            }
        else:
            todo.append(i)
    # Consecutive mutations of an entity whose handler takes runs are validated one by one and written
    # together; the others go one at a time, each in its own savepoint.
    k = 0
    while k < len(todo):
        entity = mutations[todo[k]]["entity"]
        handler = HANDLERS[entity]
        run = [todo[k]]
        if hasattr(handler, "apply_many"):
            while k + len(run) < len(todo) and mutations[todo[k + len(run)]]["entity"] == entity:
                run.append(todo[k + len(run)])
            outcomes = handler.apply_many(session, [mutations[i] for i in run], ctx)
            for i, outcome in zip(run, outcomes, strict=True):
                results[i] = _result(session, mutations[i], outcome, ctx)
        else:
            results[run[0]] = _apply_one(session, mutations[run[0]], ctx)
        k += len(run)
    log = [
        {
            "mutation_id": mutations[i]["mutation_id"],
            "device_id": ctx.device_id,
            "user_id": user.id,
            "entity": mutations[i]["entity"],
            "entity_id": mutations[i]["entity_id"],
            "result": results[i],
            "received_at": now,
        }
        for i in todo
        if results[i]["status"] != "rejected"
    ]
    if log:  # the idempotency record: a replay of any of these gets the same result
        bulk.insert(session.connection(), SyncMutation.__table__, log)
    _refresh_photo_counts(session, mutations, results)
    _after_batch(session, ctx)
    session.flush()
    return {"results": results}


def _check_shape(m: dict) -> dict | None:
    """The payload's fields by type, before any handler reads them (None: the shape is right).
    The checked model is kept on the mutation as `payload_model` (None for an entity without one):
    the handler reads its typed fields, `payload` stays as sent (its canonical hash seals it).
    A deletion's payload is not read (no entity is deleted from a device: the handler says so)."""
    if m["op"] == "delete":
        return None
    try:
        m["payload_model"] = validate.check_payload(m["entity"], m["payload"])
    except validate.ShapeError as exc:
        return exc.errors
    return None


def _replayed(row: SyncMutation, user: User) -> dict:
    if row.user_id != user.id:
        return {
            "mutation_id": row.mutation_id,
            "status": "rejected",
            "reason": "This mutation id was already used.",
            "errors": {"mutation_id": "Already used by another sender."},
        }
    return {**row.result, "status": "duplicate", "original_status": row.result.get("status")}


def _apply_one(session: Session, m: dict, ctx: BatchContext) -> dict:
    savepoint = session.begin_nested()
    try:
        outcome = HANDLERS[m["entity"]].apply(session, m, ctx)
    except ServiceError as exc:
        outcome = exc
    if isinstance(outcome, Exception) or outcome.status in ("rejected", "conflict"):
        savepoint.rollback()  # nothing of a refused or conflicting change stays written
    else:
        savepoint.commit()
    return _result(session, m, outcome, ctx)


def _result(session: Session, m: dict, outcome, ctx: BatchContext) -> dict:
    """The per-mutation result (docs/sync-protocol.md), from a handler's Outcome or its refusal (ServiceError)."""
    result: dict = {"mutation_id": m["mutation_id"]}
    if isinstance(outcome, Invalid):
        return {
            **result,
            "status": "rejected",
            "code": outcome.status,
            "reason": "Some fields need attention.",
            "errors": outcome.errors,
        }
    if isinstance(outcome, NotFound):
        return {**result, "status": "rejected", "code": 404, "reason": outcome.message}
    if isinstance(outcome, ServiceError):
        return {
            **result,
            "status": "rejected",
            "code": outcome.status,
            "reason": outcome.message,
            "errors": {outcome.field or "payload": outcome.message},
        }
    if outcome.status == "rejected":
        return {
            **result,
            "status": "rejected",
            "code": 422,
            "reason": outcome.reason or "Some fields need attention.",
            "errors": outcome.errors,
        }
    if outcome.status == "conflict":
        server_copy = _plain(outcome.server_copy) or {}
        session.add(
            SyncConflict(
                mutation_id=m["mutation_id"],
                entity=m["entity"],
                entity_id=m["entity_id"],
                site_id=server_copy.get("site_id"),
                user_id=ctx.user.id,
                device_id=ctx.device_id,
                base_version=m.get("base_version"),
                server_version=server_copy.get("version"),
                theirs=(outcome.theirs if outcome.theirs is not None else m.get("payload")) or {},
                server_copy=server_copy,
                fields=sorted(outcome.errors),
            )
        )
        return {
            **result,
            "status": "conflict",
            "reason": outcome.reason,
            "server_copy": server_copy,
            "errors": outcome.errors,
            "version": server_copy.get("version"),
        }
    out = {**result, "status": outcome.status, "version": outcome.version}
    if outcome.data is not None:
        out["data"] = data = _plain(outcome.data)
        for key in ("photos_expected", "photos_received"):
            if data.get(key) is not None:
                out[key] = data[key]
    return out


def _plain(record: Out | dict | None) -> dict | None:
    """A record as the wire writes it (the result is also stored for replays: plain JSON)."""
    if isinstance(record, Out):
        return record.model_dump(mode="json", exclude_unset=True)
    return record


def _refresh_photo_counts(session: Session, mutations: list[dict], results: list[dict]) -> None:
    """A duplicate's result tells how many photos the server has NOW, not when it was first applied."""

    def stale(m, r):
        return m["entity"] == "inspection" and r["status"] == "duplicate" and "photos_expected" in r

    ids = [m["entity_id"] for m, r in zip(mutations, results, strict=True) if stale(m, r)]
    if not ids:
        return
    received = photo_store.counts(session, ids)
    for m, r in zip(mutations, results, strict=True):
        if stale(m, r):
            r["photos_received"] = received.get(m["entity_id"], 0)


def _after_batch(session: Session, ctx: BatchContext) -> None:
    """Once per site that needs it (not per inspection): propose stop-work orders whose grounds now hold."""
    if not ctx.evaluate_sites:
        return
    from inspector.services import stop_work_proposals  # proposes stop-work orders (docs/layers.md)

    for site in session.exec(select(Site).where(Site.id.in_(sorted(ctx.evaluate_sites)))):
        stop_work_proposals.evaluate_site(session, site, ctx.now, ctx.rb)


# ------------------------------------------------------------------ pull


def may(user: User) -> dict:
    """What this person may record, so the device offers nothing the server would refuse."""
    staff = user.role in ("inspector", "supervisor")
    actions = ["rain_reading"] + (["stop_work", "verify_finding"] if staff else ["correct_finding"])
    return {"inspection_kinds": list(kinds_for(user)), "actions": actions}


def parse_cursor(since: str | None) -> tuple[int, str | None]:
    if since in (None, ""):
        return 0, None
    seq, _, catalog = since.partition(":")
    if not (seq.isascii() and seq.isdigit()) or int(seq) > validate.MAX_ID:
        raise BatchError(400, "bad_cursor", "since must be a cursor returned by an earlier pull.")
    return int(seq), catalog or None


def pull(session: Session, *, user: User, since: str | None, limit: int | None, rb) -> PullResponse:
    seq, had_catalog = parse_cursor(since)
    limit = PULL_DEFAULT if limit is None else max(1, min(int(limit), PULL_MAX))
    handlers = load_all()
    query = (
        select(
            AuditEvent.id,
            AuditEvent.entity,
            AuditEvent.entity_id,
            AuditEvent.site_id,
            AuditEvent.user_id,
        )
        .where(AuditEvent.id > seq)
        .where(or_(AuditEvent.entity.in_(list(handlers)), AuditEvent.site_id.is_not(None)))
        .order_by(AuditEvent.id)
        .limit(limit)
    )
    handed_over: set[int] = set()
    if user.role == "permittee":
        held, handed_over = sites.held_and_handed_over(session, user)
        query = query.where(AuditEvent.site_id.in_(sorted(held | handed_over)))
    events = session.exec(query).all()
    touched: dict[tuple[str, str], None] = {}
    for _id, entity, entity_id, site_id, actor in events:
        if site_id in handed_over:
            # Another company holds the site now. A change of its permits (the hand-over among
            # them) tells the device to drop the site and all it keeps of it; nothing else there,
            # not even when, reaches it (ids and times of the new holder's records do not leak).
            if entity == "permit":
                touched[("site", str(site_id))] = None
            continue
        handler = handlers.get(entity)
        if (
            handler is None
        ):  # e.g. a permit's status or a rain event: it changes the site's packet entry
            touched[("site", str(site_id))] = None
            continue
        wants = getattr(handler, "wants_event", None)
        if wants is not None and not wants(user, actor):
            continue
        touched.pop((entity, entity_id), None)
        touched[(entity, entity_id)] = None
    changes = []
    for entity, entity_id in touched:
        handler = handlers[entity]
        data = handler.serialize(session, entity_id, user)
        # A deletion of a record the user never could see would tell the device that it exists.
        never_seen = getattr(handler, "never_seen", None)
        if data is None and never_seen is not None and never_seen(session, entity_id, user):
            continue
        changes.append(
            Change(
                entity=entity,
                id=entity_id,
                op="delete" if data is None else "upsert",
                version=None if data is None else data.version,
                data=data,
            )
        )
    next_seq = events[-1][0] if events else seq
    catalog_version = rb["checklist.version"]
    send_catalog = had_catalog != catalog_version
    company = None
    if user.company_id is not None:
        from inspector.models import Company

        found = session.get(Company, user.company_id)
        company = found.name if found else None
    return PullResponse(
        cursor=f"{next_seq}:{catalog_version}",
        has_more=len(events) == limit,
        user=PullUser(
            id=user.id,
            name=user.name,
            role=user.role,
            company=company,
            may=may(user),
            # Shown on the capture page: a missing or expired certification is warned about.
            certification=Certification(
                type=user.certification_type,
                number=user.certification_number,
                expires_on=user.certification_expires_on,
            ),
        ),
        catalog=(
            Catalog(
                version=catalog_version,
                answers=list(rb["checklist.answers"]),
                items=list(rb["checklist.items"]),
            )
            if send_catalog
            else None
        ),
        calculators=dict(rb["calculators"]) if send_catalog else None,
        changes=changes,
    )
