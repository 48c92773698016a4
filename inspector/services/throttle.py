"""Failed sign-ins, counted per e-mail address and per client address in the database, so that
every server process (gunicorn worker) sees the same count. A key locks after `limit` failures
within WINDOW; each further failure doubles the wait, up to MAX_LOCK. Unknown addresses count
like known ones, so a lock says nothing about whether an account exists."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from ..models import SignInThrottle

WINDOW = timedelta(minutes=15)
MAX_LOCK = timedelta(hours=1)


def email_key(email: str) -> str:
    return ("email:" + email.strip().lower())[:300]


def client_key(address: str | None) -> str:
    return ("client:" + (address or "unknown"))[:300]


def locked_until(session: Session, keys: list[str], now: datetime) -> datetime | None:
    """The latest moment one of these keys is locked until, or None when none is locked now."""
    rows = session.exec(select(SignInThrottle).where(SignInThrottle.key.in_(keys)))
    return max(
        (r.locked_until for r in rows if r.locked_until and r.locked_until > now), default=None
    )


def _row(session: Session, key: str, now: datetime) -> SignInThrottle:
    row = session.exec(
        select(SignInThrottle).where(SignInThrottle.key == key).with_for_update()
    ).first()
    if row is not None:
        return row
    try:
        with session.begin_nested():  # another process may add the same key at the same moment
            row = SignInThrottle(key=key, failures=0, first_failure_at=now)
            session.add(row)
    except IntegrityError:
        row = session.exec(
            select(SignInThrottle).where(SignInThrottle.key == key).with_for_update()
        ).one()
    return row


def record_failure(
    session: Session, key: str, *, limit: int, lock_seconds: int, now: datetime
) -> int:
    """Counts a failure; returns the failures counted under the key in its window."""
    row = _row(session, key, now)
    still_locked = row.locked_until is not None and row.locked_until > now
    if now - row.first_failure_at > WINDOW and not still_locked:
        row.failures, row.first_failure_at, row.locked_until = 0, now, None
    row.failures += 1
    if row.failures >= limit:
        wait = timedelta(seconds=lock_seconds) * 2 ** min(row.failures - limit, 16)
        row.locked_until = now + min(wait, MAX_LOCK)
    session.add(row)
    return row.failures


def clear(session: Session, key: str) -> None:
    row = session.get(SignInThrottle, key)
    if row is not None:
        session.delete(row)
