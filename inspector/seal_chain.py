"""The seal chain, as pure functions (no Flask, no database): how a record's hash and its seal are
computed, and how a run of stored seals is checked. The contract is in docs/sealing.md.

A record's hash is the canonical JSON (inspector/canonical.py) of {"kind", "format", "record"},
where `record` is built from the database rows by services/sealed_records.py. A seal links that hash
to the seal before it:

    seal_n = SHA-256(seal_{n-1}, n, kind, record id, record hash, sealed_at, origin, format)

(the fields joined by line breaks; 64 zeros before the first seal), so changing a record, deleting
it, or moving, removing or editing any seal shows up when the chain is walked again."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from .canonical import record_sha256

GENESIS = "0" * 64  # the "previous seal" of the first seal
ORIGINS = (
    "receipt",
    "upgrade",
)  # sealed in the transaction that stored it | by seal-existing later


def plain(value):
    """A column value as the record's JSON holds it: times and days as ISO text, the rest as it is."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def record_hash(kind: str, fmt: int, record: dict) -> str:
    return record_sha256({"kind": kind, "format": fmt, "record": record})


def _moment(value: datetime | str) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value)


def link(
    prev: str,
    seq: int,
    kind: str,
    record_id: str,
    rec_hash: str,
    sealed_at: datetime | str,
    origin: str,
    fmt: int,
) -> str:
    """The seal of one record, given the seal before it."""
    parts = [prev, str(seq), kind, str(record_id), rec_hash, _moment(sealed_at), origin, str(fmt)]
    if any("\n" in part for part in parts):
        raise ValueError("a sealed field cannot contain a line break")
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Seal:
    seq: int
    kind: str
    record_id: str
    format: int
    record_hash: str
    prev: str
    seal: str
    sealed_at: datetime | str
    origin: str


@dataclass(frozen=True)
class Problem:
    """One thing verification found: `kind`/`record_id` name the record, `seq` the seal (when
    known)."""

    kind: str
    record_id: str
    what: str
    seq: int | None = None

    def line(self) -> str:
        where = f" (seal {self.seq})" if self.seq is not None else ""
        return f"{self.kind} {self.record_id}{where}: {self.what}"


def extend(
    head: Seal | None,
    entries: Iterable[tuple[str, str, int, str]],
    sealed_at: datetime,
    origin: str = "receipt",
) -> list[Seal]:
    """The seals that follow `head` for (kind, record id, format, record hash) entries, in order."""
    if origin not in ORIGINS:
        raise ValueError(f"unknown origin {origin!r}")
    prev, seq = (head.seal, head.seq) if head is not None else (GENESIS, 0)
    out = []
    for kind, record_id, fmt, rec_hash in entries:
        seq += 1
        value = link(prev, seq, kind, str(record_id), rec_hash, sealed_at, origin, fmt)
        out.append(Seal(seq, kind, str(record_id), fmt, rec_hash, prev, value, sealed_at, origin))
        prev = value
    return out


class ChainWalk:
    """Walks stored seals in sequence order (fed one at a time, so a long chain never sits in
    memory) and keeps each record's latest seal for the comparison with the records."""

    def __init__(self):
        self.problems: list[Problem] = []
        self.latest: dict[tuple[str, str], Seal] = {}
        self.count = 0
        self.head: Seal | None = None
        self._expected_seq = 1
        self._prev = GENESIS

    def add(self, s: Seal) -> None:
        self.count += 1
        if s.seq != self._expected_seq:
            missing = (
                f"seal {self._expected_seq}"
                if s.seq == self._expected_seq + 1
                else f"seals {self._expected_seq} to {s.seq - 1}"
            )
            self.problems.append(
                Problem(
                    s.kind,
                    s.record_id,
                    f"{missing} before this one is missing (deleted from the chain)",
                    s.seq,
                )
            )
        if s.prev != self._prev:
            self.problems.append(
                Problem(
                    s.kind,
                    s.record_id,
                    "does not follow the seal before it (seals removed, reordered or edited)",
                    s.seq,
                )
            )
        if (
            link(s.prev, s.seq, s.kind, s.record_id, s.record_hash, s.sealed_at, s.origin, s.format)
            != s.seal
        ):
            self.problems.append(
                Problem(
                    s.kind,
                    s.record_id,
                    "the seal does not match its own contents (the seal row was edited)",
                    s.seq,
                )
            )
        self._expected_seq, self._prev = s.seq + 1, s.seal
        self.head = s
        self.latest[(s.kind, s.record_id)] = s


def compare(
    kind: str, current: dict[str, str], latest: dict[tuple[str, str], Seal]
) -> list[Problem]:
    """Records of one kind as the database holds them now ({record id: hash}) against their latest
    seals."""
    problems = []
    for record_id, rec_hash in current.items():
        s = latest.get((kind, record_id))
        if s is None:
            problems.append(
                Problem(
                    kind,
                    record_id,
                    "has no seal (stored outside the app, or before sealing "
                    "began and never sealed on upgrade)",
                )
            )
        elif s.record_hash != rec_hash:
            problems.append(
                Problem(
                    kind,
                    record_id,
                    "no longer matches its seal (changed in the database after it was sealed)",
                    s.seq,
                )
            )
    return problems


def missing(
    kinds: Iterable[str], seen: dict[str, set[str]], latest: dict[tuple[str, str], Seal]
) -> list[Problem]:
    """Sealed records the database no longer holds."""
    wanted = set(kinds)
    return [
        Problem(kind, record_id, "was sealed but is no longer in the database (deleted)", s.seq)
        for (kind, record_id), s in sorted(latest.items(), key=lambda kv: kv[1].seq)
        if kind in wanted and record_id not in seen.get(kind, set())
    ]
