"""An order proposed for corrective actions past their due time names the checklist items by their
titles, not the catalog's codes, and counts them in good English."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from inspector.models.base import utcnow
from inspector.rules import enforcement as rules
from inspector.rules.rulebook import default
from tests.rules.test_enforcement import PERMITTED
from tests.support.enforcement import overdue_inlet_order

RB = default()


def _fact(fid: str, code: str, due) -> rules.FindingFact:
    return rules.FindingFact(id=fid, item_code=code, severity="critical", status="open", due_at=due)


def _reason(*codes) -> str:
    now = utcnow()
    facts = replace(
        PERMITTED,
        findings=tuple(_fact(f"f{i}", c, now - timedelta(days=2)) for i, c in enumerate(codes)),
    )
    [trigger] = [t for t in rules.evaluate(facts, now, RB) if t.rule == "overdue_findings"]
    return trigger.reason


def test_the_grounds_name_the_items_and_count_them():
    inlet, street = (RB.checklist_item(c)["title"] for c in ("INLET", "TRACK-STREET"))
    assert _reason("INLET") == f"1 corrective action past its due time ({inlet})."
    assert _reason("TRACK-STREET", "INLET", "INLET") == (
        f"3 corrective actions past their due time ({inlet}, {street})."
    )


def test_the_orders_page_names_the_items(app, client, auth, db, make, people):
    # It read "1 corrective action(s) past their due time (INLET)".
    rb = app.extensions["rulebook"]
    _, order = overdue_inlet_order(db, make, people, rb)
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").text
    title = rb.checklist_item("INLET")["title"]
    assert f"1 corrective action past its due time ({title})." in page
    assert "action(s)" not in page
