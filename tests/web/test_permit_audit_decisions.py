"""The audit trail shows what a permit's decision changed. Issuing, denying and extending a permit
wrote the number, the days it is valid, the reasons and the extension on the permit before its
status, and the audit entry's "before" was read after them: the audit page showed only "Status:
under review → issued", never the permit's number or last valid day, nor who decided it."""

from __future__ import annotations

import re
from datetime import timedelta

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import permit_applications, permit_duration


def audit_rows(client, permit) -> dict[str, str]:
    """{what happened: the row's changes, as text} on the permit's history in the audit trail."""
    page = client.get(f"/audit/?entity=permit&entity_id={permit.id}").text
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", page, re.S)[1:]:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        text = re.sub(r"<[^>]+>", "", cells[4].replace("</li>", " | "))
        rows[re.sub(r"<[^>]+>", "", cells[3]).strip()] = " ".join(text.split())
    return rows


def test_issuing_and_extending_a_permit_show_its_number_and_last_day(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    boss = people["supervisor"]
    site = make.site(boss, name="Harbor Plat")
    permit = make.permit(site, people["permittee"].company_id, boss, issued=True)
    first_day = permit.expires_on
    today = clocks.local_date(utcnow(), rb)
    permit_duration.extend(
        db, permit, user=boss, days=30, conditions="", rb=rb, today=today - timedelta(days=1)
    )
    db.commit()
    auth.login(boss.email)

    rows = audit_rows(client, permit)
    issued = rows["status changed to issued"]
    assert f"Number: {permit.number}" in issued
    assert "Issued on:" in issued and "Expires on:" in issued
    assert f"Decided by: {boss.name}" in issued
    extended = rows["status changed to extended"]
    assert "Extension days: 0 → 30" in extended
    assert "Expires on:" in extended and f"{permit.expires_on:%Y-%m-%d}" in extended
    assert f"{first_day:%Y-%m-%d}" in extended  # the last day before the extension


def test_denying_an_application_shows_the_reasons(client, auth, db, make, people):
    boss = people["supervisor"]
    site = make.site(boss, name="Harbor Plat")
    permit = make.permit(site, people["permittee"].company_id, boss)
    permit_applications.deny(db, permit, user=boss, reasons="The basin is undersized.")
    db.commit()
    auth.login(boss.email)

    denied = audit_rows(client, permit)["status changed to denied"]
    assert "Decision reason: The basin is undersized." in denied
    assert f"Decided by: {boss.name}" in denied
