"""What a person opening the office pages for the first time needs to read there: where to go next,
and words rather than the database's keys."""

from datetime import timedelta

from inspector.models.base import utcnow
from tests.support.enforcement import overdue_inlet_order, record_inspection


def test_a_permittee_is_told_how_to_apply_for_a_new_site(app, client, auth, people):
    # A permittee cannot add a site; with no word about it, the Sites page was a dead end for a
    # contractor with a new project.
    auth.login(people["permittee"].email)
    page = client.get("/sites/").text
    assert "New project?" in page
    assert "erosion@fairwater.example" in page  # the Village's contact, from the rulebook
    assert "records your application" in page


def test_the_timeline_names_each_inspection_in_words(app, client, auth, db, make, people):
    # It read "village by Test Inspector" and "post rain by …": the database's keys, not words.
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Elm Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    for hours, kind in ((5, "village"), (3, "post_rain"), (1, "weekly")):
        record_inspection(
            db, site, rb, at=utcnow() - timedelta(hours=hours), kind=kind, evaluate=False
        )
    auth.login(people["permittee"].email)
    page = client.get(f"/sites/{site.id}").text
    for words in ("Village inspection by", "Inspection after rain by", "Weekly inspection by"):
        assert f">{words} Test Inspector<" in page, words


def test_an_orders_page_leads_to_the_records_an_attorney_needs(app, client, auth, db, make, people):
    # The order's page printed only its notice, and only once issued; the site's regulator packet
    # (every report with its photos, the findings, the orders, the rain log, the permit and its
    # clocks, with their seals) was two pages away, and nothing on the order said so.
    rb = app.extensions["rulebook"]
    site, order = overdue_inlet_order(db, make, people, rb)
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").text
    assert f'href="/sites/{site.id}/packet"' in page
    assert "Regulator packet" in page


def test_a_page_for_another_role_says_whose_it_is(client, auth, people):
    # It said "You don't have the permission to access the requested resource. It is either
    # read-protected or not readable by the server.": the server's words, with nothing to do.
    auth.login(people["permittee"].email)
    page = client.get("/dashboard")
    assert page.status_code == 403
    assert "Only Village staff (inspectors and supervisors)" in page.text
    assert "you are signed in as a permittee" in page.text
    assert "not readable by the server" not in page.text
    auth.logout()
    auth.login(people["inspector"].email)
    page = client.get("/users/")
    assert page.status_code == 403
    assert (
        "Only Village supervisors" in page.text and "you are signed in as an inspector" in page.text
    )


def test_the_records_check_not_run_yet_says_what_to_do(client, auth, people):
    # A supervisor's first dashboard said "The tick runs it once a day; flask --app app verify
    # runs it now.": what the check is, and who does what, was left to the reader.
    auth.login(people["supervisor"].email)
    page = client.get("/dashboard").text
    assert "Not run yet" in page
    assert "checks that no stored record was changed outside the app" in page
    assert "ask whoever runs the server" in page


def test_the_dashboard_filters_are_in_words(client, auth, people):
    # They offered "none", "under review", "revoked permit", "cease desist requested": keys.
    auth.login(people["supervisor"].email)
    page = client.get("/dashboard").text
    for words in (
        "No permit",
        "Under review",
        "No order",
        "Permit revoked",
        "Cease-and-desist requested",
    ):
        assert f">{words}</option>" in page, words
    assert ">cease desist requested<" not in page
