"""/calendar: overdue, today and this week, for the user's own sites (staff: all sites)."""

from __future__ import annotations

from datetime import date, timedelta

from inspector.models import Inspection
from inspector.models.base import utcnow


def add_inspection(db, site, started):
    db.add(
        Inspection(
            id=f"i-{site.id}-{started.isoformat()}",
            site_id=site.id,
            kind="weekly",
            inspector_name="Pat",
            inspected_on=started.date(),
            started_at=started,
            catalog_version="t",
        )
    )
    db.commit()


def test_calendar_groups_overdue_and_upcoming_per_company(client, auth, people, make, db):
    mine_late = make.site(people["supervisor"], name="Late Lot")
    mine_soon = make.site(people["supervisor"], name="Soon Lot")
    theirs = make.site(people["supervisor"], name="Rival Yard")
    unissued = make.site(people["supervisor"], name="Waiting Lot")
    for site, company in (
        (mine_late, people["permittee"]),
        (mine_soon, people["permittee"]),
        (theirs, people["other"]),
    ):
        make.permit(
            site,
            company.company_id,
            people["supervisor"],
            issued=True,
            received_on=date.today() - timedelta(days=30),
        )
    make.permit(unissued, people["permittee"].company_id, people["supervisor"])
    now = utcnow()
    add_inspection(db, mine_late, now - timedelta(days=9))
    add_inspection(db, mine_soon, now - timedelta(days=5))
    add_inspection(db, theirs, now - timedelta(days=10))

    auth.login(people["permittee"].email)
    html = client.get("/calendar/").get_data(as_text=True)
    overdue = html.split('id="cal-overdue"')[1].split("</section>")[0]
    week = html.split('id="cal-week"')[1].split("</section>")[0]
    assert "Late Lot" in overdue and "Soon Lot" not in overdue
    assert "Soon Lot" in week
    assert "Rival Yard" not in html  # another company's site
    assert "Waiting Lot" in html.split('id="cal-not_active"')[1] and "not issued" in html
    assert "§ 256-8D(3)(g)" in html

    auth.logout()
    auth.login(people["supervisor"].email)
    html = client.get("/calendar/").get_data(as_text=True)
    assert "Rival Yard" in html.split('id="cal-overdue"')[1].split("</section>")[0]


def test_calendar_needs_sign_in(client):
    assert client.get("/calendar/").status_code in (302, 401)


def test_a_weekly_inspection_due_at_midnight_is_due_today_the_day_before(
    app, client, auth, people, make, db
):
    # No inspection yet: the week runs from the start of the issue day and ends at midnight, the
    # start of the eighth day. On the seventh day the calendar said "Due today: Nothing" and listed
    # it for the coming week; a permittee who trusted it was overdue that night.
    from datetime import datetime, time

    from inspector.rules import clocks
    from inspector.rules.rulebook import default

    site = make.site(people["supervisor"], name="Fresh Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    seventh = permit.issued_on + timedelta(days=6)
    app.config["CLOCK_NOW"] = clocks.from_local(datetime.combine(seventh, time(10, 0)), default())
    auth.login(people["permittee"].email)
    html = client.get("/calendar/").get_data(as_text=True)
    today = html.split('id="cal-today"')[1].split("</section>")[0]
    week = html.split('id="cal-week"')[1].split("</section>")[0]
    assert "Fresh Lot" in today and "Fresh Lot" not in week
