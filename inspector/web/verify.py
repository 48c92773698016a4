"""The public verification page a printed record's QR code opens: anyone, signed in or not, sees the
kind of record, when it was received and sealed, and whether it is unchanged. Nothing else: no
names, no site, no content. The address is the seal itself (64 hex digits), so it cannot be guessed.
"""

from __future__ import annotations

import re

from flask import Blueprint, abort, render_template, url_for

from ..db import get_session
from ..services import seals

bp = Blueprint("verify", __name__)
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def seal_info(session, kind: str, record_id) -> dict | None:
    """What a printed document carries about its record's current seal (None: not sealed)."""
    latest = seals.latest_seal(session, kind, record_id)
    if latest is None:
        return None
    return {
        "seal": latest.seal,
        "seq": latest.seq,
        "sealed_at": latest.sealed_at,
        "origin": latest.origin,
        "url": url_for("verify.show", value=latest.seal, _external=True),
    }


@bp.route("/verify/<value>")
def show(value: str):
    value = value.lower()
    if not HEX64.match(value):
        abort(404)
    session = get_session()
    found = seals.describe(session, value)
    if found is None:
        abort(
            404,
            description="No record carries this seal. Check the address against the printed one.",
        )
    session.commit()  # a read: end the transaction at once
    return render_template("verify/show.html", **found)
