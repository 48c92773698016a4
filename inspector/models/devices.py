"""Sync bookkeeping: enrolled devices, the idempotency log of pushed mutations, conflicts kept for a
person to resolve, and the photos a record names before their bytes arrive."""

from __future__ import annotations

from pydantic import NaiveDatetime  # naive UTC everywhere (see models/base.py)
from sqlalchemy import JSON, Column, Index, LargeBinary
from sqlmodel import Field, Relationship, SQLModel

from .accounts import User
from .audit import AuditEvent
from .base import utcnow


class Device(SQLModel, table=True):
    """A tablet enrolled by a signed-in user. Only a hash of its token is stored."""

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=100)
    user_id: int = Field(foreign_key="user.id", index=True)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    revoked_at: NaiveDatetime | None = None
    revoked_by: int | None = Field(default=None, foreign_key="user.id")
    last_seen_at: NaiveDatetime | None = None
    # The owner (no column: user_id above); revoked_by also names a user, hence foreign_keys.
    user: User = Relationship(sa_relationship_kwargs={"foreign_keys": "[Device.user_id]"})


class SyncMutation(SQLModel, table=True):
    """One row per mutation the server accepted (applied or conflict): a retry gets the same result."""

    mutation_id: str = Field(primary_key=True, max_length=64)
    device_id: str | None = Field(default=None, max_length=64, index=True)
    user_id: int = Field(foreign_key="user.id", index=True)
    entity: str = Field(max_length=40)
    entity_id: str = Field(max_length=64)
    result: dict = Field(sa_column=Column(JSON, nullable=False))
    received_at: NaiveDatetime = Field(default_factory=utcnow)


class SyncConflict(SQLModel, table=True):
    """A pushed change that overlapped a newer server change: both versions kept until a person decides."""

    id: int | None = Field(default=None, primary_key=True)
    mutation_id: str = Field(max_length=64, index=True)
    entity: str = Field(max_length=40)
    entity_id: str = Field(max_length=64)
    site_id: int | None = Field(default=None, index=True)
    user_id: int = Field(foreign_key="user.id")
    device_id: str | None = Field(default=None, max_length=64)
    base_version: int | None = None
    server_version: int | None = None
    theirs: dict = Field(sa_column=Column(JSON, nullable=False))  # what the device sent
    server_copy: dict = Field(
        sa_column=Column(JSON, nullable=False)
    )  # the server's record at the time
    fields: list = Field(default_factory=list, sa_column=Column(JSON))  # the overlapping fields
    created_at: NaiveDatetime = Field(default_factory=utcnow)
    resolved_at: NaiveDatetime | None = Field(default=None, index=True)
    resolved_by: int | None = Field(default=None, foreign_key="user.id")
    resolution: str | None = Field(default=None, max_length=20)  # "server" | "device"


class PhotoClaim(SQLModel, table=True):
    """A photo a record names: lets bytes arrive before or after the record, and counts 'N of M'."""

    photo_id: str = Field(primary_key=True, max_length=36)
    inspection_id: str | None = Field(default=None, index=True, max_length=36)
    finding_id: str | None = Field(default=None, index=True, max_length=36)
    item_code: str | None = Field(default=None, max_length=20)
    sha256: str = Field(max_length=64)
    taken_at: NaiveDatetime | None = None
    latitude: float | None = None
    longitude: float | None = None
    user_id: int = Field(foreign_key="user.id")
    # The marks drawn on the photo (inspector/marks.py): a vector layer beside the photo, whose
    # bytes and hash stay as taken. None: no marks (and every claim from before marks existed).
    marks: list | None = Field(default=None, sa_column=Column(JSON))
    taken_at_source: str | None = Field(default=None, max_length=12)  # as on Photo


class PartialPhoto(SQLModel, table=True):
    """A photo arriving in byte ranges (docs/sync-protocol.md): its bytes so far, by the user who
    started it. Counted and expired as an unclaimed photo; removed when the last range arrives."""

    photo_id: str = Field(primary_key=True, max_length=36)
    user_id: int = Field(foreign_key="user.id", index=True)
    sha256: str = Field(max_length=64)
    total: int
    data: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    started_at: NaiveDatetime = Field(default_factory=utcnow)


# Sync reads the audit trail by record (a site's edit history for version merges), so that gets an index,
# declared here next to the code that needs it (the pull cursor itself is the primary key).
Index(
    "ix_auditevent_entity_record", AuditEvent.__table__.c.entity, AuditEvent.__table__.c.entity_id
)
