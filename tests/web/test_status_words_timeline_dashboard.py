"""A site's timeline and the dashboard say where an order or a finding stands in the words every
other page uses: they read "cease desist requested", "Revoked permit" and "corrected", the
database's keys with their underscores taken out (and a proposal's link read "issued proposed")."""

from __future__ import annotations

import re
from datetime import timedelta

from sqlmodel import select

from inspector.models import Finding
from inspector.models.base import utcnow
from inspector.services import finding_repairs
from tests.support.enforcement import cease_desist_requested_order, record_inspection


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_an_orders_status_in_the_timeline_and_on_the_dashboard(app, client, db, make, people, auth):
    site, _order = cease_desist_requested_order(db, make, people, app.extensions["rulebook"])
    auth.login(people["supervisor"].email)

    timeline = _text(client.get(f"/sites/{site.id}").get_data(as_text=True))
    assert "— Cease-and-desist requested" in timeline
    assert "cease desist" not in timeline.lower()

    dashboard = _text(client.get("/dashboard").get_data(as_text=True))
    assert "✖ Cease-and-desist requested" in dashboard
    assert "cease desist" not in dashboard.lower()


def test_a_corrected_finding_in_the_timeline(app, client, db, make, people, auth):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Fen Row")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(db, site, rb, at=utcnow() - timedelta(hours=2), failed=("INLET",))
    finding = db.exec(select(Finding).where(Finding.site_id == site.id)).one()
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Inlet protection replaced", now=utcnow()
    )
    db.commit()
    auth.login(people["supervisor"].email)

    timeline = _text(client.get(f"/sites/{site.id}").get_data(as_text=True))
    assert "— Corrected, awaiting verification" in timeline
