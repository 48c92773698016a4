"""A permit is issued on the day the Village approves its plan (§ 256-8C): an issue date after the
Village's today was taken, and the permit read 'Issued' while not in force, its 180 days counted from
a day not reached. Now refused at the field, nothing written; at 19:30 local (01:30 UTC the next day)
today is still the Village's day."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from inspector.models import Permit
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import control_plans

RB = default()


def test_an_issue_date_after_the_villages_today_is_refused(app, client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    for kind in ("existing_site_map", "site_construction_plan", "final_site_conditions"):
        control_plans.add_document(
            db,
            permit,
            kind=kind,
            filename="plan.pdf",
            data=b"%PDF-1.4 x",
            user=people["supervisor"],
            rb=RB,
        )
    db.commit()
    today = date(2026, 12, 3)
    app.config["CLOCK_NOW"] = clocks.from_local(datetime(2026, 12, 3, 19, 30), RB)  # 01:30 UTC
    auth.login(people["supervisor"].email)
    tomorrow = client.post(
        f"/permits/{permit.id}/issue", data={"issued_on": (today + timedelta(days=1)).isoformat()}
    )
    assert tomorrow.status_code == 400
    assert "cannot be after today (Thu 2026-12-03)" in tomorrow.get_data(as_text=True)
    db.expire_all()
    assert db.get(Permit, permit.id).status != "issued"
    done = client.post(f"/permits/{permit.id}/issue", data={"issued_on": today.isoformat()})
    assert done.status_code == 302
    db.expire_all()
    assert db.get(Permit, permit.id).issued_on == today
