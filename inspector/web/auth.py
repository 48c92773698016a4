"""Sign in and sign out."""
from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import EmailField, PasswordField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..security import login_required, sign_in, sign_out
from ..services import accounts

bp = Blueprint("auth", __name__)


class LoginForm(FlaskForm):
    email = EmailField("E-mail", validators=[DataRequired(message="Enter your e-mail."), Length(max=254)])
    password = PasswordField("Password", validators=[DataRequired(message="Enter your password.")])


def safe_next(target: str | None) -> str:
    # Only local paths: never redirect to another site after sign-in.
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("home.index")


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
            return redirect(safe_next(request.args.get("next")))
    status = 200 if not form.errors and error is None else 400
    return render_template("auth/login.html", form=form, error=error), status


@bp.route("/logout", methods=["POST"])
@login_required
def logout():
    sign_out()
    flash("You are signed out.", "info")
    return redirect(url_for("auth.login"))
