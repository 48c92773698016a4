"""Users, companies and sign-in (with a slow-down after repeated failures)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from sqlalchemy.orm import selectinload
from sqlmodel import Session, select
from werkzeug.security import check_password_hash, generate_password_hash

from .. import passwords
from ..models import ROLES, Company, Device, User
from ..models.base import utcnow
from . import NotFound, ServiceError, audit, devices, throttle

# Words a company's name is written with or without ("Acme Earthworks, LLC" is Acme Earthworks).
_NAME_FORMS = {"the", "inc", "incorporated", "llc", "co", "corp", "corporation", "company", "ltd"}


def _loose(name: str) -> str:
    words = "".join(c if c.isalnum() else " " for c in name.casefold()).split()
    return " ".join(w for w in words if w not in _NAME_FORMS)


def get_or_create_company(session: Session, name: str, *, new: bool = False) -> Company:
    """The company of this name, typed in any case or spacing ('acme  EARTHWORKS' is Acme
    Earthworks: a second company would see none of the first one's sites), else a new one. A name
    that differs from one on record only in punctuation or a word such as "Inc." or "LLC" is refused
    unless `new` says it is another company: a permittee put in a look-alike company sees none of
    its sites, and nobody notices until a site visit."""
    name = " ".join(name.split())
    key = name.casefold()
    everyone = list(session.exec(select(Company)))
    for company in everyone:
        if " ".join(company.name.split()).casefold() == key:
            return company
    if not new:
        loose = _loose(name)
        alike = next((c for c in everyone if loose and _loose(c.name) == loose), None)
        if alike is not None:
            raise ServiceError(
                f"{alike.name} is on record. To add this person to it, choose it from the list; "
                "if this is another company, tick “This is a new company”.",
                field="company",
            )
    company = Company(name=name)
    session.add(company)
    session.flush()
    return company


def companies(session: Session) -> list[Company]:
    """Every company on record, by name (the new-user form offers them)."""
    return list(session.exec(select(Company).order_by(Company.name)))


def create_user(
    session: Session,
    *,
    email: str,
    name: str,
    role: str,
    password: str,
    company_name: str | None = None,
    new_company: bool = False,
    by_user_id: int | None = None,
) -> User:
    email = email.strip().lower()
    if role not in ROLES:
        raise ServiceError(f"Role must be one of: {', '.join(ROLES)}.", field="role")
    if "@" not in email:
        raise ServiceError("Enter a valid e-mail address.", field="email")
    weak = passwords.problem(password, email=email)
    if weak:
        raise ServiceError(weak, field="password")
    if session.exec(select(User).where(User.email == email)).first():
        raise ServiceError("A user with this e-mail already exists.", field="email")
    company_id = None
    if role != "permittee" and (company_name or "").strip():
        # A contractor's staff made an inspector by a slip of the role would see every site.
        raise ServiceError(
            f"Only a permittee belongs to a company: choose the role Permittee for "
            f"{company_name.strip()}'s staff, or clear the company for Village staff.",
            field="company",
        )
    if role == "permittee":
        if not company_name:
            raise ServiceError("A permittee belongs to a company: enter its name.", field="company")
        company_id = get_or_create_company(session, company_name.strip(), new=new_company).id
    user = User(
        email=email,
        name=name.strip() or email,
        role=role,
        company_id=company_id,
        password_hash=generate_password_hash(password),
    )
    session.add(user)
    session.flush()
    audit.record(
        session,
        entity="user",
        entity_id=user.id,
        action="create",
        user_id=by_user_id,
        after={"email": user.email, "role": role, "company_id": company_id},
    )
    return user


@cache
def dummy_hash() -> str:
    """A hash made like the users' (same method and cost) that no password matches; made once."""
    return generate_password_hash(secrets.token_urlsafe(24))


@dataclass
class Limits:
    """Failed sign-ins allowed per e-mail address and per client address before a lock."""

    per_email: int = 5
    per_client: int = 20
    lock_seconds: int = 60


@dataclass
class SignIn:
    user: User | None
    error: str | None = None
    retry_at: datetime | None = None  # a lock: when to try again (naive UTC)
    # A failure: the failed sign-ins within the window for this e-mail and from this client.
    failures: tuple[int, int] = (0, 0)


def authenticate(
    session: Session,
    email: str,
    password: str,
    *,
    client: str | None,
    limits: Limits,
    now: datetime | None = None,
) -> SignIn:
    """The user, or why not. Failures are counted per address and per client (throttle.py); while
    either is locked, no password is checked at all."""
    now = now or utcnow()
    dummy = dummy_hash()  # before the look-up: a process's first sign-in pays for it either way
    keys = [throttle.email_key(email), throttle.client_key(client)]
    until = throttle.locked_until(session, keys, now)
    if until is not None:
        return SignIn(None, "Too many failed sign-ins.", retry_at=until)
    user = session.exec(select(User).where(User.email == email.strip().lower())).first()
    if user is None or not user.active:
        # A hash of the same kind is checked, so a wrong e-mail takes as long as a wrong password.
        check_password_hash(dummy, password)
        user = None
    elif not check_password_hash(user.password_hash, password):
        user = None
    if user is None:
        failures = [
            throttle.record_failure(
                session, key, limit=limit, lock_seconds=limits.lock_seconds, now=now
            )
            for key, limit in zip(keys, (limits.per_email, limits.per_client), strict=True)
        ]
        return SignIn(None, "E-mail or password is wrong.", failures=tuple(failures))
    throttle.clear(session, keys[0])  # the client's count stays: one good account must not reset it
    return SignIn(user)


def end_sessions(session: Session, user: User, *, by: User, reason: str) -> list[Device]:
    """Every session signed in before now stops working at its next request (security.load_user),
    and so does every device token of the person: their devices are revoked in the same transaction
    (`by` and `reason` go into the audit trail), so none comes back with the account or a new
    session. Returns the devices revoked now."""
    user.session_generation = (user.session_generation or 0) + 1
    session.add(user)
    return devices.revoke_all(session, user, by=by, reason=reason)


def change_password(session: Session, user: User, *, current: str, new: str) -> list[Device]:
    """The person's own change: ends every session and revokes every device (the caller signs this
    session in again). Returns the devices revoked."""
    if not check_password_hash(user.password_hash, current):
        raise ServiceError("The current password is wrong.", field="current")
    weak = passwords.problem(new, email=user.email)
    if weak:
        raise ServiceError(weak, field="password")
    user.password_hash = generate_password_hash(new)
    audit.record(
        session,
        entity="user",
        entity_id=user.id,
        action="change_password",
        user_id=user.id,
        after={"password": "changed"},
    )
    return end_sessions(session, user, by=user, reason="password changed")


def reset_password(
    session: Session, user_id: int, new: str, *, by: User
) -> tuple[User, list[Device]]:
    """A supervisor sets a new password for someone who forgot theirs. As with the person's own
    change, every session ends and every device is revoked (whoever held the old password is out),
    and the failed sign-ins counted for the address are cleared, so the person can sign in at once.
    Returns the person and the devices revoked."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("No such user.")
    if user.id == by.id:
        raise ServiceError(
            "Change your own password under Password, with your current one.", field="password"
        )
    weak = passwords.problem(new, email=user.email)
    if weak:
        raise ServiceError(weak, field="password")
    user.password_hash = generate_password_hash(new)
    throttle.clear(session, throttle.email_key(user.email))
    audit.record(
        session,
        entity="user",
        entity_id=user.id,
        action="reset_password",
        user_id=by.id,
        after={"email": user.email, "password": "set by a supervisor"},
    )
    return user, end_sessions(session, user, by=by, reason="password reset by a supervisor")


def set_certification(
    session: Session, user_id: int, *, kind: str, number: str, expires_on, by: User
) -> User:
    """A supervisor records a person's inspector certification (type, number, expiry), or clears
    it with every field empty. The device warns when it is missing or expired; reports show it."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("No such user.")
    kind, number = (kind or "").strip(), (number or "").strip()
    if (kind or number or expires_on) and not kind:
        raise ServiceError("Enter the type of certification.", field="certification_type")
    if kind and expires_on is None:
        raise ServiceError(
            "Enter the day the certification expires.", field="certification_expires_on"
        )
    shown = lambda u: {  # noqa: E731
        "type": u.certification_type,
        "number": u.certification_number,
        "expires_on": u.certification_expires_on and u.certification_expires_on.isoformat(),
    }
    before = shown(user)
    user.certification_type = kind or None
    user.certification_number = number or None
    user.certification_expires_on = expires_on if kind else None
    session.add(user)
    audit.record(
        session,
        entity="user",
        entity_id=user.id,
        action="certification",
        user_id=by.id,
        before=before,
        after={"email": user.email, **shown(user)},
    )
    return user


def set_active(session: Session, user_id: int, active: bool, *, by: User) -> User:
    """A supervisor disables an account (its sessions end at once and its devices are revoked) or
    enables it again (the person signs in anew and enrolls their devices anew: no token from before
    works again, one the disabling left alive included)."""
    user = session.get(User, user_id)
    if user is None:
        raise NotFound("No such user.")
    if user.id == by.id:
        raise ServiceError("You cannot disable your own account: ask another supervisor.")
    if user.active == active:
        return user
    user.active = active
    audit.record(
        session,
        entity="user",
        entity_id=user.id,
        action="enable" if active else "disable",
        user_id=by.id,
        before={"active": not active},
        after={"email": user.email, "active": active},  # whose account, on the audit page
    )
    end_sessions(
        session, user, by=by, reason="account enabled again" if active else "account disabled"
    )
    return user


def everyone(session: Session) -> list[User]:
    """Every account for the users page, by role then e-mail, each with its company loaded."""
    query = select(User).options(selectinload(User.company)).order_by(User.role, User.email)
    return list(session.exec(query))
