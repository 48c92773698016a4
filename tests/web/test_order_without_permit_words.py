"""An order where no permit has been issued is made to the landowner or land user (§ 256-10C):
its page never speaks of a permittee complying."""

from __future__ import annotations

from datetime import datetime, timedelta

from inspector.services import stop_work_issuing
from tests.services.test_enforcement_complied import text
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature

T0 = datetime(2027, 3, 10, 18, 0)  # Wed 12:00 CST


def test_lifting_an_order_where_no_permit_was_issued_names_the_landowner_or_land_user(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Bare Lot")
    _, _, [order] = record_inspection(
        db, site, rb, at=T0, active=True, passed=("PLAN",), user=people["inspector"]
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=T0 + timedelta(hours=1),
        rb=rb,
        confirmed=True,
        signature=signature(),
    )
    db.commit()
    app.config["CLOCK_NOW"] = T0 + timedelta(hours=2)
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/orders/{order.id}").text)
    assert "How the landowner or land user complied" in page
    assert "permittee" not in page.lower()
    refused = text(client.post(f"/orders/{order.id}/complied", data={"note": ""}).text)
    assert "Say how the landowner or land user complied." in refused
    lifted = client.post(
        f"/orders/{order.id}/complied", data={"note": "Grading stopped"}, follow_redirects=True
    )
    assert "Order lifted: the landowner or land user complied." in text(lifted.text)
