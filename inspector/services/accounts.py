"""Users, companies and sign-in (with a slow-down after repeated failures)."""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from functools import cache

from sqlmodel import Session, select
from werkzeug.security import check_password_hash, generate_password_hash

from .. import passwords
from ..models import ROLES, Company, User
from ..models.base import utcnow
from . import ServiceError, audit


def get_or_create_company(session: Session, name: str) -> Company:
    company = session.exec(select(Company).where(Company.name == name)).first()
    if company is None:
        company = Company(name=name)
        session.add(company)
        session.flush()
    return company


def create_user(session: Session, *, email: str, name: str, role: str, password: str,
                company_name: str | None = None, by_user_id: int | None = None) -> User:
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
    if role == "permittee":
        if not company_name:
            raise ServiceError("A permittee belongs to a company: enter its name.", field="company")
        company_id = get_or_create_company(session, company_name.strip()).id
    user = User(email=email, name=name.strip() or email, role=role, company_id=company_id,
                password_hash=generate_password_hash(password))
    session.add(user)
    session.flush()
    audit.record(session, entity="user", entity_id=user.id, action="create", user_id=by_user_id,
                 after={"email": user.email, "role": role, "company_id": company_id})
    return user


@cache
def dummy_hash() -> str:
    """A hash made like the users' (same method and cost) that no password matches; made once."""
    return generate_password_hash(secrets.token_urlsafe(24))


def authenticate(session: Session, email: str, password: str, *, max_failures: int, lock_seconds: int,
                 now: datetime | None = None) -> tuple[User | None, str | None]:
    """(user, None) on success, or (None, message). Failures past the limit lock the account briefly."""
    now = now or utcnow()
    dummy = dummy_hash()  # made before the look-up: the first sign-in of a process pays it either way
    user = session.exec(select(User).where(User.email == email.strip().lower())).first()
    generic = "E-mail or password is wrong."
    if user is None or not user.active:
        # Check against a hash of the same kind, so a wrong e-mail takes as long as a wrong password.
        check_password_hash(dummy, password)
        return None, generic
    if user.locked_until and user.locked_until > now:
        wait = int((user.locked_until - now).total_seconds()) + 1
        return None, f"Too many failed sign-ins. Try again in {wait} seconds."
    if not check_password_hash(user.password_hash, password):
        user.failed_logins += 1
        if user.failed_logins >= max_failures:
            user.locked_until = now + timedelta(seconds=lock_seconds)
        session.add(user)
        return None, generic
    user.failed_logins = 0
    user.locked_until = None
    session.add(user)
    return user, None
