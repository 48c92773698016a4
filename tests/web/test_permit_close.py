"""The permit page lets a supervisor close the permit of a finally stabilized site, says the reading
it takes where the ordinance is silent, and then says on the permit and site pages who closed it,
when (the Village's date) and what was verified."""

from __future__ import annotations

from datetime import timedelta

import pytest

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import permits
from tests.support.enforcement import record_inspection

NOTE = "Final inspection: vegetation established, silt fence removed"
FORM = "Close the permit: the site is finally stabilized"


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def finished(db, make, people, rb):
    """A site under an issued permit whose last inspection found no land disturbance under way."""
    site = make.site(people["supervisor"], name="Finished Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(
        db,
        site,
        rb,
        at=utcnow() - timedelta(hours=2),
        passed=("INLET",),
        active=False,
        user=people["inspector"],
    )
    return site, permit


def test_only_a_supervisor_is_offered_the_close_form(client, auth, db, people, finished, rb):
    _site, permit = finished
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert FORM in page and "The ordinance does not decide this:" in page
    assert rb["clocks.closing.reading_note"][:60] in page
    auth.logout()
    for who in ("permittee", "inspector"):
        auth.login(people[who].email)
        assert FORM not in client.get(f"/permits/{permit.id}").text
        answer = client.post(f"/permits/{permit.id}/close", data={"note": NOTE})
        assert answer.status_code == 403, who
        auth.logout()
    auth.login(people["other"].email)
    assert client.get(f"/permits/{permit.id}").status_code == 404
    auth.logout()
    db.expire_all()
    assert permits.get_permit(db, permit.id).status == "issued"


def test_a_supervisor_closes_it_and_both_pages_say_by_whom_and_when(
    client, auth, db, people, finished, rb
):
    site, permit = finished
    auth.login(people["supervisor"].email)
    empty = client.post(f"/permits/{permit.id}/close", data={"note": "  "})
    assert empty.status_code == 400 and "Write what the Village verified" in empty.text
    done = client.post(f"/permits/{permit.id}/close", data={"note": NOTE})
    assert done.status_code == 302
    today = clocks.local_date(utcnow(), rb).isoformat()
    said = f"Closed on {today} by {people['supervisor'].name}"
    page = client.get(f"/permits/{permit.id}").text
    assert said in page and NOTE in page
    assert f"by {people['supervisor'].name}: {NOTE}" in page.split('class="history"', 1)[1]
    assert FORM not in page and "Extend by" not in page
    assert said in client.get(f"/sites/{site.id}").text
    again = client.post(f"/permits/{permit.id}/close", data={"note": NOTE})
    assert again.status_code == 400 and "already closed" in again.text
    auth.logout()
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert said in page and "Request written permission" not in page


def test_a_refusal_says_why_and_closes_nothing(client, auth, db, people, finished, rb):
    site, permit = finished
    record_inspection(
        db,
        site,
        rb,
        at=utcnow() - timedelta(hours=1),
        failed=("INLET",),
        active=False,
        user=people["inspector"],
        evaluate=False,
    )
    auth.login(people["supervisor"].email)
    answer = client.post(f"/permits/{permit.id}/close", data={"note": NOTE})
    assert answer.status_code == 400
    assert "1 finding on this site is not resolved" in answer.text
    db.expire_all()
    assert permits.get_permit(db, permit.id).status == "issued"
