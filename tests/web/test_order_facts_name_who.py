"""An order's page names who took each step on it, as it does for the issue and the posting."""

from __future__ import annotations

from datetime import timedelta

from inspector.services import stop_work_compliance
from tests.services.test_enforcement_complied import issued_on_a_failing_inlet, text


def test_the_order_page_names_who_revoked_and_who_dismissed(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    boss = people["supervisor"]
    _, _, order, _ = issued_on_a_failing_inlet(db, make, people, rb, "Decided Lot")
    later = stop_work_compliance.compliance_end(order, rb) + timedelta(hours=1)
    stop_work_compliance.revoke_permit(
        db, order, user=boss, reason="Not repaired", now=later, rb=rb
    )
    db.commit()
    auth.login(boss.email)
    page = text(client.get(f"/orders/{order.id}").text)
    assert f"Permit revoked 2027-03-22 01:00 CDT by {boss.name}: Not repaired" in page
