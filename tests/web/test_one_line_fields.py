"""A one-line field keeps one line: a browser's text box cannot send a line break, a crafted request
can, and a site's name goes into e-mail subjects, which cannot hold one."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Site

from .test_site_readings import login


def test_a_site_name_sent_with_line_breaks_is_stored_on_one_line(client, auth, db, people):
    login(auth, people["inspector"])
    response = client.post(
        "/sites/new",
        data={
            "name": "Quarry\r\nRoad\n",
            "address": "12 Mill\nSt",
            "project_kind": "land_disturbance",
            "area_acres": "8",
        },
    )
    assert response.status_code == 302
    site = db.exec(select(Site).where(Site.name.startswith("Quarry"))).one()
    assert (site.name, site.address) == ("Quarry Road", "12 Mill St")


def test_a_name_of_only_white_space_is_still_refused(client, auth, db, people):
    login(auth, people["inspector"])
    response = client.post(
        "/sites/new",
        data={"name": "\r\n \n", "project_kind": "land_disturbance", "area_acres": "8"},
    )
    assert response.status_code == 400 and "A site needs a name." in response.get_data(as_text=True)


def test_a_site_from_a_tablet_is_held_to_one_line_too():
    from inspector.services import sites

    cleaned = sites.clean_site_data({"name": " Quarry\r\nRoad ", "address": "12\tMill St"})
    assert (cleaned["name"], cleaned["address"]) == ("Quarry Road", "12 Mill St")
