"""The Village's day (America/Chicago), not UTC's, at the awkward moments: 19:30 local (already
the next day in UTC), 23:59, 00:01, the DST changes of 2026-11-01 and 2027-03-14, holidays."""

import io
from datetime import date, datetime

import pytest
from sqlmodel import func, select

from inspector.models import AuditEvent, ControlPlanDocument, Permit, PermitEvent, StopWorkOrder
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import (
    clock,
    control_plans,
    permit_clocks,
    permit_notices,
    stop_work_proposals,
)

RB = default()


def local(*args) -> datetime:
    """A local wall-clock time in Fairwater -> the naive UTC the database keeps."""
    return clocks.from_local(datetime(*args), RB)


def counts(db):
    """What a page load could write about a permit (the site page also evaluates stop-work)."""
    permit_audit = select(func.count()).select_from(AuditEvent).where(AuditEvent.entity == "permit")
    return db.exec(select(func.count()).select_from(PermitEvent)).one(), db.exec(permit_audit).one()


def test_the_villages_day_of_a_moment():
    assert clocks.local_date(local(2026, 12, 2, 19, 30), RB) == date(2026, 12, 2)  # 01:30 UTC, 3rd
    assert clocks.local_date(local(2026, 12, 2, 23, 59), RB) == date(2026, 12, 2)
    assert clocks.local_date(local(2026, 12, 3, 0, 1), RB) == date(2026, 12, 3)
    # The DST days: 25 hours on 2026-11-01, 23 hours on 2027-03-14, each still one local day.
    assert clocks.local_date(local(2026, 11, 1, 23, 30), RB) == date(2026, 11, 1)
    assert clocks.local_date(local(2027, 3, 14, 23, 30), RB) == date(2027, 3, 14)
    assert clocks.local_date(date(2027, 3, 14), RB) == date(2027, 3, 14)


def test_clock_today_is_the_local_day_of_the_pinned_moment(app):
    app.config["CLOCK_NOW"] = local(2026, 12, 2, 19, 30)
    with app.app_context():
        assert clock.now() == datetime(2026, 12, 3, 1, 30)
        assert clock.today() == date(2026, 12, 2)


def street_site(make, people):
    return make.site(
        people["supervisor"],
        project_kind="street_work",
        length_ft=400.0,
        area_acres=None,
        disturbed_acres=None,
    )


def _issued_permit(make, people, received_on):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=received_on,
    )
    return site, permit


@pytest.mark.parametrize(
    ("sent", "said", "shown"),
    [
        # Due by 2026-11-01 (the day DST ends): 19:30 that day is 01:30 UTC on 11-02, still on time.
        ((2026, 11, 1, 19, 30), "On time", "2026-11-01 19:30 CST"),
        ((2026, 11, 2, 0, 1), "Late", "2026-11-02 00:01 CST"),  # day 15, by the Village's days
    ],
)
def test_a_completion_notice_is_on_time_or_late_by_the_villages_day_and_never_a_ground(
    app, client, auth, people, make, db, sent, said, shown
):
    """§ 256-8D(3)(b): installed 10-18, notice due within 14 days. Late or not, once given the
    condition is met (§ 256-10A(3) speaks in the present): no order is proposed."""
    site, permit = _issued_permit(make, people, date(2026, 10, 1))
    permit_notices.notify_completion(
        db,
        permit,
        user=people["permittee"],
        measure="Silt fence",
        installed_on=date(2026, 10, 18),
        now=local(*sent),
        rb=RB,
    )
    db.commit()
    tick = local(2026, 11, 2, 9, 0)
    stop_work_proposals.evaluate_site(db, site, tick, RB)
    db.commit()
    grounds = [g for o in db.exec(select(StopWorkOrder)).all() for g in o.grounds or []]
    assert not [g for g in grounds if g["rule"] == "completion_notice_late"]
    app.config["CLOCK_NOW"] = tick
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    line = page[page.index("Silt fence") :].split("</li>")[0]
    assert said in line and ({"On time", "Late"} - {said}).pop() not in line
    assert shown in line  # the local time with its zone


def test_plan_uploaded_at_1930_starts_the_review_clock_that_local_day(
    app, client, auth, people, make, db
):
    """§ 256-8C: received Thu 2026-11-19 at 19:30 (01:30 UTC, Fri): 10 work days, skipping the
    Village holidays of 11-26 and 11-27, end Mon 2026-12-07 (counted from Friday: Tue 12-08)."""
    site = street_site(make, people)
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 11, 19)
    )
    app.config["CLOCK_NOW"] = local(2026, 11, 19, 19, 30)
    auth.login(people["permittee"].email)
    response = client.post(
        f"/permits/{permit.id}/documents",
        data={
            "kind": RB["control_plan_documents"][0]["kind"],
            "file": (io.BytesIO(b"%PDF-1.4 plan"), "plan.pdf"),
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    doc = db.exec(select(ControlPlanDocument)).one()
    assert doc.uploaded_at == datetime(2026, 11, 20, 1, 30)
    view = permit_clocks.clocks_view(
        db, db.get(Permit, permit.id), site, RB, local(2026, 11, 19, 19, 31)
    )
    assert view["complete_on"] == date(2026, 11, 19)
    assert view["review"].due == date(2026, 12, 7)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "due <strong>2026-12-07</strong>" in page and "2026-12-08" not in page
    doc_line = page[page.index("plan.pdf</a>") :].split("</li>")[0]
    assert "2026-11-19" in doc_line and "2026-11-20" not in doc_line  # the upload's local day


def test_review_clock_skips_the_village_holidays_of_christmas_eve_and_day(people, make, db):
    site = street_site(make, people)
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 12, 2)
    )
    control_plans.add_document(
        db,
        permit,
        kind=RB["control_plan_documents"][0]["kind"],
        filename="p.pdf",
        data=b"%PDF-1.4 p",
        user=people["permittee"],
        rb=RB,
        now=local(2026, 12, 16, 23, 59),
    )
    view = permit_clocks.clocks_view(db, permit, site, RB, local(2026, 12, 17, 8, 0))
    # Wed 12-16: 17, 18, 21, 22, 23, (24, 25 holidays), 28, 29, 30, 31, (Jan 1 holiday), Jan 4.
    assert view["complete_on"] == date(2026, 12, 16) and view["review"].due == date(2027, 1, 4)


def test_permit_page_at_1900_on_its_last_valid_day_is_not_expired_and_writes_nothing(
    app, client, auth, people, make, db
):
    site, permit = _issued_permit(make, people, date(2026, 6, 1))
    last_day = permit.expires_on
    assert last_day == date(2026, 11, 28)
    app.config["CLOCK_NOW"] = local(2026, 11, 28, 19, 0)  # 01:00 UTC on 11-29
    auth.login(people["supervisor"].email)
    before = counts(db)
    for url in (f"/permits/{permit.id}", f"/sites/{site.id}", "/sites/"):
        page = client.get(url).get_data(as_text=True)
        assert "Expired" not in page and "expired" not in page.lower().replace("not expired", "")
    db.expire_all()
    assert db.get(Permit, permit.id).status == "issued"
    assert counts(db) == before
    app.config["CLOCK_NOW"] = local(2026, 11, 29, 0, 1)
    assert "Expired" in client.get(f"/permits/{permit.id}").get_data(as_text=True)
    db.expire_all()
    assert db.get(Permit, permit.id).status == "issued"  # shown, not written, by a page
    assert "1 permit(s) expired" in app.test_cli_runner().invoke(args=["tick"]).output
    db.expire_all()
    assert db.get(Permit, permit.id).status == "expired"


def test_dates_on_pages_are_local_with_the_zone_across_the_spring_change(
    app, client, auth, people, make, db
):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 11, 20)
    )
    # 2027-03-14 03:30 CDT is 08:30 UTC; 01:30 CST that morning is 07:30 UTC.
    kind = RB["control_plan_documents"][0]["kind"]
    control_plans.add_document(
        db,
        permit,
        kind=kind,
        filename="late.pdf",
        data=b"%PDF-1.4 l",
        user=people["permittee"],
        rb=RB,
        now=local(2026, 11, 30, 21, 0),
    )
    db.commit()
    app.config["CLOCK_NOW"] = local(2026, 11, 30, 21, 5)
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    doc_line = page[page.index("late.pdf</a>") :].split("</li>")[0]
    assert "2026-11-30" in doc_line and "2026-12-01" not in doc_line
    with app.test_request_context():
        filters = app.jinja_env.filters
        assert filters["local"](datetime(2027, 3, 14, 7, 30)) == "2027-03-14 01:30 CST"
        assert filters["local"](datetime(2027, 3, 14, 8, 30)) == "2027-03-14 03:30 CDT"
        assert filters["localdate"](datetime(2026, 12, 3, 1, 30)) == "2026-12-02"
        assert filters["localdate"](date(2026, 12, 3)) == "2026-12-03"
