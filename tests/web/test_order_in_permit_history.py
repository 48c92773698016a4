"""The permit's history names the stop-work order that suspended and restored it as every page
names an order ("Stop-work order of Thu 2027-03-11"), with each ground's section once."""

from __future__ import annotations

from datetime import timedelta

from inspector.services import stop_work_compliance
from tests.services.test_enforcement_complied import issued_on_a_failing_inlet, text


def test_the_permit_history_names_the_order_by_its_day_and_its_sections_once(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    _, permit, order, issued_at = issued_on_a_failing_inlet(db, make, people, rb, "History Lot")
    assert [g["citation"] for g in order.grounds] == ["§ 256-10A(2)", "§ 256-10A(2)"]
    stop_work_compliance.mark_complied(
        db,
        order,
        user=people["supervisor"],
        note="Inlet re-set",
        now=issued_at + timedelta(days=1),
        rb=rb,
    )
    db.commit()
    auth.login(people["supervisor"].email)
    page = text(client.get(f"/permits/{permit.id}").text)
    assert "— Stop-work order of Thu 2027-03-11 (§ 256-10A(2)) " in page
    assert "— Stop-work order of Thu 2027-03-11 complied with" in page
