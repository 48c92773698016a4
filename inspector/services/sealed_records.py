"""What a sealed record is, kind by kind, read from the database rows (never from a stored hash).

Sealing (services/seals.py) and `flask verify` both build a record here, with plain Core reads of
the flushed rows, so a record hashed when it was stored and the same record read back later agree
byte for byte unless a row changed. Each kind lists its fields by format: a field added later (a
signature, say) comes as a new format that lists it, and records sealed before keep the format they
were sealed with."""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from operator import itemgetter

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    Integer,
    String,
    select,
    text,
    type_coerce,
)
from sqlalchemy import Text as TextType
from sqlmodel import Session
from sqlmodel.sql.sqltypes import AutoString

from ..models import (
    Answer,
    AuditEvent,
    Finding,
    Inspection,
    OrderEvent,
    PhotoClaim,
    RainReading,
    StopWorkOrder,
)
from ..seal_chain import plain, record_hash

CHUNK = 500


@dataclass(frozen=True)
class Kind:
    name: str
    label: str  # what the public verification page calls it
    model: type
    formats: dict[int, tuple[str, ...]]  # format -> the record's own columns
    stored_at: str  # the column that says when the record was stored or last changed
    children: Callable | None = None  # (session, ids, fmt) -> {id: {key: [rows]}}

    @property
    def noun(self) -> str:
        return self.label.split(" (")[0].lower()

    @property
    def current(self) -> int:
        return max(self.formats)


# Answers and photo digests belong to their inspection: the row ids and the inspection id they
# repeat are left out (an answer is known by its item; a photo by its id).
ANSWER_FIELDS = ("item_code", "result", "note", "corrective_action", "measurements", "calculator")
PHOTO_1 = ("photo_id", "sha256", "item_code", "taken_at", "latitude", "longitude", "user_id")
# The marks drawn on a photo (inspector/marks.py) are sealed from inspection format MARKS_FORMAT on;
# an inspection sealed before keeps its format and is re-checked without them.
MARKS_FORMAT = 2
# Format 2 also seals where each photo's capture time came from (taken_at_source: the camera's
# EXIF, the file's date or the tablet's clock): a report that says "time from the file" must not
# be made to say "from the camera" afterwards.
PHOTO_FIELDS = PHOTO_1 + ("marks", "taken_at_source")


def photo_fields(fmt: int) -> tuple[str, ...]:
    return PHOTO_FIELDS if fmt >= MARKS_FORMAT else PHOTO_1


ORDER_EVENT_FIELDS = ("status", "note", "by_user_id", "at")

# Format 1 of each kind: every column of its table when sealing began. Frozen: a new column is
# sealed through a format 2 that lists it (tests/services/test_seals.py fails until the current
# format does).
INSPECTION_1 = (
    "id",
    "site_id",
    "permit_id",
    "kind",
    "by_village",
    "inspector_name",
    "inspected_on",
    "started_at",
    "ended_at",
    "weather",
    "phase",
    "notes",
    "active_disturbance",
    "rain_event_id",
    "finding_id",
    "catalog_version",
    "replaces_id",
    "photos_expected",
    "sha256",
    "user_id",
    "device_id",
    "submitted_at",
    "received_at",
)
FINDING_1 = (
    "id",
    "site_id",
    "inspection_id",
    "item_code",
    "severity",
    "description",
    "required_action",
    "citation",
    "due_at",
    "status",
    "company_id",
    "corrected_note",
    "corrected_at",
    "corrected_by",
    "verified_by",
    "verified_at",
    "version",
    "created_at",
    "updated_at",
)
ORDER_1 = (
    "id",
    "site_id",
    "permit_id",
    "status",
    "source",
    "grounds",
    "evidence",
    "notes",
    "proposed_at",
    "issued_at",
    "issued_by",
    "posted_at",
    "posted_by",
    "notice_photo_id",
    "compliance_due",
    "permit_status_before",
    "dismissed_reason",
    "dismissed_by",
    "dismissed_at",
    "complied_at",
    "complied_by",
    "complied_note",
    "revoked_at",
    "revoked_by",
    "revocation_reason",
    "cease_desist_at",
    "cease_desist_by",
    "cease_desist_details",
    "retracted_at",
    "retracted_by",
    "retracted_by_body",
    "retracted_reason",
    "device_id",
    "sha256",
    "version",
    "updated_at",
)
READING_1 = (
    "id",
    "gauge_id",
    "period_start",
    "period_end",
    "amount_in",
    "trace",
    "source",
    "source_key",
    "device_uuid",
    "user_id",
    "recorded_at",
)

# Format 2 also adds the signatures (docs/device-storage.md): an inspection's drawn signature, the
# certification statement's version, signer and moment; the issuing supervisor's on an order.
SIGNATURE_FIELDS = ("signature", "signature_statement_version", "signed_by_name", "signed_at")
INSPECTION_2 = INSPECTION_1 + SIGNATURE_FIELDS
ORDER_2 = ORDER_1 + ("issued_signature", "issued_statement_version", "issued_signed_by_name")


# The texts most JSON columns hold (an answer's "{}" measurements, "null" calculator), each made
# anew: a record is changed by the caller (children added, ids popped).
_JSON_TEXT = {"{}": dict, "[]": list, "null": type(None)}


def _json(value):
    """A JSON column's stored text, decoded here (the same on sealing and verifying). Text that is
    not JSON is kept as text: its record then no longer matches its seal and verify names it."""
    if not isinstance(value, str):
        return value  # a driver that decodes JSON itself (psycopg)
    make = _JSON_TEXT.get(value)
    if make is not None:
        return make()
    try:
        return json.loads(value)
    except ValueError:
        return value


def _rows(session: Session, table, fields, where, order_by) -> list[dict]:
    """Rows as {field: value}, times and days as ISO text, JSON decoded by _json: plain tuples
    zipped with the names (a push seals 1,250 answers a batch: row mappings and the JSON type's
    per-value decoding cost more than the query)."""
    cols = [table.c[name] for name in fields]
    convert = [
        (i, _json if isinstance(c.type, JSON) else plain)
        for i, c in enumerate(cols)
        if isinstance(c.type, (JSON, DateTime, Date))
    ]
    chosen = [type_coerce(c, TextType) if isinstance(c.type, JSON) else c for c in cols]
    result = session.execute(select(*chosen).where(where).order_by(*order_by)).all()
    if not convert:
        return [dict(zip(fields, row, strict=True)) for row in result]
    out = []
    for row in result:
        values = list(row)
        for i, f in convert:
            values[i] = f(values[i])
        out.append(dict(zip(fields, values, strict=True)))
    return out


def _grouped(rows: list[dict], key: str) -> dict[str, list[dict]]:
    """Child rows by their parent's id, without the id they repeat."""
    out: dict[str, list[dict]] = {}
    for row in rows:
        out.setdefault(str(row.pop(key)), []).append(row)
    return out


def _inspection_children(session: Session, ids: list[str], fmt: int) -> dict[str, dict]:
    answers, claims = Answer.__table__, PhotoClaim.__table__
    a = _grouped(
        _rows(
            session,
            answers,
            ("inspection_id",) + ANSWER_FIELDS,
            answers.c.inspection_id.in_(ids),
            (answers.c.inspection_id, answers.c.item_code, answers.c.id),
        ),
        "inspection_id",
    )
    p = _grouped(
        _rows(
            session,
            claims,
            ("inspection_id",) + photo_fields(fmt),
            claims.c.inspection_id.in_(ids),
            (claims.c.inspection_id, claims.c.photo_id),
        ),
        "inspection_id",
    )
    return {i: {"answers": a.get(i, []), "photos": p.get(i, [])} for i in ids}


def _order_children(session: Session, ids: list[str], fmt: int) -> dict[str, dict]:
    events = OrderEvent.__table__
    e = _grouped(
        _rows(
            session,
            events,
            ("order_id",) + ORDER_EVENT_FIELDS,
            events.c.order_id.in_(ids),
            (events.c.order_id, events.c.at, events.c.id),
        ),
        "order_id",
    )
    return {i: {"events": e.get(i, [])} for i in ids}


# Format 2 of a finding adds the notes staff wrote when verifying or reopening it, kept with the
# finding's closed/reopened audit events (services/finding_notes.staff_notes), never in its description.
STAFF_NOTES_FORMAT = 2


def _finding_children(session: Session, ids: list[str], fmt: int) -> dict[str, dict]:
    if fmt < STAFF_NOTES_FORMAT:
        return {}
    events = AuditEvent.__table__
    rows = _rows(
        session,
        events,
        ("entity_id", "action", "at", "user_id", "after"),
        (events.c.entity == "finding")
        & events.c.entity_id.in_(ids)
        & events.c.action.in_(("closed", "reopened")),
        (events.c.entity_id, events.c.id),
    )
    notes = _grouped(
        [
            {
                "entity_id": r["entity_id"],
                "action": r["action"],
                "at": r["at"],
                "user_id": r["user_id"],
                "note": (r["after"] or {}).get("note", ""),
            }
            for r in rows
            if (r["after"] or {}).get("note")
        ],
        "entity_id",
    )
    return {i: {"staff_notes": notes.get(str(i), [])} for i in ids}


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind(
            "inspection",
            "Inspection report (with its answers and photo digests)",
            Inspection,
            {1: INSPECTION_1, MARKS_FORMAT: INSPECTION_2},  # 2: photos' marks, signature
            "received_at",
            _inspection_children,
        ),
        Kind(
            "finding",
            "Finding (a corrective action and its state)",
            Finding,
            {1: FINDING_1, STAFF_NOTES_FORMAT: FINDING_1},  # 2: with the staff's notes
            "updated_at",
            _finding_children,
        ),
        Kind(
            "stop_work_order",
            "Stop-work order (with its decisions)",
            StopWorkOrder,
            {1: ORDER_1, 2: ORDER_2},
            "updated_at",
            _order_children,
        ),
        Kind("rain_reading", "Rain-gauge reading", RainReading, {1: READING_1}, "recorded_at"),
    )
}


def kind_of(record) -> str:
    for kind in KINDS.values():
        if isinstance(record, kind.model):
            return kind.name
    raise TypeError(f"{type(record).__name__} is not a sealed kind of record")


def key(kind: str, record_id):
    """A record id (text in the seal table) as its table's id column holds it."""
    numeric = isinstance(KINDS[kind].model.__table__.c.id.type, Integer)
    return int(record_id) if numeric else str(record_id)


def load(session: Session, kind: str, ids: Iterable, fmt: int | None = None) -> dict[str, dict]:
    """{record id: record} as the database holds them now (ids it lacks are absent)."""
    spec = KINDS[kind]
    fmt = spec.current if fmt is None else fmt
    fields = spec.formats[fmt]
    table = spec.model.__table__
    wanted = list(dict.fromkeys(key(kind, i) for i in ids))
    out: dict[str, dict] = {}
    for start in range(0, len(wanted), CHUNK):
        chunk = wanted[start : start + CHUNK]
        rows = _rows(session, table, fields, table.c.id.in_(chunk), (table.c.id,))
        records = {str(r["id"]): r for r in rows}
        if spec.children is not None and records:
            ids_here = [r["id"] for r in rows]
            for record_id, extra in spec.children(session, ids_here, fmt).items():
                records[str(record_id)].update(extra)
        out.update(records)
    return out


def hashes(session: Session, kind: str, ids: Iterable, fmt: int | None = None) -> dict[str, str]:
    spec = KINDS[kind]
    fmt = spec.current if fmt is None else fmt
    return {
        rid: record_hash(kind, fmt, record) for rid, record in load(session, kind, ids, fmt).items()
    }


def id_chunks(session: Session, kind: str, where=None) -> Iterator[list]:
    """Every record id of a kind, a chunk at a time, in id order (keyset pages: no OFFSET rescans)."""
    table = KINDS[kind].model.__table__
    last = None
    while True:
        query = select(table.c.id).order_by(table.c.id).limit(CHUNK)
        if where is not None:
            query = query.where(where)
        if last is not None:
            query = query.where(table.c.id > last)
        chunk = list(session.execute(query).scalars())
        if not chunk:
            return
        yield chunk
        last = chunk[-1]


# ---------------------------------------------------------------- a record as just written
#
# A push seals the inspections it has just inserted. Reading 1,250 answers a batch back to hash them
# cost more than writing them, so `written` builds the record `load` would read back from the values
# the service bound, when each one is known to read back equal (docs/sealing.md, "Writers"):
# text, whole numbers, booleans and floats as they are; naive times and days as their ISO text
# (the database keeps microseconds); JSON columns as the objects that were encoded. Any other value
# (an aware time, a number in a text column) makes it answer None: that record is read back.
# `tests/sync/test_push_sealing.py` seals pushes both ways and compares every hash.


class _Unsure(Exception):
    pass


def _accepts(column) -> tuple[tuple[type, ...], bool]:
    """The Python types a value bound to `column` may have for `written` to know what `load` reads
    back (None always), and whether it is read back as its ISO text (times and days)."""
    kind = column.type
    if isinstance(kind, JSON):
        return (dict, list), False
    if isinstance(kind, DateTime):
        return (datetime,), True  # naive only: checked when converted
    if isinstance(kind, Date):
        return (date,), True
    if isinstance(kind, Boolean):
        return (bool,), False
    if isinstance(kind, Integer):
        return (int,), False
    if isinstance(kind, Float) and not kind.asdecimal:
        return (float,), False
    if isinstance(kind, (String, TextType)) or type(kind) is AutoString:  # no conversion
        return (str,), False
    return (), False


class _Reader:
    """The values bound to `fields` of `table` (a row's dict) as `load` reads them back; raises
    _Unsure for a value of another type. The types of a row are checked once per combination
    seen (a push's 50,000 answers have two or three)."""

    def __init__(self, table, fields: tuple[str, ...]):
        self.fields = fields
        self.getter = itemgetter(*fields)
        self.pickers = [itemgetter(name) for name in fields]
        accepts = [_accepts(table.c[name]) for name in fields]
        self.allowed = [frozenset((*types, type(None))) for types, _iso in accepts]
        self.iso = [i for i, (_types, iso) in enumerate(accepts) if iso]
        self.seen: set[tuple] = set()

    def __call__(self, row: dict) -> dict:
        values = self.getter(row)
        kinds = tuple(map(type, values))
        if kinds not in self.seen:
            if not all(k in ok for k, ok in zip(kinds, self.allowed, strict=True)):
                raise _Unsure
            if len(self.seen) < 1000:
                self.seen.add(kinds)
        if self.iso:
            values = list(values)
            for i in self.iso:
                value = values[i]
                if value is not None:
                    if getattr(value, "tzinfo", None) is not None:
                        raise _Unsure  # an aware time: stored without its zone on SQLite
                    values[i] = value.isoformat()
        return dict(zip(self.fields, values, strict=True))

    def many(self, rows: list[dict]) -> list[dict]:
        """Each of `rows` as __call__ reads it. The types are checked a column at a time (map in
        C): an inspection's 25 answers cost about a third of reading them one by one."""
        if self.iso:
            return [self(row) for row in rows]
        for pick, allowed in zip(self.pickers, self.allowed, strict=True):
            if not allowed.issuperset(map(type, map(pick, rows))):  # KeyError: a field missing
                raise _Unsure
        n, getter, fields = len(self.fields), self.getter, self.fields
        # A row of these fields and no other (every one was picked above) is copied as it is.
        return [
            row.copy() if len(row) == n else dict(zip(fields, getter(row), strict=True))
            for row in rows
        ]


_READERS: dict[int, tuple[_Reader, _Reader, _Reader]] = {}


def _inspection_readers(fmt: int) -> tuple[_Reader, _Reader, _Reader]:
    got = _READERS.get(fmt)
    if got is None:
        got = _READERS[fmt] = (
            _Reader(Inspection.__table__, KINDS["inspection"].formats[fmt]),
            _Reader(Answer.__table__, ANSWER_FIELDS),
            _Reader(PhotoClaim.__table__, photo_fields(fmt)),
        )
    return got


def written_inspection(
    row: dict,
    answers: list[dict],
    photos: list[dict],
    fmt: int | None = None,
    *,
    answers_as_read: bool = False,
) -> dict | None:
    """The record `load` reads back for an inspection inserted with these values: `row` the
    inspection's columns, `answers` and `photos` its answer and photo-claim rows (each with the
    fields it was inserted with). None when a value is not known to read back equal. Children come
    in the order `load` reads them (by item code, by photo id): the database's order for text that
    a caller has checked sorts by code point (`byte_ordered`). `answers_as_read`: each answer is
    already as `load` reads it back, as services/inspections.py cleans them (ANSWER_FIELDS only:
    text, a dict of numbers, a calculator's dict or None): the record holds those dicts
    themselves, unchecked and uncopied (a push's 50,000 answers were checked and copied a second
    time here), and the caller leaves them unchanged while the record is in use."""
    fmt = KINDS["inspection"].current if fmt is None else fmt
    inspection, answer, photo = _inspection_readers(fmt)
    try:
        record = inspection(row)
        ordered = sorted(answers, key=itemgetter("item_code"))
        record["answers"] = ordered if answers_as_read else answer.many(ordered)
        record["photos"] = [photo(x) for x in sorted(photos, key=itemgetter("photo_id"))]
    except (_Unsure, KeyError, TypeError):
        return None
    return record


_CODE_POINT_COLLATIONS = ("C", "POSIX", "C.UTF-8", "C.utf8", "ucs_basic")
_COLLATION: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def byte_ordered(session: Session) -> bool:
    """Whether the database sorts text by code point, as Python's sorted() does: SQLite always;
    PostgreSQL when the database's collation is C (another locale sorts "SILT-2" after "SILTA").
    Asked once per engine."""
    engine = session.get_bind()
    known = _COLLATION.get(engine)
    if known is None:
        known = engine.dialect.name == "sqlite"
        if engine.dialect.name == "postgresql":
            collation = session.execute(
                text("SELECT datcollate FROM pg_database WHERE datname = current_database()")
            ).scalar()
            known = collation in _CODE_POINT_COLLATIONS
        _COLLATION[engine] = known
    return known
