"""The site page offers a permittee a new permit application only when one can be made, and says
why not in its place, in the words the application itself would be refused with."""

from datetime import date, timedelta

from inspector.rules.rulebook import default

RB = default()
APPLY = "New permit application"


def test_no_application_offered_while_a_permit_is_in_force(client, auth, make, people):
    site = make.site(people["supervisor"], name="Busy Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert APPLY not in page
    until = f"{permit.expires_on:%B} {permit.expires_on.day}, {permit.expires_on.year}"
    assert f"A permit is in force until {until}" in page


def test_no_second_application_offered_while_one_waits(client, auth, make, people):
    site = make.site(people["supervisor"], name="Waiting Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert APPLY not in page
    assert "is waiting for the Village's decision" in page.replace("&#39;", "'")


def test_an_application_is_offered_once_the_permit_lapsed(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Old Lot")
    lapsed = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    lapsed.expires_on = date.today() - timedelta(days=2)
    db.add(lapsed)
    db.commit()
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert APPLY in page


def test_staff_are_still_offered_an_application_beside_a_permit_in_force(
    client, auth, make, people
):
    site = make.site(people["supervisor"], name="Busy Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["inspector"].email)
    assert APPLY in client.get(f"/sites/{site.id}").get_data(as_text=True)
