"""Issue #13 item 4: each role lands on what it does after sign-in, and the office site page opens
with the site's status, what is due (each with its Start) and a Start inspection button; the legal
applicability text comes after."""

from datetime import timedelta

from inspector.models.base import utcnow

from ..conftest import PASSWORD


def test_each_role_lands_on_its_work_and_a_safe_next_still_wins(app, people):
    for role, home in [
        ("inspector", "/app/"),
        ("permittee", "/app/"),
        ("supervisor", "/dashboard"),
    ]:
        response = app.test_client().post(
            "/login", data={"email": people[role].email, "password": PASSWORD}
        )
        assert response.headers["Location"] == home, role
    response = app.test_client().post(
        "/login?next=/sites/", data={"email": people["inspector"].email, "password": PASSWORD}
    )
    assert response.headers["Location"] == "/sites/"


def overdue_site(make, people):
    site = make.site(people["inspector"], name="Overdue Acres")
    company = people["permittee"].company_id
    received = utcnow().date() - timedelta(days=20)
    make.permit(site, company, people["inspector"], issued=True, received_on=received)
    return site


def test_the_site_page_starts_with_status_and_what_is_due(client, auth, make, people):
    site = overdue_site(make, people)
    for role in ("inspector", "permittee"):
        auth.login(people[role].email)
        page = client.get(f"/sites/{site.id}").get_data(as_text=True)
        status, due, legal = (
            page.index('id="status-h"'),
            page.index("Weekly inspection — due"),
            page.index("Does Chapter 256 apply?"),
        )
        assert status < due < legal
        assert "1 inspection overdue" in page[status:due]
        assert "Stop-work order" in page[status:due] and "Permit" in page[status:due]
        # The most urgent due inspection this person may record, one tap from the top of the page.
        start = f'href="/app/inspect?site={site.id}&amp;kind=weekly">Start inspection</a>'
        assert start in page and page.index(start) < status
        assert f'aria-label="Start weekly inspection at {site.name}">Start</a>' in page
        auth.logout()


def test_with_nothing_due_staff_start_the_villages_own_inspection(client, auth, make, people):
    site = make.site(people["inspector"], name="Quiet Lot")  # no permit: nothing is due
    auth.login(people["inspector"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert f'href="/app/inspect?site={site.id}&amp;kind=village">Start inspection</a>' in page
    assert "Nothing due." in page and "No permit on record" in page
    assert page.index("Nothing due.") < page.index("Does Chapter 256 apply?")


def test_a_site_with_no_schedule_says_why_in_one_plain_sentence(client, auth, make, people):
    """The Due panel of a site whose permit is not issued yet read 'Permit not issued yet: inspections
    start when it is issued.: not due — None'."""
    site = make.site(people["inspector"], name="Pending Lot")
    make.permit(site, people["permittee"].company_id, people["inspector"])  # applied, not issued
    auth.login(people["supervisor"].email)
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    panel = page[page.index('id="due-h"') : page.index('id="facts-h"')]
    assert "Permit not issued yet: inspections start when it is issued." in panel
    assert "None" not in panel and ".:" not in panel
