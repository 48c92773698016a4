"""The start page after sign-in: each role lands where its work is."""
from __future__ import annotations

from flask import Blueprint, redirect, url_for

from ..security import login_required

bp = Blueprint("home", __name__)


@bp.route("/")
@login_required
def index():
    return redirect(url_for("sites.index"))
