"""A pull tells a permittee nothing of the Village's internal stop-work proposals: no record, and no
deletion either (a deletion would name the proposal's id and when it was made). Staff pull the
proposal; an issued order reaches the permittee, and an order it saw that is gone is still deleted
from its device."""

from __future__ import annotations

from sqlmodel import delete, select

from inspector.models import OrderEvent, StopWorkOrder
from inspector.services import audit
from tests.sync.helpers import signature_field


def pull(client, headers, since=None) -> dict:
    query = {"since": since} if since else {}
    return client.get("/api/v1/sync/pull", query_string=query, headers=headers).get_json()


def orders_in(body) -> list[tuple]:
    return [(c["id"], c["op"]) for c in body["changes"] if c["entity"] == "stop_work_order"]


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def propose(client, auth, db, site, supervisor) -> StopWorkOrder:
    login(auth, supervisor)
    res = client.post(
        f"/sites/{site.id}/orders",
        data={"grounds": ["plan_not_implemented"], "notes": "internal deliberation"},
    )
    assert res.status_code == 303
    auth.logout()
    db.expire_all()
    return db.exec(select(StopWorkOrder).where(StopWorkOrder.status == "proposed")).one()


def test_a_permittee_pulls_nothing_of_a_proposal_nor_of_its_dismissal(
    client, auth, db, people, site_with_permit, device_headers
):
    acme = device_headers(people["permittee"])
    cursor = pull(client, acme)["cursor"]
    order = propose(client, auth, db, site_with_permit, people["supervisor"])

    body = pull(client, acme, cursor)
    assert orders_in(body) == []
    assert order.id not in str(body)
    office = device_headers(people["supervisor"])  # enrolled after the web sign-out
    assert orders_in(pull(client, office)) == [(order.id, "upsert")]

    login(auth, people["supervisor"])
    res = client.post(f"/orders/{order.id}/dismiss", data={"reason": "Not enough evidence yet"})
    assert res.status_code == 303
    later = pull(client, acme, body["cursor"])
    assert orders_in(later) == [] and order.id not in str(later)
    # The cursor moved past the proposal's events: the next pull does not read them again.
    assert later["cursor"] != cursor and not later["has_more"]


def test_an_issued_order_reaches_the_permittee_and_a_gone_one_is_deleted(
    client, auth, db, people, site_with_permit, device_headers
):
    acme = device_headers(people["permittee"])
    cursor = pull(client, acme)["cursor"]
    order = propose(client, auth, db, site_with_permit, people["supervisor"])
    login(auth, people["supervisor"])
    res = client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": signature_field(),
        },
    )
    assert res.status_code == 303
    body = pull(client, acme, cursor)
    assert orders_in(body) == [(order.id, "upsert")]
    # An order the permittee saw that is then gone (its rows removed, the audit trail kept, a
    # last event written for it) is deleted from its device, as before.
    db.exec(delete(OrderEvent).where(OrderEvent.order_id == order.id))
    db.exec(delete(StopWorkOrder).where(StopWorkOrder.id == order.id))
    audit.record(
        db,
        entity="stop_work_order",
        entity_id=order.id,
        action="purge",
        user_id=people["supervisor"].id,
        site_id=site_with_permit.id,
    )
    db.commit()
    assert orders_in(pull(client, acme, body["cursor"])) == [(order.id, "delete")]
