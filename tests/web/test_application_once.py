"""A permittee's application recorded twice at once (two tabs, two people of one company): one
application is recorded and one § 256-8C review clock runs; the other is told the application
already waits. (A double click is one sending: tests/browser/test_forms_sent_once.py.)"""

from __future__ import annotations

import threading
from datetime import date, timedelta

from sqlmodel import Session, select

from inspector.models import Permit
from inspector.services import ServiceError, permit_applications, permits
from tests.conftest import PASSWORD


def signed_in(app, email):
    client = app.test_client()
    assert client.post("/login", data={"email": email, "password": PASSWORD}).status_code == 302
    return client


def applications(db, site) -> list[Permit]:
    db.commit()  # see what the requests committed
    return list(db.exec(select(Permit).where(Permit.site_id == site.id)))


def test_a_permittees_two_tabs_recording_an_application_at_once_record_one(app, db, make, people):
    site = make.site(people["supervisor"], name="Quarry Road")
    acme = people["permittee"]
    lapsed = make.permit(site, acme.company_id, people["supervisor"], issued=True)
    lapsed.expires_on = date.today() - timedelta(days=2)  # the site is still its to apply for
    db.commit()
    tabs = [signed_in(app, acme.email), signed_in(app, acme.email)]
    form = {"company": acme.company_id, "applicant_name": "Sam Lindqvist"}
    together = threading.Barrier(2)
    answers: list = [None, None]

    def record(i):
        together.wait(5)
        answers[i] = tabs[i].post(f"/sites/{site.id}/permits/apply", data=form)

    threads = [threading.Thread(target=record, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    waiting = [p for p in applications(db, site) if p.status in permits.UNDECIDED]
    assert len(waiting) == 1
    assert sorted(a.status_code for a in answers) == [302, 400]
    refused = next(a for a in answers if a.status_code == 400).get_data(as_text=True)
    assert "is waiting for the Village&#39;s decision" in refused


def test_two_applications_of_one_permittee_at_once_make_one(app, make, people, monkeypatch):
    """Below the pages (any caller's own session): on PostgreSQL the check ran before the writer
    lock, so two applications that both looked before either wrote were both recorded."""
    site = make.site(people["supervisor"], name="Quarry Road")
    permittee = people["permittee"]
    looked = threading.Barrier(2)
    waiting_for = permit_applications.pending_application

    def pending_then_meet(*args):
        found = waiting_for(*args)
        try:  # both look before either writes, when nothing keeps them apart
            looked.wait(2)
        except threading.BrokenBarrierError:
            pass
        return found

    monkeypatch.setattr(permit_applications, "pending_application", pending_then_meet)
    outcomes: list = [None, None]

    def apply(i):
        with app.app_context(), Session(app.extensions["engine"]) as session:
            try:
                permit_applications.apply(
                    session,
                    site=session.get(type(site), site.id),
                    company_id=permittee.company_id,
                    applicant_name="Sam Lindqvist",
                    received_on=date.today(),
                    fee_paid_on=None,
                    building_permit_until=None,
                    user=session.get(type(permittee), permittee.id),
                    today=date.today(),
                )
                session.commit()
                outcomes[i] = "recorded"
            except ServiceError as exc:
                session.rollback()
                outcomes[i] = exc.message

    threads = [threading.Thread(target=apply, args=(i,)) for i in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    with Session(app.extensions["engine"]) as session:
        recorded = list(session.exec(select(Permit).where(Permit.site_id == site.id)))
    assert len(recorded) == 1
    assert outcomes.count("recorded") == 1
    refusal = next(o for o in outcomes if o != "recorded")
    assert "is waiting for the Village's decision" in refusal


def test_staff_record_no_second_application_beside_one_that_waits(
    app, db, client, auth, make, people
):
    """A paper application typed in again (or a second clerk's copy) ran a second § 256-8C review
    clock for the same company and site: one of the two was never decided and went overdue."""
    site = make.site(people["supervisor"], name="Quarry Road")
    acme = people["permittee"]
    first = make.permit(site, acme.company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    form = {
        "company": acme.company_id,
        "applicant_name": "Sam Lindqvist",
        "application_received_on": (date.today() - timedelta(days=3)).isoformat(),
    }
    refused = client.post(f"/sites/{site.id}/permits/apply", data=form)
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "is still waiting for a decision. Decide it (issue or deny) on its page" in page
    assert [p.id for p in applications(db, site)] == [first.id]
