"""Sign in and sign out."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..security import login_required, sign_in, sign_out
from ..services import accounts
from .home import home_url

bp = Blueprint("auth", __name__)


class LoginForm(FlaskForm):
    email = EmailField("E-mail", validators=[DataRequired(message="Enter your e-mail."), Length(max=254)])
    password = PasswordField("Password", validators=[DataRequired(message="Enter your password.")])


def safe_next(target: str | None, user) -> str:
    """`target` when it is a path on this site, else the role's home. Browsers drop tabs and newlines
    and read a backslash as a slash, so any of those (or a space, or another control character) could
    turn "/\t/evil.example" into "//evil.example": such targets are refused, not cleaned."""
    if target and not any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F or c == "\\" for c in target):
        parts = urlsplit(target)
        if (not parts.scheme and not parts.netloc and target.startswith("/")
                and not target.startswith("//") and not parts.path.startswith("//")):
            return target
    return home_url(user)


@bp.route("/login", methods=["GET", "POST"])
def login():
    if g.user is not None:
        return redirect(url_for("home.index"))
    form = LoginForm()
    error = None
    if form.validate_on_submit():
        session = get_session()
        user, error = accounts.authenticate(session, form.email.data, form.password.data,
                                            max_failures=current_app.config["LOGIN_MAX_FAILURES"],
                                            lock_seconds=current_app.config["LOGIN_LOCK_SECONDS"])
        session.commit()
        if user is not None:
            sign_in(user)
            return redirect(safe_next(request.args.get("next"), user))
    status = 200 if not form.errors and error is None else 400
    return render_template("auth/login.html", form=form, error=error), status


@bp.route("/logout", methods=["POST"])
@login_required
def logout():
    sign_out()
    flash("You are signed out.", "info")
    return redirect(url_for("auth.login"))
