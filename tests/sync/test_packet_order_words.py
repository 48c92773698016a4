"""The work packet says where a site's stop-work order stands in the pages' words: the field home
read "Stop-work order: cease desist requested" and "revoked permit", the database's keys."""

from __future__ import annotations

from datetime import timedelta

from inspector.models.base import utcnow
from inspector.services import enforcement
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature


def test_an_orders_status_reaches_the_tablet_in_words(
    app, client, db, make, people, device_headers
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Lapsed Lot")
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=200),
    )
    now = utcnow()
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), passed=("INLET",), user=people["inspector"]
    )
    enforcement.issue(
        db, order, user=people["supervisor"], now=now, rb=rb, confirmed=True, signature=signature()
    )
    db.commit()
    later = order.compliance_due + timedelta(minutes=1)
    enforcement.request_cease_desist(
        db, order, user=people["supervisor"], details="Grading goes on", now=later, rb=rb
    )
    db.commit()

    for person in ("inspector", "permittee"):
        body = client.get("/api/v1/sync/pull", headers=device_headers(people[person])).get_json()
        [entry] = [c["data"] for c in body["changes"] if c["entity"] == "site"]
        assert entry["stop_work"]["status"] == "cease_desist_requested"
        assert entry["stop_work"]["status_words"] == "Cease-and-desist requested", person
