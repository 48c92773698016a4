"""The audit trail writes an order's compliance deadline as the order and its notice do: the end
of the tenth day, never the next day's "00:00"."""

from __future__ import annotations

from tests.services.test_enforcement_complied import issued_on_a_failing_inlet, text


def test_the_audit_trail_writes_a_midnight_deadline_as_the_day_it_ends(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    _, _, order, _ = issued_on_a_failing_inlet(db, make, people, rb, "Audited Lot")
    auth.login(people["supervisor"].email)
    notice = text(client.get(f"/orders/{order.id}/notice").text)
    assert "Compliance due by the end of Sun 2027-03-21" in notice
    page = text(client.get("/audit/", query_string={"entity": "stop_work_order"}).text)
    assert "Compliance due : the end of Sunday March 21, 2027 (midnight CDT)" in page
    assert "2027-03-22 00:00" not in page
