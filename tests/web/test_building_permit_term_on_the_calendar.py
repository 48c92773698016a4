"""A permit runs to the building permit's last day when that is later than 180 days from issue
(§ 256-8D(1)), a day the permittee types on its application. 9999-12-31 was taken: once the permit
was issued it ran to the calendar's last day, and extending it answered 500 (no day follows it).
Such a day is refused at its field, with nothing recorded."""

from __future__ import annotations

from datetime import date, timedelta

from sqlmodel import func, select

from inspector.models import Permit
from tests.web.test_plain_words_every_page import visible_text


def test_a_building_permit_valid_past_the_calendar_is_refused_at_its_field(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Quarry Road")
    acme = people["permittee"]
    lapsed = make.permit(site, acme.company_id, people["supervisor"], issued=True)
    lapsed.expires_on = date.today() - timedelta(days=2)  # the site is still its to apply for
    db.commit()
    auth.login(acme.email)
    form = {
        "company": acme.company_id,
        "applicant_name": "Sam Lindqvist",
        "building_permit_until": "9999-12-31",
    }
    refused = client.post(f"/sites/{site.id}/permits/apply", data=form)
    assert refused.status_code == 400
    assert "Enter a date between the years 1900 and 2999." in visible_text(refused.text)
    assert db.exec(select(func.count()).select_from(Permit)).one() == 1  # the lapsed one only

    form["building_permit_until"] = "2028-06-30"
    assert client.post(f"/sites/{site.id}/permits/apply", data=form).status_code == 302
