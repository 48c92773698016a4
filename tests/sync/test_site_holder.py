"""A permittee sees a site, and its records, while its company holds it: its permit in force, or
(none in force) its newest permit that was not denied. A company whose application was denied, or
whose permit ended before another company's took the site over, sees nothing of the holder's
records and cannot write any (404, as for any site it may not see)."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Finding
from inspector.services import permits as permit_service
from tests.sync.helpers import inspection_payload, jpeg, mutation, seal, sha, uid

SECRET = "Rival note about the east swale"


def rival_inspects(client, db, site, people, device_headers):
    """The holder (the `other` company) pushes a weekly inspection with a failure and a photo."""
    rival = device_headers(people["other"])
    photo, pid, iid = jpeg(), uid(), uid()
    payload = inspection_payload(
        site, fail=("PERIMETER",), photos=[(pid, sha(photo))], notes=SECRET
    )
    payload["photos"][0]["item_code"] = "PERIMETER"
    res = client.post(
        "/api/v1/sync/push",
        headers=rival,
        json={"mutations": [mutation("inspection", iid, seal(payload))]},
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    put = client.put(
        f"/api/v1/photos/{pid}",
        data=photo,
        headers={**rival, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(photo)},
    )
    assert put.status_code == 201
    return iid, pid, db.exec(select(Finding).where(Finding.site_id == site.id)).one()


def test_a_denied_applicant_sees_nothing_of_the_holders_records(
    client, auth, db, make, people, device_headers
):
    site = make.site(people["supervisor"], name="Sold Parcel")
    denied = make.permit(site, people["permittee"].company_id, people["supervisor"])
    permit_service.set_status(db, denied, "denied", user_id=people["supervisor"].id)
    db.commit()
    make.permit(site, people["other"].company_id, people["supervisor"], issued=True)
    iid, pid, finding = rival_inspects(client, db, site, people, device_headers)

    auth.login(people["permittee"].email)
    for url in (
        f"/sites/{site.id}",
        f"/inspections/{iid}",
        f"/findings/{finding.id}",
        f"/photos/{pid}",
    ):
        assert client.get(url).status_code == 404, url
    assert iid not in client.get("/exports/inspections.csv").get_data(as_text=True)
    assert client.post(f"/sites/{site.id}/public", data={"action": "off"}).status_code == 404
    # Nor can it write for the site from a tablet.
    acme = device_headers(people["permittee"])
    res = client.post(
        "/api/v1/sync/push",
        headers=acme,
        json={"mutations": [mutation("inspection", uid(), seal(inspection_payload(site)))]},
    ).get_json()
    assert res["results"][0]["status"] == "rejected"
    # The holder still sees its own.
    auth.logout()
    auth.login(people["other"].email)
    assert SECRET in client.get(f"/inspections/{iid}").get_data(as_text=True)


def test_a_former_holder_loses_the_site_when_another_companys_permit_takes_it_over(
    client, auth, db, make, people, device_headers
):
    site = make.site(people["supervisor"], name="Handed Over")
    old = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    assert client.get(f"/sites/{site.id}").status_code == 200  # its own, while it holds it
    permit_service.set_status(db, old, "expired", user_id=people["supervisor"].id)
    db.commit()
    assert client.get(f"/sites/{site.id}").status_code == 200  # expired, nobody else: still its
    make.permit(site, people["other"].company_id, people["supervisor"], issued=True)
    assert client.get(f"/sites/{site.id}").status_code == 404
    auth.logout()
    auth.login(people["other"].email)
    assert client.get(f"/sites/{site.id}").status_code == 200


def test_another_companys_application_does_not_take_a_site_held_under_a_permit_in_force(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Held Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    make.permit(site, people["other"].company_id, people["supervisor"])  # applied, newer
    auth.login(people["permittee"].email)
    assert client.get(f"/sites/{site.id}").status_code == 200
    auth.logout()
    auth.login(people["other"].email)
    assert client.get(f"/sites/{site.id}").status_code == 404


def test_a_former_holders_tablet_is_told_to_drop_the_site_and_learns_nothing_of_the_new_holder(
    client, db, make, people, device_headers
):
    """The tablet pulled the site while its company held it; once another company's permit takes
    the site over, the next pull deletes the site from the tablet (which drops what it kept of it:
    static/js/store.js) and names none of the new holder's records."""
    site = make.site(people["supervisor"], name="Handed Over")
    old = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    acme = device_headers(people["permittee"])
    own = uid()
    res = client.post(
        "/api/v1/sync/push",
        headers=acme,
        json={"mutations": [mutation("inspection", own, seal(inspection_payload(site)))]},
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    first = client.get("/api/v1/sync/pull", headers=acme).get_json()
    assert ("site", str(site.id), "upsert") in {
        (c["entity"], c["id"], c["op"]) for c in first["changes"]
    }

    permit_service.set_status(db, old, "expired", user_id=people["supervisor"].id)
    db.commit()
    make.permit(site, people["other"].company_id, people["supervisor"], issued=True)
    iid, pid, finding = rival_inspects(client, db, site, people, device_headers)

    later = client.get("/api/v1/sync/pull", headers=acme, query_string={"since": first["cursor"]})
    text = later.get_data(as_text=True)
    assert [(c["entity"], c["id"], c["op"], c["data"]) for c in later.get_json()["changes"]] == [
        ("site", str(site.id), "delete", None)
    ]
    for secret in (iid, pid, finding.id, SECRET):
        assert secret not in text
    # What the new holder does there next does not reach the former holder at all, not even when.
    rival_inspects_again = client.post(
        "/api/v1/sync/push",
        headers=device_headers(people["other"]),
        json={"mutations": [mutation("inspection", uid(), seal(inspection_payload(site)))]},
    ).get_json()
    assert rival_inspects_again["results"][0]["status"] == "applied"
    after = client.get(
        "/api/v1/sync/pull",
        headers=acme,
        query_string={"since": later.get_json()["cursor"]},
    ).get_json()
    assert after["changes"] == []
    # From scratch, the former holder's tablet gets nothing of the site but the same deletion.
    fresh = client.get("/api/v1/sync/pull", headers=device_headers(people["permittee"]))
    assert [
        (c["entity"], c["op"]) for c in fresh.get_json()["changes"] if c["id"] == str(site.id)
    ] in ([], [("site", "delete")])
    for secret in (iid, pid, finding.id, SECRET):
        assert secret not in fresh.get_data(as_text=True)
    # A company that never held the site hears nothing of it.
    stranger = make.user("permittee", email="third@example.test", company="Third Trenching")
    body = client.get("/api/v1/sync/pull", headers=device_headers(stranger)).get_json()
    assert all(c["id"] != str(site.id) for c in body["changes"] if c["entity"] == "site")


def test_a_former_holders_late_record_is_refused_in_words_it_can_act_on(
    client, db, make, people, device_headers
):
    """A record made on the tablet before the hand-over and sent after it is refused (404, nothing
    stored), saying why to the company that held the site; a company that never held it hears
    only "No such site.", as for a site that does not exist."""
    site = make.site(people["supervisor"], name="Handed On")
    old = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_service.set_status(db, old, "expired", user_id=people["supervisor"].id)
    db.commit()
    make.permit(site, people["other"].company_id, people["supervisor"], issued=True)

    def push_as(user):
        body = {"mutations": [mutation("inspection", uid(), seal(inspection_payload(site)))]}
        return client.post("/api/v1/sync/push", headers=device_headers(user), json=body)

    [late] = push_as(people["permittee"]).get_json()["results"]
    assert (late["status"], late["code"]) == ("rejected", 404)
    assert "no longer holds this site" in late["reason"] and "Nothing was stored" in late["reason"]
    stranger = make.user("permittee", email="fourth@example.test", company="Fourth Fill")
    [unknown] = push_as(stranger).get_json()["results"]
    assert (unknown["status"], unknown["code"], unknown["reason"]) == (
        "rejected",
        404,
        "No such site.",
    )
