"""The offline findings page of the field app: a permittee reports a finding's correction — a note
and an "after" photo — with or without a signal; the correction waits in the device's outbox as a `finding`
mutation (docs/sync-protocol.md) and the sync sends it. Inspectors see the same list read-only and verify online."""

from __future__ import annotations

from flask import Blueprint

from .pwa import shell

bp = Blueprint("field_findings", __name__)


@bp.route("/app/findings")
def page():
    """An app-shell page: identical for every user, filled from IndexedDB by static/js/findings-field.js."""
    return shell("app/findings.html")
