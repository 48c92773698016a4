"""A permittee's site page shows its own company's permits only: another company's application
(a denied one, or the permit of the company that held the site before) is that company's record,
refused on its own page (404), so the site page does not name it, its company or its applicant
either. Staff see every permit of the site."""

from inspector.services import permit_applications


def _rival_denied_then_acme_holds(make, people, db):
    site = make.site(people["supervisor"], name="Quarry Road")
    rival = make.permit(site, people["other"].company_id, people["supervisor"])
    rival.applicant_name = "Rhoda Rivalsen"
    permit_applications.deny(db, rival, user=people["supervisor"], reasons="Plan incomplete.")
    db.commit()
    mine = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    return site, rival, mine


def test_a_permittee_sees_no_other_companys_permit_on_its_site_page(client, auth, people, make, db):
    site, rival, mine = _rival_denied_then_acme_holds(make, people, db)
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert mine.number in text  # its own permit is listed
    assert "Rival Grading" not in text
    assert "Rhoda Rivalsen" not in text
    assert f"/permits/{rival.id}" not in text
    assert client.get(f"/permits/{rival.id}").status_code == 404  # refused on its own page


def test_staff_see_every_permit_of_the_site(client, auth, people, make, db):
    site, rival, mine = _rival_denied_then_acme_holds(make, people, db)
    auth.login(people["inspector"].email)
    text = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Rival Grading" in text and f"/permits/{rival.id}" in text
    assert mine.number in text
