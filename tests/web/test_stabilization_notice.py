"""The permit page lets the permittee tell the Village its site is finally stabilized, says that
the notice closes nothing (inspections stay due until the Village closes the permit), and shows a
waiting notice to the supervisor beside the close form and on the dashboard as "Asks to close"."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from markupsafe import escape
from sqlalchemy import event
from sqlmodel import func, select

from inspector.models import AuditEvent, Permit
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import stabilization

WORK = "Seeded and mulched, 70 % cover, silt fence removed"
BUTTON = "Notify final stabilization"
STILL_DUE = "Inspections stay due until the Village closes the permit"


@pytest.fixture
def rb(app):
    return app.extensions["rulebook"]


@pytest.fixture
def permit(make, people):
    site = make.site(people["supervisor"], name="Finished Lot")
    return make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)


def written(db) -> int:
    return db.exec(select(func.count()).select_from(AuditEvent)).one()


def day_words(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def give(client, permit, *, on=None, work=WORK):
    on = on or permit.issued_on + timedelta(days=1)
    return client.post(
        f"/permits/{permit.id}/stabilization",
        data={"stabilized_on": on.isoformat(), "work_done": work},
    )


def test_the_permittee_is_told_the_notice_closes_nothing(client, auth, people, permit, rb):
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert BUTTON in page
    assert "Giving this notice does not close the permit: inspections stay due until" in page
    assert str(escape(rb["clocks.stabilization_notice.reading_note"]))[:80] in page
    auth.logout()
    auth.login(people["inspector"].email)
    assert BUTTON not in client.get(f"/permits/{permit.id}").text


def test_the_permittee_gives_it_and_the_pages_say_inspections_stay_due(
    client, auth, db, people, permit, rb
):
    auth.login(people["permittee"].email)
    answer = give(client, permit)
    assert answer.status_code == 302
    page = client.get(answer.headers["Location"]).text
    assert "Notice of final stabilization sent. " + STILL_DUE in page
    today = clocks.local_date(utcnow(), rb)
    stabilized = day_words(permit.issued_on + timedelta(days=1))
    assert (
        f"You notified on {day_words(today)} that the site was finally stabilized on "
        f"{stabilized}: {WORK}" in page
    )
    assert STILL_DUE + ".</strong>" in page and BUTTON not in page
    db.expire_all()
    assert db.get(Permit, permit.id).status == "issued"
    site_page = client.get(f"/sites/{permit.site_id}").text
    assert f"Final stabilization notified {day_words(today)}" in site_page
    assert STILL_DUE in site_page
    # A second one while the first waits: refused, said, nothing written.
    before = written(db)
    again = give(client, permit, work="Again")
    assert again.status_code == 400 and "is waiting for the Village" in again.text
    assert written(db) == before


def test_only_the_permits_permittee_or_a_supervisor_gives_it(client, auth, db, people, permit):
    before = written(db)
    auth.login(people["inspector"].email)
    assert give(client, permit).status_code == 403
    auth.logout()
    auth.login(people["other"].email)
    assert give(client, permit).status_code == 404
    auth.logout()
    assert written(db) == before
    auth.login(people["supervisor"].email)
    assert give(client, permit).status_code == 302
    assert stabilization.waiting(db, permit)["by"] == people["supervisor"].name


def test_bad_input_is_said_at_its_field_and_nothing_is_written(
    app, client, auth, db, people, permit, rb
):
    auth.login(people["permittee"].email)
    before = written(db)
    empty = give(client, permit, work="  ")
    assert empty.status_code == 400 and "Say what was done to stabilize the site" in empty.text
    assert 'id="work_done-err"' in empty.text
    early = give(client, permit, on=permit.issued_on - timedelta(days=1))
    assert early.status_code == 400 and "not before it was issued" in early.text
    # 19:30 in Fairwater: UTC is on the next day already, the Village is not.
    day = permit.issued_on + timedelta(days=3)
    app.config["CLOCK_NOW"] = clocks.from_local(datetime(day.year, day.month, day.day, 19, 30), rb)
    future = give(client, permit, on=day + timedelta(days=1))
    assert future.status_code == 400 and "cannot be in the future" in future.text
    assert 'id="stabilized_on-err"' in future.text
    assert written(db) == before
    assert give(client, permit, on=day).status_code == 302


def test_the_supervisor_reads_it_beside_the_close_form_and_on_the_dashboard(
    client, auth, db, make, people, permit
):
    quiet = make.site(people["supervisor"], name="Quiet Lot")
    make.permit(quiet, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    give(client, permit)
    auth.logout()
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    close = page[page.index('id="close-h"') : page.index("Close the permit</button>")]
    assert f"The permittee ({people['permittee'].name}) notified on" in close
    assert WORK in close and "Answers the permittee’s notice of final stabilization" in close
    assert "Decline the notice" in page
    dashboard = client.get("/dashboard").text
    rows = dashboard.split("<tr")
    [finished] = [r for r in rows if "Finished Lot" in r]
    [other] = [r for r in rows if "Quiet Lot" in r]
    assert "Asks to close" in finished and "Needs action" in finished
    assert "Asks to close" not in other
    # Declined: no longer asking; the permittee reads why and may give a new one.
    answer = client.post(
        f"/permits/{permit.id}/stabilization/decline",
        data={"decline_reason": "Bare soil on the east slope"},
    )
    assert answer.status_code == 302
    assert "Asks to close" not in client.get("/dashboard").text
    auth.logout()
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert "The Village declined the notice of final stabilization given" in page
    assert "Bare soil on the east slope" in page and BUTTON in page


def test_dashboard_queries_do_not_grow_with_notices(app, client, auth, db, make, people, permit):
    auth.login(people["supervisor"].email)
    client.get("/dashboard")  # the page-load evaluation runs once, then is throttled
    few = _selects(app, client)
    for n in range(4):
        site = make.site(people["supervisor"], name=f"Stable {n}")
        permit = make.permit(
            site, people["permittee"].company_id, people["supervisor"], issued=True
        )
        assert give(client, permit).status_code == 302
    many = _selects(app, client)
    assert many == few


def _selects(app, client) -> int:
    seen = []

    def before(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append(statement)

    engine = app.extensions["engine"]
    event.listen(engine, "before_cursor_execute", before)
    try:
        page = client.get("/dashboard")
        assert page.status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", before)
    return len(seen)


def test_the_pages_with_a_notice_read_in_plain_words_each_id_once(client, auth, people, permit):
    from tests.support import pages
    from tests.web.test_ids_unique_every_page import repeated_ids
    from tests.web.test_plain_words_every_page import visible_text

    auth.login(people["permittee"].email)
    give(client, permit)
    urls = {
        "permittee": [f"/permits/{permit.id}", f"/sites/{permit.site_id}"],
        "supervisor": [
            f"/permits/{permit.id}",
            f"/sites/{permit.site_id}",
            "/dashboard",
            "/audit/",
        ],
    }
    for who, shown in urls.items():
        auth.logout()
        auth.login(people[who].email)
        for url in shown:
            html = client.get(url).text
            assert pages.raw_words(visible_text(html)) == [], (who, url)
            assert repeated_ids(html) == [], (who, url)
