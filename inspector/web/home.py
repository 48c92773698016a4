"""The start page after sign-in: each role lands where its work is."""

from __future__ import annotations

from flask import Blueprint, g, redirect, url_for

from ..security import login_required

bp = Blueprint("home", __name__)


def home_url(user) -> str:
    if user.role == "supervisor":  # supervisors decide: their work starts at the dashboard
        return url_for("dashboard.index")
    # Inspectors and permittees inspect: the field app opens on what is due, overdue first, each
    # with its Start button (it works offline from the work packet on the device).
    return url_for("pwa.home")


@bp.route("/")
@login_required
def index():
    return redirect(home_url(g.user))
