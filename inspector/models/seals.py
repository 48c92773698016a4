"""The seal chain (docs/sealing.md): one row per sealed version of a record, each linked to the one
before, and the log of `flask verify` runs whose last result the dashboard shows."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import JSON, Column, Index
from sqlmodel import Field, SQLModel

from .base import utcnow


class Seal(SQLModel, table=True):
    # A record's seals, newest last (the verification page and the printed documents ask for the
    # latest).
    __table_args__ = (Index("ix_seal_record", "kind", "record_id", "seq"),)
    seq: int = Field(primary_key=True)  # 1, 2, 3 ... with no gap: the chain's order
    kind: str = Field(max_length=30)  # inspection | finding | stop_work_order | rain_reading
    record_id: str = Field(max_length=64)
    format: int = 1  # which fields the record's hash covers (services/sealed_records.py)
    record_hash: str = Field(max_length=64)
    prev: str = Field(max_length=64)  # the seal before (64 zeros for the first)
    seal: str = Field(
        max_length=64, unique=True, index=True
    )  # also the verification page's address
    sealed_at: NaiveDatetime = Field(default_factory=utcnow)
    origin: str = Field(
        default="receipt", max_length=10
    )  # receipt | upgrade (sealed by seal-existing)


class VerifyRun(SQLModel, table=True):
    """One `flask verify` (by hand or by the tick): when, how much, and what no longer matched."""

    id: int | None = Field(default=None, primary_key=True)
    started_at: NaiveDatetime = Field(default_factory=utcnow, index=True)
    finished_at: NaiveDatetime | None = None
    trigger: str = Field(default="cli", max_length=10)  # cli | tick
    records: int = 0
    seals: int = 0
    ok: bool = False
    problem_count: int = 0
    problems: list = Field(
        default_factory=list, sa_column=Column(JSON)
    )  # the first 200: {kind, record_id, what, seq}
    head_seq: int | None = None  # the chain's last seal then: a later run checks it is still there
    head_seal: str | None = Field(default=None, max_length=64)
