"""One extension asked for twice at once (a double click on "Extend", two supervisors on the same
permit's page): the permit is extended once, by the days the page asked for; the other request is
told it was extended meanwhile and adds nothing."""

from __future__ import annotations

import re
import threading
from datetime import timedelta

from sqlmodel import select

from inspector.models import PermitExtension
from tests.conftest import PASSWORD


def signed_in(app, email):
    client = app.test_client()
    assert client.post("/login", data={"email": email, "password": PASSWORD}).status_code == 302
    return client


def test_two_extensions_sent_from_one_page_at_once_extend_once(app, db, make, people):
    site = make.site(people["supervisor"], name="Quarry Road")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    last_day = permit.expires_on
    other = make.user("supervisor", email="second-supervisor@example.test")
    supervisors = [signed_in(app, people["supervisor"].email), signed_in(app, other.email)]
    form = {"days": 60, "conditions": "", "last_day": last_day.isoformat()}  # the page's
    together = threading.Barrier(2)
    answers: list = [None, None]

    def extend(i):
        together.wait(5)
        answers[i] = supervisors[i].post(f"/permits/{permit.id}/extend", data=form)

    threads = [threading.Thread(target=extend, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    db.commit()
    db.refresh(permit)
    assert permit.extension_days == 60
    assert permit.expires_on == last_day + timedelta(days=60)
    assert len(db.exec(select(PermitExtension)).all()) == 1
    assert sorted(a.status_code for a in answers) == [302, 400]
    refused = next(a for a in answers if a.status_code == 400).get_data(as_text=True)
    assert "This permit was extended meanwhile" in refused
    assert f"{permit.expires_on:%a %Y-%m-%d}" in refused
    # The page shown again carries the new last day: a deliberate second extension goes through.
    page = supervisors[0].get(f"/permits/{permit.id}").get_data(as_text=True)
    seen = re.search(r'name="last_day" value="([^"]+)"', page).group(1)
    assert seen == permit.expires_on.isoformat()
    again = supervisors[0].post(
        f"/permits/{permit.id}/extend", data={"days": 30, "conditions": "", "last_day": seen}
    )
    assert again.status_code == 302
    db.commit()
    db.refresh(permit)
    assert permit.extension_days == 90
