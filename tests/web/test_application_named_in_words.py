"""An application has no permit number until it is issued. A person reads it named by the day the
Village received it ("the application received December 2, 2026"), never by its record number
("application #12"): in a refusal, on its page, and on a stop-work order and its notice."""

from __future__ import annotations

import re
from datetime import date, timedelta

from sqlmodel import select

from inspector.models import Permit
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import stop_work_issuing
from tests.sync.helpers import signature
from tests.web.test_compliance_days import _pdf_text
from tests.web.test_plain_words_every_page import visible_text

RECORD_NUMBER = re.compile(r"#\s*\d+\b")
RB = default()


def received_words(day: date) -> str:
    return f"received {day:%B} {day.day}, {day.year}"


def _numbers(html: str) -> list[str]:
    return RECORD_NUMBER.findall(visible_text(html))


def test_a_permittees_second_application_is_refused_naming_the_first_by_its_day(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Quarry Road")
    acme = people["permittee"]
    lapsed = make.permit(site, acme.company_id, people["supervisor"], issued=True)
    lapsed.expires_on = date.today() - timedelta(days=2)  # the site is still its to apply for
    db.commit()
    auth.login(acme.email)
    form = {"company": acme.company_id, "applicant_name": "Sam Lindqvist"}
    assert client.post(f"/sites/{site.id}/permits/apply", data=form).status_code == 302
    refused = client.post(f"/sites/{site.id}/permits/apply", data=form)
    assert refused.status_code == 400
    text = visible_text(refused.text)
    waiting = db.exec(
        select(Permit).where(Permit.site_id == site.id, Permit.number.is_(None))
    ).one()
    assert "is waiting for the Village's decision" in text
    assert received_words(waiting.application_received_on) in text
    assert _numbers(refused.text) == []


def test_staff_recording_a_second_application_are_told_of_the_first_by_its_day(
    client, auth, make, people
):
    site = make.site(people["supervisor"], name="Quarry Road")
    waiting = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    refused = client.post(
        f"/sites/{site.id}/permits/apply",
        data={
            "company": people["permittee"].company_id,
            "applicant_name": "Sam Lindqvist",
            "application_received_on": date.today().isoformat(),
        },
    )
    assert refused.status_code == 400
    text = visible_text(refused.text)
    assert "is still waiting for a decision" in text
    assert received_words(waiting.application_received_on) in text
    assert _numbers(refused.text) == []


def test_an_applications_page_is_headed_by_its_day_received(client, auth, make, people):
    site = make.site(people["supervisor"], name="Quarry Road")
    waiting = make.permit(site, people["permittee"].company_id, people["supervisor"])
    for who in ("supervisor", "permittee"):
        auth.login(people[who].email)
        page = client.get(f"/permits/{waiting.id}").text
        heading = re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
        assert "Application " + received_words(waiting.application_received_on) in heading
        assert _numbers(page) == [], who
        auth.logout()


def test_an_order_under_an_application_names_it_by_its_day(
    client, auth, db, make, people, monkeypatch
):
    monkeypatch.setattr("inspector.documents.pdf.COMPRESS", False)
    site = make.site(people["supervisor"], name="Quarry Road")
    waiting = make.permit(site, people["permittee"].company_id, people["supervisor"])
    now = utcnow()
    order = stop_work_issuing.propose_manual(
        db, site, user=people["supervisor"], grounds=["no_permit"], notes="Grading", now=now, rb=RB
    )
    stop_work_issuing.issue(
        db, order, user=people["supervisor"], now=now, rb=RB, confirmed=True, signature=signature()
    )
    stop_work_issuing.record_posting(db, order, user=people["inspector"], now=utcnow(), rb=RB)
    db.commit()
    assert order.permit_id == waiting.id
    said = received_words(waiting.application_received_on)
    auth.login(people["supervisor"].email)
    for address in (f"/orders/{order.id}", f"/orders/{order.id}/notice"):
        page = client.get(address).text
        assert said in visible_text(page), address
        assert _numbers(page) == [], address
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert said in pdf
    assert f"Application #{waiting.id}" not in pdf
