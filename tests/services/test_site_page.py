"""The site page's timeline lists the stop-work orders the reader may see: the Village's staff every
order, proposals and dismissals included; a permittee only orders issued to it, as the order's own
page (404 for a proposal) and the page's orders section already do."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import StopWorkOrder
from inspector.services import clock, site_page
from tests.sync.helpers import signature_field


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def timeline_of(client, site) -> str:
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    start = page.index('id="timeline-h"')
    return page[start : page.index("</section>", start)]


def order_events(app, db, site, user) -> list:
    """The order events of site_page.read's timeline for `user`."""
    rb = app.extensions["rulebook"]
    sections = site_page.read(db, site, user, clock.now(), rb)
    return [e["item"] for e in sections["timeline"] if e["kind"] == "order"]


def propose(client, auth, db, site, supervisor) -> StopWorkOrder:
    login(auth, supervisor)
    res = client.post(
        f"/sites/{site.id}/orders",
        data={"grounds": ["plan_not_implemented"], "notes": "internal deliberation"},
    )
    assert res.status_code == 303
    db.expire_all()
    order = db.exec(select(StopWorkOrder).where(StopWorkOrder.status == "proposed")).one()
    return order


def test_a_permittee_timeline_shows_no_proposal_nor_its_dismissal(
    app, client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Meadow Ridge")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    order = propose(client, auth, db, site, people["supervisor"])

    login(auth, people["permittee"])
    assert client.get(f"/orders/{order.id}").status_code == 404
    seen = timeline_of(client, site)
    assert order.id not in seen and "Stop-work order" not in seen
    assert order_events(app, db, site, people["permittee"]) == []
    # Staff see the proposal on the timeline, with its link.
    for staff in (people["supervisor"], people["inspector"]):
        login(auth, staff)
        seen = timeline_of(client, site)
        assert order.id in seen and "proposal</a> — Proposed — awaiting a supervisor" in seen, (
            staff.role
        )

    login(auth, people["supervisor"])
    res = client.post(f"/orders/{order.id}/dismiss", data={"reason": "Not enough evidence yet"})
    assert res.status_code == 303
    assert "proposal</a> — Dismissed" in timeline_of(client, site)
    login(auth, people["permittee"])
    seen = timeline_of(client, site)
    assert order.id not in seen and "dismissed" not in seen
    assert order_events(app, db, site, people["permittee"]) == []


def test_an_issued_order_is_on_the_permittees_timeline(app, client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Meadow Ridge")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    order = propose(client, auth, db, site, people["supervisor"])
    res = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": signature_field(),
        },
    )
    assert res.status_code == 303
    login(auth, people["permittee"])
    seen = timeline_of(client, site)
    assert order.id in seen and "— Issued" in seen
    assert [o.id for o in order_events(app, db, site, people["permittee"])] == [order.id]
