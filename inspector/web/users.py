"""User management (supervisors only)."""
from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, url_for
from sqlmodel import select

from ..db import get_session
from ..models import Company, User
from ..security import roles_required
from ..services import accounts
from .forms import UserForm, commit_or_refuse

bp = Blueprint("users", __name__, url_prefix="/users")


@bp.route("/", methods=["GET", "POST"])
@roles_required("supervisor")
def index():
    session = get_session()
    form = UserForm()
    if form.validate_on_submit():
        ok, _ = commit_or_refuse(session, form, lambda: accounts.create_user(
            session, email=form.email.data, name=form.name.data, role=form.role.data,
            password=form.password.data, company_name=form.company.data, by_user_id=g.user.id))
        if ok:
            flash("User created.", "info")
            return redirect(url_for("users.index"))
    users = list(session.exec(select(User).order_by(User.role, User.email)))
    companies = {c.id: c.name for c in session.exec(select(Company))}
    return render_template("users/index.html", form=form, users=users, companies=companies), 400 if form.errors else 200
