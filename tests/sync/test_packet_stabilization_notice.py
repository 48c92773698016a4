"""The work packet tells the tablet that the permittee's notice of final stabilization waits: the
field home (offline) listed the site's inspections as due with no word of the notice, so a permittee
who had given it could not tell why they were still asked for. The day is the Village's."""

from __future__ import annotations

from datetime import datetime, timedelta

from inspector.models import Permit
from inspector.rules import clocks
from inspector.services import stabilization

WORK = "Seeded and mulched, 70 % cover, silt fence removed"


def _entry(client, headers, site_id):
    body = client.get("/api/v1/sync/pull", headers=headers).get_json()
    [entry] = [
        c["data"] for c in body["changes"] if c["entity"] == "site" and c["id"] == str(site_id)
    ]
    return entry


def test_a_waiting_notice_reaches_the_tablet_with_the_villages_day(
    app, client, db, make, people, device_headers
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Finished Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    headers = device_headers(people["permittee"])
    assert _entry(client, headers, site.id)["permit"]["stabilization_notified"] is None

    # 23:30 in Fairwater is the next day in UTC: the notice is of the Village's day.
    day = permit.issued_on + timedelta(days=10)
    late = clocks.from_local(datetime(day.year, day.month, day.day, 23, 30), rb)
    assert late.date() == day + timedelta(days=1)
    stabilization.notify(
        db,
        db.get(Permit, permit.id),
        user=people["permittee"],
        stabilized_on=permit.issued_on + timedelta(days=9),
        description=WORK,
        now=late,
        rb=rb,
    )
    db.commit()
    for person in ("permittee", "inspector"):
        entry = _entry(client, device_headers(people[person]), site.id)
        assert entry["permit"]["stabilization_notified"] == day.isoformat(), person
        assert any(item["kind"] == "weekly" for item in entry["due"])  # still due

    # Declined: it waits no more.
    stabilization.decline(
        db,
        db.get(Permit, permit.id),
        user=people["supervisor"],
        reason="Bare soil on the north slope",
        now=late + timedelta(hours=1),
        rb=rb,
    )
    db.commit()
    assert _entry(client, headers, site.id)["permit"]["stabilization_notified"] is None


def test_a_notice_on_a_permit_no_longer_in_force_is_not_waiting(
    app, client, db, make, people, device_headers
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Lapsed Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    stabilization.notify(
        db,
        db.get(Permit, permit.id),
        user=people["permittee"],
        stabilized_on=permit.issued_on,
        description=WORK,
        now=clocks.from_local(datetime.combine(permit.issued_on, datetime.min.time()), rb)
        + timedelta(hours=12),
        rb=rb,
    )
    db.get(Permit, permit.id).status = "revoked"
    db.commit()
    entry = _entry(client, device_headers(people["inspector"]), site.id)
    assert entry["permit"]["status"] == "revoked"
    assert entry["permit"]["stabilization_notified"] is None
