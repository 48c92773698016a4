"""The start page after sign-in: each role lands where its work is."""
from __future__ import annotations

from flask import Blueprint, g, redirect, url_for

from ..security import login_required

bp = Blueprint("home", __name__)


@bp.route("/")
@login_required
def index():
    if g.user.role == "supervisor":  # supervisors decide: their work starts at the dashboard
        return redirect(url_for("dashboard.index"))
    return redirect(url_for("sites.index"))
