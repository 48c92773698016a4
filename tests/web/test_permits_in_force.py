"""The permit pages keep a permit in force in charge: a permittee's new application is refused, and
one staff record waits beside it, so its overdue inspection stays overdue (§ 256-8D)."""

from datetime import timedelta

from sqlmodel import select

from inspector.models import Permit
from inspector.rules.rulebook import default
from inspector.services import clock, permits, schedule

RB = default()


def _items(db, site):
    items = schedule.due_items_many(db, [site], clock.now(), RB)[site.id]
    return [(i["kind"], i["state"]) for i in items]


def _overdue_site(make, people, today):
    site = make.site(people["supervisor"], name="Busy Lot")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=today - timedelta(days=20),
    )
    return site, permit


def test_reapplying_leaves_the_overdue_inspection_overdue(client, auth, db, make, people):
    today = clock.today(RB)
    site, permit = _overdue_site(make, people, today)
    assert ("weekly", "overdue") in _items(db, site)
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert "A permit is in force" in page and permit.number in page
    assert 'name="applicant_name"' not in page  # nothing to fill in that would be refused
    res = client.post(
        f"/sites/{site.id}/permits/apply",
        data={
            "company": str(people["permittee"].company_id),
            "applicant_name": "Acme",
            "application_received_on": today.isoformat(),
        },
    )
    assert res.status_code == 400
    text = res.get_data(as_text=True)
    assert "has a permit in force" in text and "§ 256-8D(1)" in text and "§ 256-8D(3)(c)" in text
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).all() == [permit]
    assert ("weekly", "overdue") in _items(db, site)
    site_page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Permit not issued yet" not in site_page


def test_staff_record_an_application_that_waits_beside_the_permit_in_force(
    client, auth, db, make, people
):
    today = clock.today(RB)
    site, permit = _overdue_site(make, people, today)
    auth.login(people["supervisor"].email)
    form = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert "does not replace it" in form and 'name="applicant_name"' in form
    res = client.post(
        f"/sites/{site.id}/permits/apply",
        data={
            "company": str(people["other"].company_id),
            "applicant_name": "Rival",
            "application_received_on": today.isoformat(),
        },
        follow_redirects=True,
    )
    assert res.status_code == 200
    text = res.get_data(as_text=True)
    assert f"{permit.number} stays in force, with its inspections and conditions" in text
    assert f"{permit.number} is in force on this site" in text  # the pending permit's page
    assert len(db.exec(select(Permit).where(Permit.site_id == site.id)).all()) == 2
    assert permits.current_permit(db, site.id).id == permit.id
    assert ("weekly", "overdue") in _items(db, site)


def test_every_page_follows_the_permit_in_force_beside_a_pending_application(
    client, auth, db, make, people
):
    """The site page, the dashboard and the sites export name the same current permit as the
    schedule: the one in force, not a newer application waiting beside it."""
    today = clock.today(RB)
    site, permit = _overdue_site(make, people, today)
    make.permit(site, people["other"].company_id, people["supervisor"])  # applied, newer
    auth.login(people["supervisor"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Permit not issued yet" not in page and "Overdue" in page
    row = client.get("/dashboard").get_data(as_text=True).split("Busy Lot")[1].split("</tr>")[0]
    assert "Permit not issued yet" not in row and "Issued" in row and "Overdue" in row
    export = client.get("/exports/sites.geojson").get_json()
    (feature,) = [f for f in export["features"] if f["properties"]["name"] == "Busy Lot"]
    assert feature["properties"]["permit_number"] == permit.number


def test_a_permittee_does_not_file_a_second_application_while_its_first_waits(
    client, auth, db, make, people
):
    # "Record application" pressed twice (or the page reloaded) made two applications for one
    # site, each with its own review clock and its own list of missing documents.
    site = make.site(people["supervisor"], name="Willow Lot")
    first = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    data = {"company": str(people["permittee"].company_id), "applicant_name": "Acme"}
    page = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert "Your application is waiting" in page and f"/permits/{first.id}" in page
    assert 'name="applicant_name"' not in page
    again = client.post(f"/sites/{site.id}/permits/apply", data=data)
    assert again.status_code == 400
    assert "is waiting for the Village" in again.get_data(as_text=True)
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).all() == [first]
