"""Enrolled devices: enrollment (a token shown once), the list a person may see, and revocation:
one device (a lost tablet), or every device of a person whose sessions end (signing out, a password
change, a disabled account: accounts.end_sessions). The office's devices page and the sync API's
authentication (sync/auth.py) both use this.

Only a token's SHA-256 is stored, so a copy of the database does not hand out working tokens."""

from __future__ import annotations

import hashlib
import secrets
from functools import cache

from sqlalchemy import bindparam, func
from sqlalchemy.orm import selectinload
from sqlmodel import Session, select

from ..models import Device, User
from ..models.base import new_id, utcnow
from . import NotFound, ServiceError, audit

TOKEN_PREFIX = "fwd_"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def enroll(session: Session, user: User, name: str) -> tuple[Device, str]:
    """A new device for this user; returns the device and its token (shown once, never stored)."""
    name = (name or "").strip()
    if not name:
        raise ServiceError("Give the device a name, such as “Truck 3 tablet”.", field="name")
    if len(name) > 100:
        raise ServiceError("At most 100 characters.", field="name")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    device = Device(id=new_id(), name=name, user_id=user.id, token_hash=hash_token(token))
    session.add(device)
    session.flush()
    audit.record(
        session,
        entity="device",
        entity_id=device.id,
        action="enroll",
        user_id=user.id,
        after={"name": name, "user_id": user.id},
    )
    return device, token


def by_token(session: Session, token: str) -> Device | None:
    """The enrolled, unrevoked device a token stands for, or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    device = session.exec(select(Device).where(Device.token_hash == hash_token(token))).first()
    if device is None or device.revoked_at is not None:
        return None
    return device


@cache
def _with_owner():
    return (
        select(Device, User)
        .join(User, User.id == Device.user_id)
        .where(Device.token_hash == bindparam("token_hash"))
    )


def by_token_with_owner(session: Session, token: str) -> tuple[Device, User] | None:
    """by_token's device and its owner, read by one statement built once (the sync API asks
    both on every request), or None."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    row = session.execute(_with_owner(), {"token_hash": hash_token(token)}).first()
    if row is None or row[0].revoked_at is not None:
        return None
    return row[0], row[1]


def visible_devices(session: Session, user: User) -> list[Device]:
    """Every device for a supervisor, a person's own otherwise; each with its owner loaded."""
    query = (
        select(Device)
        .options(selectinload(Device.user))
        .order_by(Device.revoked_at.is_not(None), Device.created_at.desc())
    )
    if user.role != "supervisor":
        query = query.where(Device.user_id == user.id)
    return list(session.exec(query))


def live_counts(session: Session) -> dict[int, int]:
    """How many devices each person enrolled that still sync (the users page says it before a
    disabling revokes them)."""
    rows = session.exec(
        select(Device.user_id, func.count())
        .where(Device.revoked_at.is_(None))
        .group_by(Device.user_id)
    )
    return dict(rows.all())


def revoke(session: Session, device_id: str, *, by: User) -> Device:
    """Supervisors revoke any device; a user may revoke their own (a lost tablet)."""
    device = session.get(Device, device_id)
    if device is None or (by.role != "supervisor" and device.user_id != by.id):
        raise NotFound("No such device.")
    if device.revoked_at is not None:
        raise ServiceError("This device was already revoked.")
    _revoke(session, device, by=by)
    return device


def revoke_all(session: Session, user: User, *, by: User, reason: str) -> list[Device]:
    """Every device `user` enrolled that is not revoked yet, revoked in the caller's transaction:
    the person's tokens end with their sessions (accounts.end_sessions). `reason` goes into each
    revocation's audit record. Devices revoked before keep who revoked them and when."""
    live = session.exec(
        select(Device)
        .where(Device.user_id == user.id, Device.revoked_at.is_(None))
        .order_by(Device.created_at)
    ).all()
    for device in live:
        _revoke(session, device, by=by, reason=reason)
    return list(live)


def _revoke(session: Session, device: Device, *, by: User, reason: str | None = None) -> None:
    device.revoked_at = utcnow()
    device.revoked_by = by.id
    session.add(device)
    after = {"name": device.name, "user_id": device.user_id}
    if reason:
        after["reason"] = reason
    audit.record(
        session,
        entity="device",
        entity_id=device.id,
        action="revoke",
        user_id=by.id,
        after=after,
    )
