"""A stop-work order's signature field that no pad writes is refused in words, nothing recorded: a
drawing nested deeper than Python's JSON reader goes (some thousands of brackets) made the issue
form answer 500 instead of asking the supervisor to sign again."""

from __future__ import annotations

from inspector.models import StopWorkOrder
from tests.web.test_orders import login, permit_status, proposal  # noqa: F401 (fixture)


def test_a_signature_nested_too_deep_is_refused_and_nothing_is_issued(
    client,
    auth,
    db,
    people,
    proposal,  # noqa: F811
):
    site, order = proposal
    login(auth, people["supervisor"])
    deep = "[" * 200_000 + "]" * 200_000
    refused = client.post(
        f"/orders/{order.id}/issue",
        data={"grounds": ["plan_not_implemented"], "confirm": "yes", "signature": deep},
    )
    assert refused.status_code == 400
    assert "The signature could not be read" in refused.text and "Sign again." in refused.text
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    assert permit_status(db, site) == "issued"
