"""The start page after sign-in: each role lands where its work is."""

from __future__ import annotations

from flask import Blueprint, g, redirect, url_for

from ..security import login_required

bp = Blueprint("home", __name__)


def home_url(user) -> str:
    if user.role == "supervisor":  # supervisors decide: their work starts at the dashboard
        return url_for("dashboard.index")
    return url_for("sites.index")


@bp.route("/")
@login_required
def index():
    return redirect(home_url(g.user))
