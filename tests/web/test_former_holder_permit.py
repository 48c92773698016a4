"""A former holder (its permit taken over by another company's) sees none of the site, its permits
included, and adds nothing to it: its old permit's page and plan documents opened, and it could still
send a notice of commencement or of completion and ask for written permission to change the control
plan there, which the Village's dashboard then listed for a site another company holds. The site page
answered 404 and the tablet had dropped the site; the permit pages now answer as for a permit that
does not exist. An applicant still opens its own application, decided or not."""

from __future__ import annotations

import re

from sqlmodel import select

from inspector.models import ControlPlanDocument, PlanModificationRequest
from inspector.services import control_plans, permit_applications, permit_notices

MISSING = 987654
# The sign-out form's CSRF token is signed with the second it was made: two pages asked for across a
# second's turn differ there, and in nothing about the record.
TOKEN = re.compile(r'(name="csrf_token" value=")[^"]*(")')


def as_read(response) -> str:
    return TOKEN.sub(r"\1…\2", response.get_data(as_text=True))


def handed_over(make, people):
    site = make.site(people["supervisor"], name="Handover Lot")
    old = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    new = make.permit(site, people["other"].company_id, people["supervisor"], issued=True)
    return site, old, new


def test_a_former_holder_cannot_open_or_write_to_its_old_permit(client, auth, db, make, people):
    site, old, new = handed_over(make, people)
    doc = control_plans.documents(db, old)[0]
    auth.login(people["permittee"].email)
    assert client.get(f"/sites/{site.id}").status_code == 404
    page, absent = client.get(f"/permits/{old.id}"), client.get(f"/permits/{MISSING}")
    assert page.status_code == absent.status_code == 404
    assert as_read(page) == as_read(absent)
    assert client.get(f"/permits/{old.id}/documents/{doc.id}").status_code == 404
    sent = {
        "modifications": {"description": "Move the stockpile to the north corner"},
        "completion": {"measure": "Silt fence", "installed_on": "2026-12-01"},
        "commencement": {"commenced_at": "2026-12-01T08:00"},
        "acknowledge": {},
    }
    for action, data in sent.items():
        assert client.post(f"/permits/{old.id}/{action}", data=data).status_code == 404, action
    db.expire_all()
    assert db.exec(select(PlanModificationRequest)).all() == []
    assert permit_notices.completion_notices(db, old) == []
    assert db.get(type(old), old.id).commenced_at is None
    assert len(db.exec(select(ControlPlanDocument)).all()) == 2 * len(
        control_plans.documents(db, new)
    )
    auth.logout()
    auth.login(people["other"].email)  # the new holder
    assert client.get(f"/permits/{new.id}").status_code == 200


def test_an_applicant_still_opens_its_own_application_decided_or_not(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Denied Lot")
    denied = make.permit(site, people["permittee"].company_id, people["supervisor"])
    permit_applications.deny(
        db, denied, user=people["supervisor"], reasons="No sediment basin shown."
    )
    db.commit()
    held = make.site(people["supervisor"], name="Held Lot")
    make.permit(held, people["other"].company_id, people["supervisor"], issued=True)
    waiting = make.permit(held, people["permittee"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{denied.id}")
    assert page.status_code == 200 and "No sediment basin shown." in page.get_data(as_text=True)
    assert client.get(f"/permits/{waiting.id}").status_code == 200
