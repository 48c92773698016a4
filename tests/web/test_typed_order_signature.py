"""A supervisor may sign a stop-work order by typing the account's name instead of drawing: the
order is issued with the typed signature, which the order page, its notice and the notice PDF show
as a typed name; any other name is refused in words and nothing is issued."""

from __future__ import annotations

import json

from inspector.documents import pdf as pdf_module
from inspector.models import StopWorkOrder
from tests.documents.test_records import pdf_text
from tests.web.test_orders import login, permit_status, proposal  # noqa: F401 (fixture)


def issue(client, order, typed: str):
    return client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": json.dumps({"typed": typed}),
        },
    )


def test_an_order_signed_by_typing_the_name(
    client,
    auth,
    db,
    people,
    proposal,  # noqa: F811
    monkeypatch,
):
    site, order = proposal
    supervisor = people["supervisor"]
    login(auth, supervisor)
    refused = issue(client, order, "Somebody Else")
    assert refused.status_code == 400
    assert f"Type your name as it is on your account: {supervisor.name}" in refused.text
    assert issue(client, order, "   ").status_code == 400
    db.expire_all()
    assert db.get(StopWorkOrder, order.id).status == "proposed"
    assert permit_status(db, site) == "issued"

    done = issue(client, order, f"  {supervisor.name.upper()} ")
    assert done.status_code == 303
    db.expire_all()
    issued = db.get(StopWorkOrder, order.id)
    assert issued.status == "issued"
    assert issued.issued_signature == {"typed": f"  {supervisor.name.upper()} "}
    for url in (f"/orders/{order.id}", f"/orders/{order.id}/notice"):
        shown = client.get(url).text
        assert f'<p class="typed-name">{supervisor.name.upper()}</p>' in shown, url
        assert f"Signed by typing the name <strong>{supervisor.name}</strong>" in shown, url
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    notice = pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert f"Signed by typing the name {supervisor.name}" in notice


def test_the_issue_form_offers_signing_by_typing_the_name(
    client,
    auth,
    people,
    proposal,  # noqa: F811
):
    _site, order = proposal
    supervisor = people["supervisor"]
    login(auth, supervisor)
    form = client.get(f"/orders/{order.id}").text
    assert '<label for="order-signature-typed">Or type your full name to sign</label>' in form
    assert f"Type it as it is on your account: {supervisor.name}." in form
    assert 'id="order-signature-typed-adopt">Sign with this name</button>' in form
