"""The clock tick (`flask --app app tick`) while a supervisor issues the proposal it is adding new
evidence to: the issued order stays as the supervisor issued and signed it. On PostgreSQL the tick
read the site's orders before taking the writer lock (at its first write), so an order issued
meanwhile was written over as the proposal the tick had read: the signed order was back to
'proposed' (its permit left suspended), with a ground the supervisor never saw."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

from sqlmodel import select

from inspector.models import AuditEvent, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import enforcement, stop_work_proposals
from tests.conftest import PASSWORD
from tests.support.enforcement import commenced_site, pushed_inspection
from tests.sync.helpers import signature

RB = default()
SEEN = (utcnow() - timedelta(days=4)).replace(hour=15, minute=0, second=0, microsecond=0)


def test_an_order_issued_while_the_tick_adds_to_it_stays_as_issued(
    app, db, make, people, monkeypatch
):
    site = commenced_site(db, make, people, SEEN - timedelta(days=1))
    pushed_inspection(db, site, people["inspector"], at=SEEN, fail=("INLET",))
    [order] = stop_work_proposals.evaluate_site(db, site, SEEN + timedelta(hours=30), RB)
    # A second repair, due a day ago: the next tick adds it to the proposal.
    pushed_inspection(
        db, site, people["inspector"], at=SEEN + timedelta(days=2), fail=("PERIMETER",)
    )
    db.commit()
    supervisor = app.test_client()
    assert (
        supervisor.post(
            "/login", data={"email": people["supervisor"].email, "password": PASSWORD}
        ).status_code
        == 302
    )

    facts_read, issued = threading.Event(), threading.Event()
    real_proposal = stop_work_proposals._proposal

    def read_then_wait(*args, **kwargs):  # the site's facts and orders read, nothing written yet
        if threading.current_thread() is ticker:
            facts_read.set()
            issued.wait(3)  # the supervisor issues here, unless the tick holds the decision back
        return real_proposal(*args, **kwargs)

    monkeypatch.setattr(stop_work_proposals, "_proposal", read_then_wait)
    ran: dict = {}
    ticker = threading.Thread(
        target=lambda: ran.update(tick=app.test_cli_runner().invoke(args=["tick"]))
    )

    def issue():
        ran["issue"] = supervisor.post(
            f"/orders/{order.id}/issue",
            data={
                "grounds": [g["ground"] for g in order.grounds],
                "confirm": "yes",
                "signature": json.dumps(signature()),
            },
        )

    deciding = threading.Thread(target=issue)
    ticker.start()
    assert facts_read.wait(20)
    deciding.start()
    deciding.join(3)
    issued.set()
    ticker.join(30)
    deciding.join(30)

    assert ran["tick"].exit_code == 0, ran["tick"].output
    assert ran["issue"].status_code == 303
    db.expire_all()
    order = db.get(StopWorkOrder, order.id)
    assert order.status == "issued"
    # Its history ends with the issue, and its grounds are those the issue recorded.
    assert [e.status for e in enforcement.history(db, order)][-1] == "issued"
    issue_event = db.exec(
        select(AuditEvent)
        .where(AuditEvent.entity == "stop_work_order", AuditEvent.entity_id == order.id)
        .order_by(AuditEvent.id.desc())
    ).first()
    assert issue_event.after["status"] == "issued"
    assert order.grounds == issue_event.after["grounds"]
