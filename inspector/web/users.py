"""User management (supervisors only)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, url_for
from flask import session as cookie
from flask_wtf import FlaskForm
from wtforms import PasswordField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..passwords import MIN_LENGTH, TOO_SHORT
from ..security import roles_required
from ..services import ServiceError, accounts, clock, devices
from .forms import (
    CertificationForm,
    ConfirmForm,
    UserForm,
    apply_service_error,
    commit_or_refuse,
)

bp = Blueprint("users", __name__, url_prefix="/users")
# A row's form that was refused: what was typed and why, kept for the page the refusal redirects
# to, so the row opens again as it was sent with each error at its field.
REFUSED = "users.refused"


class ResetPasswordForm(FlaskForm):
    password = PasswordField(
        "New password",
        validators=[
            DataRequired(message="Enter a new password."),
            Length(min=MIN_LENGTH, message=TOO_SHORT),
        ],
    )


@bp.route("/", methods=["GET", "POST"])
@roles_required("supervisor")
def index():
    session = get_session()
    form = UserForm()
    if form.validate_on_submit():
        companies = {c.id for c in accounts.companies(session)}
        ok, user = commit_or_refuse(
            session,
            form,
            lambda: accounts.create_user(
                session,
                email=form.email.data,
                name=form.name.data,
                role=form.role.data,
                password=form.password.data,
                company_name=form.company.data,
                new_company=form.new_company.data,
                by_user_id=g.user.id,
            ),
        )
        if ok:
            if user.company_id is None:
                created = "User created."
            elif user.company_id in companies:
                created = f"User created for {user.company.name}."
            else:  # a typing mistake would show here, not weeks later as a permittee seeing nothing
                created = f"User created, with a new company: {user.company.name}."
            flash(
                f"{created} {user.name} signs in as {user.email} ({user.role}) with the password "
                "you set: tell it to them in person or by phone, not by e-mail.",
                "info",
            )
            return redirect(url_for("users.index"))
    users = accounts.everyone(session)
    return render_template(
        "users/index.html",
        form=form,
        users=users,
        companies=accounts.companies(session),
        confirm=ConfirmForm(formdata=None),
        today=clock.today(),
        refused=cookie.pop(REFUSED, None),
        live_devices=devices.live_counts(session),
    ), 400 if form.errors else 200


def _refused(kind: str, user_id: int, form, values: dict) -> None:
    """Say the row's refusal at the top and keep it for the row (its fields' errors, as typed)."""
    errors = {name: list(errs) for name, errs in form.errors.items() if name != "csrf_token"}
    flash(" ".join(e for errs in errors.values() for e in errs), "error")
    cookie[REFUSED] = {"kind": kind, "user_id": user_id, "values": values, "errors": errors}


def _refused_by_service(kind: str, user_id: int, form, values: dict, exc: ServiceError) -> None:
    """The service refused the row's form: 404 for a person who is not there, else the refusal at
    its field (or above the row) as _refused keeps it."""
    if exc.status == 404:
        abort(404)
    if not apply_service_error(form, exc):
        form.form_errors.append(exc.message)
    _refused(kind, user_id, form, values)


def _set_active(user_id: int, active: bool):
    if not ConfirmForm().validate_on_submit():
        abort(400)
    session = get_session()
    try:
        user = accounts.set_active(session, user_id, active, by=g.user)
        session.commit()
    except ServiceError as exc:
        session.rollback()
        if exc.status == 404:
            abort(404)
        flash(exc.message, "error")
    else:
        flash(
            f"{user.name} can sign in again. The devices revoked when the account was disabled "
            f"stay revoked: after signing in, {user.name} enrolls a device again under Devices."
            if active
            else f"{user.name} is disabled: signed out everywhere, and every device enrolled by this "
            "account was revoked, so none of them syncs any more (enabling the account again does "
            "not bring them back).",
            "info",
        )
    return redirect(url_for("users.index"))


@bp.post("/<int:user_id>/certification")
@roles_required("supervisor")
def certification(user_id: int):
    """Record or clear a person's certification; the users page says what happened."""
    form = CertificationForm()
    session = get_session()
    typed = {
        name: (form[name].raw_data or [""])[0]
        for name in ("certification_type", "certification_number", "certification_expires_on")
    }
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            abort(400)
        _refused("certification", user_id, form, typed)
        return redirect(url_for("users.index"))
    try:
        user = accounts.set_certification(
            session,
            user_id,
            kind=form.certification_type.data,
            number=form.certification_number.data,
            expires_on=form.certification_expires_on.data,
            by=g.user,
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        _refused_by_service("certification", user_id, form, typed, exc)
    else:
        flash(f"Certification of {user.name} saved.", "info")
    return redirect(url_for("users.index"))


@bp.post("/<int:user_id>/password")
@roles_required("supervisor")
def reset_password(user_id: int):
    """Set a new password for someone who forgot theirs (never shown again, never e-mailed)."""
    form = ResetPasswordForm()
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            abort(400)
        _refused("password", user_id, form, {"password": ""})
        return redirect(url_for("users.index"))
    session = get_session()
    try:
        user, revoked = accounts.reset_password(session, user_id, form.password.data, by=g.user)
        session.commit()
    except ServiceError as exc:
        session.rollback()
        _refused_by_service("password", user_id, form, {"password": ""}, exc)
    else:
        stopped = ""  # the devices that no longer sync
        if revoked:
            which = (
                "The device they enrolled no longer syncs"
                if len(revoked) == 1
                else f"The {len(revoked)} devices they enrolled no longer sync"
            )
            stopped = (
                f" {which}: work not sent yet stays on it until they enroll it again under Devices."
            )
        flash(
            f"New password set for {user.name}. Tell it to them in person or by phone, not by "
            "e-mail; they can change it under Password once signed in. They were signed out "
            "everywhere." + stopped,
            "info",
        )
    return redirect(url_for("users.index"))


@bp.post("/<int:user_id>/disable")
@roles_required("supervisor")
def disable(user_id: int):
    return _set_active(user_id, False)


@bp.post("/<int:user_id>/enable")
@roles_required("supervisor")
def enable(user_id: int):
    return _set_active(user_id, True)
