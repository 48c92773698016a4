"""§ 256-10C reaches a landowner or land user "where no permit has been issued": an order made
under a permit that another order has since had revoked leads to no cease-and-desist request (its
document would say no permit was issued), nor to a revocation (there is nothing left to revoke)."""

from datetime import date, datetime, timedelta

import pytest

from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import ServiceError, stop_work_compliance, stop_work_issuing
from tests.sync.helpers import signature

RB = default()
ISSUED = clocks.from_local(datetime(2026, 12, 2, 9, 0), RB)


def _posted(db, site, people, ground, notes):
    order = stop_work_issuing.propose_manual(
        db, site, user=people["supervisor"], grounds=[ground], notes=notes, now=ISSUED, rb=RB
    )
    stop_work_issuing.issue(
        db,
        order,
        user=people["supervisor"],
        now=ISSUED,
        rb=RB,
        confirmed=True,
        signature=signature(),
    )
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=ISSUED, rb=RB)
    db.commit()
    return order


@pytest.fixture
def two_orders(db, make, people):
    """Two orders under one permit; the first leads to the permit's revocation."""
    site = make.site(people["supervisor"], name="Twin Lot")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 10, 1),
    )
    first = _posted(db, site, people, "plan_not_implemented", "Silt fence down")
    second = _posted(db, site, people, "conditions_not_met", "No weekly inspections")
    later = stop_work_compliance.compliance_end(first, RB) + timedelta(hours=1)
    stop_work_compliance.revoke_permit(
        db, first, user=people["supervisor"], reason="Fence still down", now=later, rb=RB
    )
    db.commit()
    return site, permit, second, later


WHY = (
    "and since then the permit was revoked: § 256-10B has no permit left to revoke, and "
    "§ 256-10C is for a site where no permit has been issued. Land disturbing activity on the "
    "site without a permit in force is a new ground for a stop-work order (§ 256-10A(1)): "
    "propose one."
)


def test_no_cease_and_desist_request_under_a_permit_revoked_by_another_order(
    db, people, two_orders
):
    _, permit, order, later = two_orders
    assert stop_work_compliance.next_step(db, order, later)["kind"] == "none"
    with pytest.raises(ServiceError) as exc:
        stop_work_compliance.request_cease_desist(
            db, order, user=people["supervisor"], details="Work goes on", now=later, rb=RB
        )
    assert exc.value.message.startswith(
        f"Not requested. This order was made under permit {permit.number}"
    )
    assert WHY in exc.value.message
    with pytest.raises(ServiceError, match="Not revoked. This order was made under permit"):
        stop_work_compliance.revoke_permit(
            db, order, user=people["supervisor"], reason="Again", now=later, rb=RB
        )
    db.rollback()
    assert order.status == "posted" and order.cease_desist_at is None


def test_its_page_says_why_and_offers_no_request(app, client, auth, db, people, two_orders):
    _, _, order, later = two_orders
    auth.login(people["supervisor"].email)
    app.config["CLOCK_NOW"] = later
    page = client.get(f"/orders/{order.id}").text
    assert "Neither revocation nor a cease-and-desist request" in page and WHY in page
    assert "Request cease-and-desist order" not in page and "Revoke permit" not in page
    refused = client.post(
        f"/orders/{order.id}/request-cease-desist", data={"details": "Work goes on"}
    )
    assert refused.status_code == 409 and WHY in refused.text
    document = client.get(f"/orders/{order.id}/cease-desist")
    assert document.status_code == 404
    assert "No permit has been issued" not in document.text
