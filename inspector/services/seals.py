"""Sealing records as they are stored, and checking them all again (`flask --app app verify`).

`seal(session, kind, *records)` is called by the service that stores a record, in the same
transaction, after the rows are written: the record is read back from the database
(services/sealed_records.py), hashed, and chained to the last seal. The chain stays one line under
concurrent writers because the head is taken under a lock (`_lock_head`) held until the transaction
ends. See docs/sealing.md."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import func, select, text
from sqlmodel import Session

from .. import seal_chain as chain
from ..models.base import utcnow
from ..models.seals import Seal, VerifyRun
from . import bulk
from . import sealed_records as records

PROBLEMS_KEPT = 200  # a run keeps this many problem lines; the count says how many there were
PG_LOCK_KEY = 0x5EA1C4A1  # the advisory lock that serialises PostgreSQL writers at the chain's head


def _lock_head(session: Session) -> None:
    """Only one transaction extends the chain at a time. SQLite: every write transaction already
    starts with BEGIN IMMEDIATE (inspector/db.py), which serialises writers. PostgreSQL: a
    transaction-scoped advisory lock, released at commit or rollback."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK_KEY})


def _as_seal(row) -> chain.Seal:
    return chain.Seal(
        row.seq,
        row.kind,
        row.record_id,
        row.format,
        row.record_hash,
        row.prev,
        row.seal,
        row.sealed_at,
        row.origin,
    )


_HEAD = select(Seal.__table__).order_by(Seal.seq.desc()).limit(1)  # built once: asked every batch


def head(session: Session) -> chain.Seal | None:
    """The chain's last seal, read on the session's connection: the caller has flushed (a plain
    Core read; the ORM's handling of a statement cost more than SQLite's read)."""
    row = session.connection().execute(_HEAD).first()
    return _as_seal(row) if row is not None else None


def _record_id(record) -> str:
    return str(getattr(record, "id", record))


_WAITING = "seals_waiting"


@contextmanager
def together(session: Session):
    """Seal calls inside the block wait and are made together when it ends, in the order they were
    asked: the clock tick proposes an order at hundreds of sites, and sealing them one by one read each
    back and the chain's head once per order. A record asked again while it waits has the waiting
    seals made first, so each version is sealed as it was, as without the block."""
    if _WAITING in session.info:
        yield
        return
    session.info[_WAITING] = ([], set())
    try:
        yield
        _seal_waiting(session)
    finally:
        session.info.pop(_WAITING, None)


def _seal_waiting(session: Session) -> None:
    asked, waiting = session.info[_WAITING]
    groups: list[tuple[tuple, list[str]]] = []
    for key, ids in asked:
        if groups and groups[-1][0] == key:
            groups[-1][1].extend(ids)
        else:
            groups.append((key, list(ids)))
    asked.clear()
    waiting.clear()
    for (kind, at, origin), ids in groups:
        _seal_now(session, kind, ids, at, origin)


def seal(
    session: Session,
    kind: str | None,
    *records_,
    at: datetime | None = None,
    origin: str = "receipt",
    written: dict[str, dict] | None = None,
) -> list[chain.Seal]:
    """Seal records (model objects or ids) of one kind as the database now holds them, in the
    caller's transaction. `kind` None: taken from the first record's class. Inside `together`,
    the seal is made when the block ends (nothing is returned). `written`: {id: record} built from
    the values the caller has just inserted (sealed_records.written_inspection), hashed instead of
    read back; the ids it lacks are read back."""
    if not records_:
        return []
    kind = kind or records.kind_of(records_[0])
    ids = list(dict.fromkeys(_record_id(r) for r in records_))
    if _WAITING not in session.info:
        return _seal_now(session, kind, ids, at or utcnow(), origin, written)
    asked, waiting = session.info[_WAITING]
    if any((kind, i) in waiting for i in ids):
        _seal_waiting(session)
    asked.append(((kind, at or utcnow(), origin), ids))
    waiting.update((kind, i) for i in ids)
    return []


def _seal_now(
    session: Session,
    kind: str,
    ids: list[str],
    at: datetime,
    origin: str,
    written: dict[str, dict] | None = None,
) -> list[chain.Seal]:
    session.flush()
    fmt = records.KINDS[kind].current
    written = written or {}
    current = {i: chain.record_hash(kind, fmt, written[i]) for i in ids if i in written}
    unread = [i for i in ids if i not in current]
    if unread:
        current.update(records.hashes(session, kind, unread))
    absent = [i for i in ids if i not in current]
    if absent:
        raise LookupError(f"cannot seal {kind} {', '.join(absent)}: not stored")
    _lock_head(session)
    made = chain.extend(head(session), [(kind, i, fmt, current[i]) for i in ids], at, origin)
    bulk.insert(
        session.connection(),
        Seal.__table__,
        [
            {
                "seq": s.seq,
                "kind": s.kind,
                "record_id": s.record_id,
                "format": s.format,
                "record_hash": s.record_hash,
                "prev": s.prev,
                "seal": s.seal,
                "sealed_at": s.sealed_at,
                "origin": s.origin,
            }
            for s in made
        ],
    )
    return made


def latest_seal(session: Session, kind: str, record_id) -> Seal | None:
    """The seal of the record's current version (what a printed document carries)."""
    return (
        session.execute(
            select(Seal)
            .where(Seal.kind == kind, Seal.record_id == str(record_id))
            .order_by(Seal.seq.desc())
            .limit(1)
        )
        .scalars()
        .first()
    )


# ---------------------------------------------------------------- checking everything again


@dataclass
class Report:
    started_at: datetime
    records: int = 0
    seals: int = 0
    problems: list[chain.Problem] = field(default_factory=list)
    head: chain.Seal | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def _cut_off(session: Session) -> list[chain.Problem]:
    """The chain's end as the last run saw it must still be there: a chain cut back to an earlier
    seal (records deleted with their seals) is otherwise a valid, shorter chain."""
    last = (
        session.execute(
            select(VerifyRun)
            .where(VerifyRun.head_seq.is_not(None))
            .order_by(VerifyRun.id.desc())
            .limit(1)
        )
        .scalars()
        .first()
    )
    if last is None:
        return []
    value = session.execute(select(Seal.seal).where(Seal.seq == last.head_seq)).scalar()
    if value == last.head_seal:
        return []
    return [
        chain.Problem(
            "chain",
            "end",
            f"seal {last.head_seq}, the last one when the check of "
            f"{last.started_at:%Y-%m-%d %H:%M} UTC ran, is gone or changed "
            "(the chain was cut back or rewritten)",
            last.head_seq,
        )
    ]


def _photo_digests(session: Session) -> list[chain.Problem]:
    """A photo that arrived for an inspection must still carry the digest the inspection declared."""
    from ..models import Photo, PhotoClaim

    rows = session.execute(
        select(PhotoClaim.inspection_id, PhotoClaim.photo_id)
        .join(Photo, Photo.id == PhotoClaim.photo_id)
        .where(PhotoClaim.inspection_id.is_not(None), Photo.sha256 != PhotoClaim.sha256)
    )
    return [
        chain.Problem(
            "inspection",
            iid,
            f"photo {pid}: its stored digest is not the one the inspection "
            "declared (the photo row was changed)",
        )
        for iid, pid in rows
    ]


def _sealed_since(session: Session, problems: list[chain.Problem], end: int) -> list[chain.Problem]:
    """Drops what a write made while the check ran: a record changed (and sealed again) after the
    walk reached seal `end` matches its newer seal; the next run checks that seal's place in the
    chain."""
    kept = []
    for p in problems:
        newer = latest_seal(session, p.kind, p.record_id)
        if (
            newer is not None
            and newer.seq > end
            and records.hashes(session, p.kind, [p.record_id], newer.format).get(p.record_id)
            == newer.record_hash
        ):
            continue
        kept.append(p)
    return kept


def verify(session: Session, now: datetime | None = None, between=None) -> Report:
    """Walk the whole chain, re-compute every record's hash from its rows and compare. `between`
    (for example session.commit) is called between chunks, so a long check never holds one
    transaction."""
    pause = between or (lambda: None)
    report = Report(started_at=now or utcnow())
    walk = chain.ChainWalk()
    last = 0
    while True:
        rows = session.execute(
            select(Seal.__table__).where(Seal.seq > last).order_by(Seal.seq).limit(5000)
        ).all()
        if not rows:
            break
        for row in rows:
            walk.add(_as_seal(row))
        last = rows[-1].seq
        pause()
    report.problems += walk.problems + _cut_off(session)
    seen: dict[str, set[str]] = {}
    for kind, spec in records.KINDS.items():
        ids_seen = seen.setdefault(kind, set())
        for chunk in records.id_chunks(session, kind):
            ids = [str(i) for i in chunk]
            ids_seen.update(ids)
            by_format: dict[int, list[str]] = {}
            for rid in ids:
                s = walk.latest.get((kind, rid))
                by_format.setdefault(s.format if s is not None else spec.current, []).append(rid)
            for fmt, group in by_format.items():
                found = chain.compare(kind, records.hashes(session, kind, group, fmt), walk.latest)
                report.problems += _sealed_since(session, found, last) if found else []
            report.records += len(ids)
            pause()
    report.problems += chain.missing(records.KINDS, seen, walk.latest) + _photo_digests(session)
    report.seals, report.head = walk.count, walk.head
    return report


def record_run(
    session: Session, report: Report, *, trigger: str, finished_at: datetime | None = None
) -> VerifyRun:
    run = VerifyRun(
        started_at=report.started_at,
        finished_at=finished_at or utcnow(),
        trigger=trigger,
        records=report.records,
        seals=report.seals,
        ok=report.ok,
        problem_count=len(report.problems),
        problems=[asdict(p) for p in report.problems[:PROBLEMS_KEPT]],
        head_seq=report.head.seq if report.head else None,
        head_seal=report.head.seal if report.head else None,
    )
    session.add(run)
    session.flush()
    return run


def last_run(session: Session) -> VerifyRun | None:
    return (
        session.execute(select(VerifyRun).order_by(VerifyRun.id.desc()).limit(1)).scalars().first()
    )


def verify_if_due(
    session: Session, now: datetime, every: timedelta, between=None
) -> VerifyRun | None:
    """The tick's check: at most once per `every` (a run by hand counts)."""
    last = last_run(session)
    if last is not None and last.started_at <= now < last.started_at + every:
        return None
    return record_run(session, verify(session, now, between), trigger="tick", finished_at=now)


# ---------------------------------------------------------------- records from before sealing began


def seal_existing(session: Session, now: datetime) -> dict[str, int]:
    """Seal, marked "upgrade", every record stored before sealing began that has no seal. A record
    without a seal stored after the first seal on receipt is not sealed here: only something outside
    the app can have stored it, and `verify` names it. Returns {kind: records sealed}."""
    began = session.execute(
        select(func.min(Seal.sealed_at)).where(Seal.origin == "receipt")
    ).scalar()
    done: dict[str, int] = {}
    for kind, spec in records.KINDS.items():
        sealed = set(session.execute(select(Seal.record_id).where(Seal.kind == kind)).scalars())
        stored_at = spec.model.__table__.c[spec.stored_at]
        where = stored_at < began if began is not None else None
        count = 0
        for chunk in records.id_chunks(session, kind, where):
            todo = [i for i in chunk if str(i) not in sealed]
            seal(session, kind, *todo, at=now, origin="upgrade")
            count += len(todo)
        done[kind] = count
    return done


# ---------------------------------------------------------------- the public verification page


def describe(session: Session, value: str) -> dict | None:
    """What the public page says about one seal: the record's kind and dates and whether it still
    matches, nothing else (no names, no site). None: no such seal."""
    s = session.execute(select(Seal).where(Seal.seal == value)).scalars().first()
    if s is None:
        return None
    spec = records.KINDS.get(s.kind)
    own = _as_seal(s)
    before = (
        session.execute(select(Seal.seal).where(Seal.seq == s.seq - 1)).scalar()
        if s.seq > 1
        else chain.GENESIS
    )
    after = session.execute(select(Seal.prev).where(Seal.seq == s.seq + 1)).scalar()
    linked = (
        chain.link(
            own.prev,
            own.seq,
            own.kind,
            own.record_id,
            own.record_hash,
            own.sealed_at,
            own.origin,
            own.format,
        )
        == own.seal
        and before == own.prev
        and after in (None, own.seal)
    )
    latest = latest_seal(session, s.kind, s.record_id)
    stored_at = None
    current = None
    if spec is not None:
        table = spec.model.__table__
        key = records.key(s.kind, s.record_id)
        stored_at = session.execute(
            select(table.c[spec.stored_at]).where(table.c.id == key)
        ).scalar()
        current = records.hashes(session, s.kind, [key], s.format).get(s.record_id)
    if not linked:
        status = "broken"
    elif current is None:
        status = "deleted"
    elif latest is not None and latest.seq != s.seq:
        status = "superseded" if current == latest.record_hash else "changed"
    else:
        status = "unchanged" if current == s.record_hash else "changed"
    return {
        "kind": s.kind,
        "label": spec.label if spec else s.kind,
        "noun": spec.noun if spec else s.kind,
        "seq": s.seq,
        "seal": s.seal,
        "record_hash": s.record_hash,
        "sealed_at": s.sealed_at,
        "origin": s.origin,
        "stored_at": stored_at,
        "status": status,
        "latest": latest if latest is not None and latest.seq != s.seq else None,
        "last_run": last_run(session),
    }
