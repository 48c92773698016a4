"""Exports: inspections and findings as CSV, sites as GeoJSON (what the user may see, nothing more)."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, g

from ..db import get_session
from ..documents import tables
from ..security import login_required
from ..services import clock

bp = Blueprint("exports", __name__, url_prefix="/exports")


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(
        body,
        mimetype=mimetype,
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@bp.route("/inspections.csv")
@login_required
def inspections_csv():
    return _download(tables.inspections_csv(get_session(), g.user), "text/csv", "inspections.csv")


@bp.route("/findings.csv")
@login_required
def findings_csv():
    rb = current_app.extensions["rulebook"]
    return _download(
        tables.findings_csv(get_session(), g.user, clock.now(), rb), "text/csv", "findings.csv"
    )


@bp.route("/sites.geojson")
@login_required
def sites_geojson():
    return _download(
        tables.sites_geojson(
            get_session(), g.user, clock.now(), current_app.extensions["rulebook"]
        ),
        "application/geo+json",
        "sites.geojson",
    )
