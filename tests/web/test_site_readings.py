"""A supervisor records otherwise what the app takes by the protective reading, with who and when; § 256-4's
excluded uses make a site not regulated, with the words on its page."""

from sqlmodel import select

from inspector.models import AuditEvent, Site


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def test_runoff_reading_recorded_by_a_supervisor_with_who_and_when(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Dry Hollow", disturbed_acres=6.0)
    login(auth, people["supervisor"])
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert (
        "A supervisor can record otherwise" in page and "result in runoff leaving the site" in page
    )
    assert "Filter fences" in page
    refused = client.post(
        f"/sites/{site.id}/readings",
        data={"reading": "runoff_leaves_site", "value": "no", "reason": ""},
        follow_redirects=True,
    )
    assert "Say what the record rests on" in refused.get_data(as_text=True)
    db.expire_all()
    assert db.get(Site, site.id).runoff_leaves_site is True
    login(auth, people["inspector"])
    assert (
        client.post(
            f"/sites/{site.id}/readings",
            data={"reading": "runoff_leaves_site", "value": "no", "reason": "x"},
        ).status_code
        == 403
    )
    login(auth, people["supervisor"])
    done = client.post(
        f"/sites/{site.id}/readings",
        data={
            "reading": "runoff_leaves_site",
            "value": "no",
            "reason": "Closed depression; walked it after rain",
        },
    )
    assert done.status_code == 303
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert f"Recorded by {people['supervisor'].name} on" in page
    assert "None: runoff does not leave the site" in page and "do not apply" in page
    assert (
        "Perimeter controls"
        not in page.split("Checklist items for this site")[1].split("</section>")[0]
    )
    event = db.exec(
        select(AuditEvent).where(AuditEvent.action == "record_runoff_leaves_site")
    ).one()
    assert (
        event.after["reason"].startswith("Closed depression")
        and event.user_id == people["supervisor"].id
    )


def test_an_excluded_use_makes_the_site_not_regulated_with_the_words(client, auth, db, people):
    login(auth, people["inspector"])
    response = client.post(
        "/sites/new",
        data={
            "name": "Orchard Row",
            "address": "2 Farm Ln",
            "project_kind": "land_disturbance",
            "area_acres": "30",
            "excluded_use": "agricultural",
        },
    )
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "No — not regulated" in page and "§ 256-4" in page
    assert "landscaping modifications" in page and "Agricultural land use" in page
    bad = client.post(
        "/sites/new",
        data={
            "name": "X",
            "project_kind": "land_disturbance",
            "area_acres": "30",
            "excluded_use": "mining",
        },
    )
    assert bad.status_code == 400 and "excluded use" in bad.get_data(as_text=True)
