"""Who is pushing: a signed-in browser (session cookie + X-CSRFToken) or an enrolled device (Bearer
token). Devices are enrolled and revoked by inspector.services.devices; a revoked device's token
gets 401 from then on. A person's devices are revoked with their sessions (signing out, a password
change, a disabled account: accounts.end_sessions), so a token never outlives them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import cache

from sqlalchemy import bindparam, select, update
from sqlmodel import Session

from inspector.models import Device, User
from inspector.models.base import utcnow
from inspector.services import devices

LAST_SEEN_EVERY = timedelta(minutes=1)  # refresh last_seen_at at most this often (it is a write)


@dataclass
class Caller:
    user: User
    device: Device | None  # None: a browser session


def authenticate(session: Session, token: str) -> Caller | None:
    """The caller a Bearer token stands for, or None (unknown, revoked, or the user was deactivated)."""
    found = devices.by_token_with_owner(session, token)
    if found is None:
        return None
    device, user = found
    if not user.active:
        return None
    return Caller(user=user, device=device)


@cache
def _device_still_allowed():
    return (
        select(Device.revoked_at, User.active)
        .join(User, User.id == Device.user_id)
        .where(Device.id == bindparam("device_id"))
    )


@cache
def _person_still_allowed():
    return select(User.active, User.session_generation).where(User.id == bindparam("user_id"))


def still_allowed(session: Session, caller: Caller, generation: int | None) -> bool:
    """Whether the caller read earlier in the request may still write, read again in the request's
    own transaction: the device not revoked and its owner active, or for a browser the account
    active and its sign-in (`generation`, the cookie's) not ended since. Each statement is built
    once: this runs on every push and photo."""
    if caller.device is not None:
        row = session.execute(_device_still_allowed(), {"device_id": caller.device.id}).first()
        return row is not None and row.revoked_at is None and bool(row.active)
    row = session.execute(_person_still_allowed(), {"user_id": caller.user.id}).first()
    return row is not None and bool(row.active) and row.session_generation == generation


def _seen_due(device: Device, now) -> bool:
    return device.last_seen_at is None or now - device.last_seen_at > LAST_SEEN_EVERY


def touch(session: Session, device: Device) -> bool:
    """Note that the device was seen, in a request's writing transaction; True when it wrote (the
    caller commits)."""
    now = utcnow()
    if _seen_due(device, now):
        device.last_seen_at = now
        session.add(device)
        return True
    return False


def touch_apart(engine, device: Device) -> None:
    """Note that the device was seen, for a request that only reads: its own session is read-only
    (docs/layers.md, "Reads and writes"), so the note is a short write transaction of its own."""
    now = utcnow()
    if _seen_due(device, now):
        with engine.begin() as conn:
            conn.execute(update(Device).where(Device.id == device.id).values(last_seen_at=now))
