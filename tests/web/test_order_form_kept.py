"""A refused stop-work decision keeps what the supervisor wrote: the order page says why and shows
the note or reason again in the box of the form that was sent (before, every box came back empty
and the words were lost). Nothing of the refused decision is stored."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from inspector.services import permit_notices
from tests.support.enforcement import record_inspection

NOTE = "Crew told at the gate at 9:40 & shown the fence <east side>"


def _proposal(app, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Creekside")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    now = utcnow()
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=2),
        now=now - timedelta(days=2),
    )
    db.commit()
    for hours in (3, 1):
        record_inspection(
            db,
            site,
            rb,
            at=now - timedelta(hours=hours),
            failed=("PERIMETER",),
            user=people["inspector"],
        )
    return db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).one()


def test_a_refused_issue_shows_the_note_again_in_its_own_box(app, client, auth, db, make, people):
    order = _proposal(app, db, make, people)
    auth.login(people["supervisor"].email)
    refused = client.post(f"/orders/{order.id}/issue", data={"note": NOTE})  # no ground ticked
    assert refused.status_code == 400 and "at least one ground" in refused.text
    escaped = NOTE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert f'name="note" rows="2">{escaped}</textarea>' in refused.text
    assert refused.text.count(escaped) == 1  # not in the dismiss box
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
