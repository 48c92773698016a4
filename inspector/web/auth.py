"""Sign in and sign out."""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, EqualTo, Length

from ..db import get_session
from ..documents import signatures as signed_view
from ..models.base import utcnow
from ..passwords import MIN_LENGTH, TOO_SHORT
from ..rules.clocks import to_local
from ..security import login_required, sign_in, sign_out
from ..services import accounts, clock, throttle
from .forms import commit_or_refuse
from .home import home_url

bp = Blueprint("auth", __name__)
# One line per sign-in attempt (README, "Deploying for real"): never the password.
log = logging.getLogger("fairwater.signin")


class LoginForm(FlaskForm):
    email = EmailField(
        "E-mail", validators=[DataRequired(message="Enter your e-mail."), Length(max=254)]
    )
    password = PasswordField("Password", validators=[DataRequired(message="Enter your password.")])


def safe_next(target: str | None, user) -> str:
    """`target` when it is a path on this site, else the role's home. Browsers drop tabs and
    newlines and read a backslash as a slash, so any of those (or a space, or another control
    character) could turn "/\t/evil.example" into "//evil.example": such targets are refused."""
    unsafe = any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F or c == "\\" for c in target or "")
    if target and not unsafe:
        parts = urlsplit(target)
        if (
            not parts.scheme
            and not parts.netloc
            and target.startswith("/")
            and not target.startswith("//")
            and not parts.path.startswith("//")
        ):
            return target
    return home_url(user)


def limits() -> accounts.Limits:
    config = current_app.config
    return accounts.Limits(
        per_email=config["LOGIN_MAX_FAILURES"],
        per_client=config["LOGIN_MAX_FAILURES_PER_CLIENT"],
        lock_seconds=config["LOGIN_LOCK_SECONDS"],
    )


def try_again(retry_at) -> str:
    """ "Try again after 4:32 PM (in 3 minutes)": the Village's clock, and how long that is."""
    seconds = max(1, int((retry_at - utcnow()).total_seconds()) + 1)
    wait = f"{seconds} seconds" if seconds < 120 else f"{(seconds + 59) // 60} minutes"
    local = to_local(retry_at, current_app.extensions["rulebook"]).strftime("%-I:%M %p")
    return f"Too many failed sign-ins. Try again after {local} (in {wait})."


@bp.route("/login", methods=["GET", "POST"])
def login():
    if g.user is not None:
        return redirect(url_for("home.index"))
    form = LoginForm()
    error, headers = None, {}
    if form.validate_on_submit():
        session = get_session()
        result = accounts.authenticate(
            session,
            form.email.data,
            form.password.data,
            client=request.remote_addr,
            limits=limits(),
        )
        session.commit()
        log_attempt(form.email.data, result)
        if result.user is not None:
            sign_in(result.user)
            return redirect(safe_next(request.args.get("next"), result.user))
        error = result.error
        if result.retry_at is not None:
            error = try_again(result.retry_at)
            wait = int((result.retry_at - utcnow()).total_seconds()) + 1
            headers["Retry-After"] = str(max(1, wait))
            return render_template("auth/login.html", form=form, error=error), 429, headers
    elif request.method == "POST":
        log.info("sign-in not tried from %s: %s", request.remote_addr, _problems(form))
    status = 200 if not form.errors and error is None else 400
    return render_template("auth/login.html", form=form, error=error), status


def _problems(form) -> str:
    fields = sorted(form.errors) or ["the form"]
    return "incomplete or expired form (" + ", ".join(fields) + ")"


def log_attempt(email: str, result: accounts.SignIn) -> None:
    # %r: what was typed is quoted and cannot forge a log line of its own.
    client = request.remote_addr
    if result.user is not None:
        user = result.user
        log.info("sign-in: %r (user %s, %s) from %s", user.email, user.id, user.role, client)
    elif result.retry_at is not None:
        until = result.retry_at.strftime("%Y-%m-%d %H:%M:%S UTC")
        log.warning("sign-in refused, locked until %s: %r from %s", until, email, client)
    else:
        minutes = int(throttle.WINDOW.total_seconds() // 60)
        by_email, by_client = result.failures
        log.warning(
            "sign-in failed: %r from %s (failures within %d minutes: %d for this e-mail, "
            "%d from this address)",
            email,
            client,
            minutes,
            by_email,
            by_client,
        )


@bp.route("/logout", methods=["POST"])
@login_required
def logout():
    revoked = sign_out(g.user)
    get_session().commit()
    flash("You are signed out, on this device and every other." + devices_ended(revoked), "info")
    return redirect(url_for("auth.login"))


def devices_ended(revoked) -> str:
    """What ending a person's sessions did to the devices they enrolled (none: nothing to say)."""
    if not revoked:
        return ""
    if len(revoked) == 1:
        which = "Your enrolled device can no longer sync: its token was revoked."
    else:
        which = (
            f"Your {len(revoked)} enrolled devices can no longer sync: their tokens were revoked."
        )
    return (
        f" {which} Work not sent yet stays on the device; to sync from it again, enroll it again "
        "under Devices and give it the new token."
    )


class PasswordForm(FlaskForm):
    current = PasswordField(
        "Current password", validators=[DataRequired(message="Enter your current password.")]
    )
    password = PasswordField(
        "New password",
        validators=[
            DataRequired(message="Enter a new password."),
            Length(min=MIN_LENGTH, message=TOO_SHORT),
        ],
    )
    confirm = PasswordField(
        "New password again",
        validators=[
            DataRequired(message="Enter the new password again."),
            EqualTo("password", message="The two new passwords do not match."),
        ],
    )


@bp.get("/account")
@login_required
def account():
    """Who I am here: name, e-mail, role and my inspector certification (a supervisor edits it)."""
    rb = current_app.extensions["rulebook"]
    user = g.user
    return render_template(
        "auth/account.html",
        user=user,
        certification=signed_view.certification(user, clock.today(rb), rb),
        permittee_note=rb["certification.permittee_note"],
    )


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def password():
    form = PasswordForm()
    if form.validate_on_submit():
        session = get_session()
        ok, revoked = commit_or_refuse(
            session,
            form,
            lambda: accounts.change_password(
                session, g.user, current=form.current.data, new=form.password.data
            ),
        )
        if ok:
            sign_in(g.user)  # this session goes on under the new generation; every other one ended
            flash(
                "Password changed. Your other sessions were signed out." + devices_ended(revoked),
                "info",
            )
            return redirect(home_url(g.user))
    return render_template("auth/password.html", form=form), 400 if form.errors else 200
