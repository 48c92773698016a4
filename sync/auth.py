"""Who is pushing: a signed-in browser (session cookie + X-CSRFToken) or an enrolled device (Bearer token).

A device token is shown once when the device is enrolled; only its SHA-256 is stored, so a copy of the
database does not hand out working tokens. A revoked device's token gets 401 from then on.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlmodel import Session, select

from inspector.models import Device, User
from inspector.models.base import new_id, utcnow
from inspector.services import NotFound, ServiceError, audit

TOKEN_PREFIX = "fwd_"
LAST_SEEN_EVERY = timedelta(minutes=1)  # refresh last_seen_at at most this often (it is a write)


@dataclass
class Caller:
    user: User
    device: Device | None  # None: a browser session


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


def authenticate(session: Session, token: str) -> Caller | None:
    """The caller a Bearer token stands for, or None (unknown, revoked, or the user was deactivated)."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    device = session.exec(select(Device).where(Device.token_hash == hash_token(token))).first()
    if device is None or device.revoked_at is not None:
        return None
    user = session.get(User, device.user_id)
    if user is None or not user.active:
        return None
    return Caller(user=user, device=device)


def touch(session: Session, device: Device) -> bool:
    """Note that the device was seen; True when it wrote (the caller commits)."""
    now = utcnow()
    if device.last_seen_at is None or now - device.last_seen_at > LAST_SEEN_EVERY:
        device.last_seen_at = now
        session.add(device)
        return True
    return False


def visible_devices(session: Session, user: User) -> list[Device]:
    query = select(Device).order_by(Device.revoked_at.is_not(None), Device.created_at.desc())
    if user.role != "supervisor":
        query = query.where(Device.user_id == user.id)
    return list(session.exec(query))


def revoke(session: Session, device_id: str, *, by: User) -> Device:
    """Supervisors revoke any device; a user may revoke their own (a lost tablet)."""
    device = session.get(Device, device_id)
    if device is None or (by.role != "supervisor" and device.user_id != by.id):
        raise NotFound("No such device.")
    if device.revoked_at is not None:
        raise ServiceError("This device was already revoked.")
    device.revoked_at = utcnow()
    device.revoked_by = by.id
    session.add(device)
    audit.record(
        session,
        entity="device",
        entity_id=device.id,
        action="revoke",
        user_id=by.id,
        after={"name": device.name, "user_id": device.user_id},
    )
    return device
