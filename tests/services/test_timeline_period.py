"""The site page's timeline is the last 6 weeks, as its empty state says ("Nothing in the last 6
weeks") and as its findings, notices and rain are: inspections received up to 72 days ago were
listed too, so a supervisor saw visits of two months ago beside none of that time's findings or rain.
An inspection received in the period is listed whenever its visit was (a late record is news)."""

from __future__ import annotations

import re
from datetime import timedelta

from inspector.models.base import utcnow
from tests.services.test_site_page import timeline_of
from tests.support.enforcement import record_inspection


def inspected(db, site, rb, name: str, *, visited_days_ago: int, received_days_ago: int):
    inspection, _, _ = record_inspection(
        db, site, rb, at=utcnow() - timedelta(days=visited_days_ago), evaluate=False
    )
    inspection.inspector_name = name
    inspection.received_at = utcnow() - timedelta(days=received_days_ago)
    db.add(inspection)
    db.commit()


def test_the_timeline_lists_what_came_in_the_last_six_weeks(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Heron Flats")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    inspected(db, site, rb, "Ann Before", visited_days_ago=50, received_days_ago=50)
    inspected(db, site, rb, "Bo Late", visited_days_ago=50, received_days_ago=10)
    inspected(db, site, rb, "Cy Within", visited_days_ago=40, received_days_ago=40)
    auth.login(people["supervisor"].email)

    seen = timeline_of(client, site)
    assert "Cy Within" in seen
    assert "Bo Late" in seen and re.search(r"Received \d\d days after the visit", seen)
    assert "Ann Before" not in seen
