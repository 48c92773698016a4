"""/rain/ says who reads each gauge, from the readings taken there by hand: the Village, or the
company whose permittee read it. Before, a permittee's own gauge that came to stand for another
company's site too was labelled "Read by the Village", and the office saw no reader at all."""

from __future__ import annotations

import re

from inspector.models import SiteGauge
from tests.web.test_rain import linked_site, local_hour_ago  # noqa: F401 (a fixture)


def reader_of(page: str, gauge_name: str) -> str | None:
    """The 'Read by …' words under a gauge's name in the gauges table, or None."""
    row = re.search(rf">{re.escape(gauge_name)}</a>(.*?)</td>", page, re.S)
    assert row, gauge_name
    said = re.search(r"Read by ([^<]+)</span>", row.group(1))
    return said.group(1).strip() if said else None


def test_a_permittees_own_gauge_is_read_by_its_company(
    client,
    auth,
    db,
    make,
    people,
    linked_site,  # noqa: F811
):
    _, gauge = linked_site
    auth.login(people["permittee"].email)
    form = {"gauge_id": gauge.id, "observed_at": local_hour_ago(), "amount_in": "0.2"}
    assert client.post("/rain/readings", data=form).status_code == 302
    auth.logout()
    # Later another company's site is linked to the same gauge (its nearest).
    rival = make.site(people["supervisor"], name="Rival Yard")
    make.permit(rival, people["other"].company_id, people["supervisor"], issued=True)
    db.add(SiteGauge(site_id=rival.id, gauge_id=gauge.id))
    db.commit()

    company = people["permittee"].company.name
    # The rival, which sees the gauge of its own site, is not told another company's name.
    for who, words in (
        ("permittee", company),
        ("supervisor", company),
        ("other", "another company"),
    ):
        auth.login(people[who].email)
        page = client.get("/rain/").get_data(as_text=True)
        assert reader_of(page, "Mill Pond gauge") == words, who
        auth.logout()


def test_the_demo_on_site_gauge_is_badger_utilitys(app, client, auth):
    from inspector import demo
    from inspector.db import get_session

    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    for email in ("permittee@badger-utility.example", "supervisor@fairwater.example"):
        auth.login(email, demo.PASSWORD)
        page = client.get("/rain/").get_data(as_text=True)
        assert reader_of(page, "Badger Utility on-site gauge") == "Badger Utility Contractors", (
            email
        )
        auth.logout()
    # A weather station's readings are imported, not read by anyone here: its kind says whose.
    auth.login("supervisor@fairwater.example", demo.PASSWORD)
    assert (
        reader_of(client.get("/rain/").get_data(as_text=True), "Fairwater 0.4 NE (CoCoRaHS)")
        is None
    )
    auth.logout()
    # No Prairie Builders site uses Badger Utility's gauge (staff linked its site nearby to the
    # station, so Badger may read its own): Prairie's permittee is shown neither it nor Badger's name.
    auth.login("permittee@prairie-builders.example", demo.PASSWORD)
    page = client.get("/rain/").get_data(as_text=True)
    assert "Fairwater 0.4 NE (CoCoRaHS)" in page
    assert "Badger Utility" not in page
