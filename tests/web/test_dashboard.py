"""The dashboard: roles, urgency order, filters, and a number of queries that does not grow with the sites."""

import uuid
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event

from inspector.models import StopWorkOrder
from inspector.models.base import utcnow
from tests.support.enforcement import record_inspection


def login(auth, user):
    auth.logout()
    auth.login(user.email)


@pytest.fixture
def estate(app, db, make, people):
    rb = app.extensions["rulebook"]
    quiet = make.site(people["supervisor"], name="Aaa Quiet Lot")
    make.permit(quiet, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(
        db, quiet, rb, at=utcnow() - timedelta(hours=1), passed=("INLET",), evaluate=False
    )
    busy = make.site(people["supervisor"], name="Zzz Busy Lot")
    make.permit(busy, people["other"].company_id, people["supervisor"], issued=True)
    record_inspection(
        db, busy, rb, at=utcnow() - timedelta(days=2), failed=("INLET",), evaluate=False
    )
    return quiet, busy


def test_roles(client, auth, people, estate):
    login(auth, people["permittee"])
    assert client.get("/dashboard").status_code == 403
    login(auth, people["supervisor"])
    assert client.get("/", follow_redirects=False).headers["Location"].endswith("/dashboard")
    login(auth, people["inspector"])
    assert client.get("/dashboard").status_code == 200


def test_most_urgent_first_and_filters(app, client, auth, people, estate):
    quiet, busy = estate
    app.test_cli_runner().invoke(args=["tick"])  # cron evaluates; opening a page never writes
    login(auth, people["supervisor"])
    page = client.get("/dashboard").text
    # The busy lot has an overdue corrective action and (from the tick's evaluation) a proposal.
    assert page.index("Zzz Busy Lot") < page.index("Aaa Quiet Lot")
    assert "1 overdue" in page and "Proposed — decide" in page
    # Never colour alone: each status word has its symbol, the same as every other page's.
    assert '<span class="status status-good">✔ Issued</span>' in page
    assert '<span class="status status-bad">✖ 1 overdue</span>' in page
    assert '<span class="status status-info">● Due</span>' in page
    needs = client.get("/dashboard?needs=1").text
    assert "Zzz Busy Lot" in needs and "Aaa Quiet Lot" not in needs
    proposed = client.get("/dashboard?order=proposed").text
    assert "Zzz Busy Lot" in proposed and "Aaa Quiet Lot" not in proposed
    assert "Aaa Quiet Lot" in client.get("/dashboard?order=none").text


def count_queries(app, client, url):
    engine = app.extensions["engine"]
    seen = []

    def before(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("SELECT"):  # not BEGIN/COMMIT bookkeeping
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", before)
    try:
        assert client.get(url).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", before)
    return len(seen)


def test_queries_do_not_grow_with_sites(app, client, auth, db, make, people, estate):
    login(auth, people["supervisor"])
    client.get("/dashboard")  # the page-load evaluation runs once, then is throttled
    few = count_queries(app, client, "/dashboard")
    rb = app.extensions["rulebook"]
    for n in range(8):
        site = make.site(people["supervisor"], name=f"Extra {n}")
        make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
        record_inspection(
            db, site, rb, at=utcnow() - timedelta(hours=2), failed=("INLET",), evaluate=False
        )
    many = count_queries(app, client, "/dashboard")
    assert many == few


def test_due_times_are_the_villages_with_their_zone(client, auth, people, estate):
    """Each due time reads in the Village's clock with the zone of its own day; the exact moment
    is only in <time datetime> (UTC, for machines)."""
    import re
    from datetime import datetime
    from zoneinfo import ZoneInfo

    login(auth, people["supervisor"])
    page = client.get("/dashboard").text
    due = re.findall(r'<time datetime="([^"]+)">([^<]+)</time>', page)
    assert due, "no due time on the dashboard"
    this_year = datetime.now(ZoneInfo("America/Chicago")).year
    for moment, shown in due:
        local = datetime.fromisoformat(moment).astimezone(ZoneInfo("America/Chicago"))
        year = f", {local.year}" if local.year != this_year else ""  # late December's January
        assert shown == f"{local:%a %b %-d}{year}, {local:%-I:%M %p %Z}", (moment, shown)
        assert shown.endswith(("CST", "CDT"))


def test_an_issued_order_shows_when_compliance_is_due_in_the_villages_time(
    app, client, auth, db, people, estate
):
    """An order's compliance time on the dashboard: the last local day it gives, as the site page
    says it (a time of local midnight read as the next day's would give a day too many), and once
    it has passed, how many days the ordinance gave (§ 256-10B)."""
    _, busy = estate
    app.config["CLOCK_NOW"] = datetime(2026, 12, 3, 1, 30)  # Wed Dec 2, 7:30 PM CST
    db.add(
        StopWorkOrder(
            id=str(uuid.uuid4()),
            site_id=busy.id,
            # Posted when issued: the ten days run from the posting on the site (§ 256-10A).
            status="posted",
            grounds=[{"ground": "no_permit", "citation": "§ 256-10A", "reason": "r"}],
            issued_at=datetime(2026, 12, 2, 15, 30),
            posted_at=datetime(2026, 12, 2, 15, 30),
            compliance_due=datetime(2026, 12, 13, 6, 0),  # the end of Sat Dec 12, CST
        )
    )
    db.commit()
    login(auth, people["supervisor"])
    row = client.get("/dashboard").text.split("Zzz Busy Lot")[1].split("</tr>")[0]
    assert "comply by the end of Sat 2026-12-12" in row and "2026-12-13" not in row
    assert "days passed" not in row
    app.config["CLOCK_NOW"] = datetime(2026, 12, 13, 6, 0)
    row = client.get("/dashboard").text.split("Zzz Busy Lot")[1].split("</tr>")[0]
    assert "10 days passed" in row


def test_a_permit_past_its_last_day_reads_expired_and_filters_so_before_the_tick(
    app, client, auth, db, make, people
):
    """The dashboard says a permit's status on the Village's day, as its page does: the evening
    after its last valid day, before the nightly tick writes it, it is Expired, not Issued."""
    site = make.site(people["supervisor"], name="Lapsed Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    # The evening of the day after its last valid day (01:30 UTC of the next).
    evening = datetime.combine(permit.expires_on + timedelta(days=2), datetime.min.time())
    app.config["CLOCK_NOW"] = evening + timedelta(hours=1, minutes=30)
    login(auth, people["supervisor"])
    row = client.get("/dashboard").text.split("Lapsed Lot")[1].split("</tr>")[0]
    assert "✖ Expired" in row and "Issued" not in row
    assert "Lapsed Lot" in client.get("/dashboard?permit=expired").text
    assert "Lapsed Lot" not in client.get("/dashboard?permit=issued").text
    db.expire_all()
    assert db.get(type(permit), permit.id).status == "issued"  # the page wrote nothing


def test_an_application_past_its_review_deadline_needs_action(app, client, auth, db, make, people):
    """§ 256-8C: the Village decides within 10 work days of having the application, the plan and
    the fee. The dashboard said nothing of an application left undecided past that day: its row
    read 'Under review' and 'Not active', and 'Needs action only' left it out."""
    from inspector.services import control_plans, permit_clocks

    rb = app.extensions["rulebook"]
    received = utcnow().date() - timedelta(days=30)
    late = make.site(people["supervisor"], name="Forgotten Plat")
    permit = make.permit(
        late, people["permittee"].company_id, people["supervisor"], received_on=received
    )
    for d in rb["control_plan_documents"]:
        control_plans.add_document(
            db,
            permit,
            kind=d["kind"],
            filename="plan.pdf",
            data=b"%PDF-1.4 test",
            user=people["supervisor"],
            rb=rb,
            now=datetime.combine(received, datetime.min.time()) + timedelta(hours=15),
        )
    db.commit()
    due = permit_clocks.clocks_view(db, permit, late, rb, utcnow())["review"].due
    fresh = make.site(people["supervisor"], name="Fresh Plat")
    make.permit(fresh, people["permittee"].company_id, people["supervisor"])  # no plan yet
    login(auth, people["supervisor"])
    page = client.get("/dashboard").text
    row = page[page.index("Forgotten Plat") : page.index("</tr>", page.index("Forgotten Plat"))]
    assert "Needs action" in row
    assert f"Review decision overdue: due {due.isoformat()}" in row
    needs = client.get("/dashboard?needs=1").text
    assert "Forgotten Plat" in needs and "Fresh Plat" not in needs


def test_a_plan_change_awaiting_a_decision_needs_action(app, client, auth, db, make, people):
    """§ 256-8D(3)(c): the permittee may change the control plan only with the Village's written
    permission. A request for it was shown only on its permit's page: the dashboard said nothing,
    so the permittee waited on a decision the supervisor did not know was asked."""
    from inspector.services import control_plans

    site = make.site(people["supervisor"], name="Waiting Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    rb = app.extensions["rulebook"]
    record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=1), passed=("INLET",), evaluate=False
    )
    control_plans.request_modification(
        db, permit, user=people["permittee"], description="Move the basin 40 ft east."
    )
    db.commit()
    login(auth, people["supervisor"])
    page = client.get("/dashboard").text
    row = page[page.index("Waiting Plat") : page.index("</tr>", page.index("Waiting Plat"))]
    assert "Needs action" in row
    assert "1 plan change awaiting a written decision" in row
    assert f'href="/permits/{permit.id}#mod-h"' in row
    assert "Waiting Plat" in client.get("/dashboard?needs=1").text
