"""A site's public records page (NR 216.48(4)(c)): turned on and off by the Village or the site's
permittee, opened without signing in at an unguessable address that changes when it is turned on
again, showing the permit, the latest weekly and post-rain reports with their photos (and marks),
the rain log and open findings, and no personal contact data; the sign sheet's QR code."""

from __future__ import annotations

import re

import segno
from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import AuditEvent, PublicRecords
from inspector.services import devices as device_auth
from inspector.services import seals
from tests.sync.helpers import jpeg, mutation, seal, sha, uid


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def turn(client, site_id, action):
    return client.post(f"/sites/{site_id}/public", data={"action": action})


def token_of(db, site_id):
    db.expire_all()
    row = db.get(PublicRecords, site_id)
    return row.token if row else None


def push_inspection(client, db, user, site, *, photos=(), upload=(), **overrides):
    """An inspection pushed from `user`'s tablet, with the bytes of the photos in `upload`."""
    from tests.sync.helpers import inspection_payload

    _device, token = device_auth.enroll(db, user, f"tablet {uid()[:6]}")
    db.commit()
    headers = {"Authorization": f"Bearer {token}"}
    payload = seal(
        {
            **inspection_payload(site, photos=[(pid, digest) for pid, digest, _ in photos]),
            **overrides,
        }
    )
    for i, (_pid, _digest, marks) in enumerate(photos):
        if marks:
            payload["photos"][i]["marks"] = marks
    payload = seal(payload)
    inspection_id = uid()
    result = client.post(
        "/api/v1/sync/push",
        headers=headers,
        json={"device_id": uid(), "mutations": [mutation("inspection", inspection_id, payload)]},
    ).get_json()["results"][0]
    assert result["status"] == "applied", result
    for pid, data in upload:
        put = client.put(
            f"/api/v1/photos/{pid}",
            data=data,
            headers={**headers, "Content-Type": "image/jpeg", "X-Content-SHA256": sha(data)},
        )
        assert put.status_code == 201, put.get_json()
    return inspection_id


def published_site(client, db, auth, make, people, name="Harbor Plat"):
    site = make.site(people["supervisor"], name=name, latitude=43.1, longitude=-88.9)
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    return site, permit


ARROW = [{"kind": "arrow", "from": [0.1, 0.2], "to": [0.5, 0.6]}]


def test_turned_on_it_opens_without_sign_in_off_it_is_404_on_again_a_new_address(
    client, db, auth, make, people
):
    site, permit = published_site(client, db, auth, make, people)
    data = jpeg()
    pid = uid()
    inspection_id = push_inspection(
        client,
        db,
        people["inspector"],
        site,
        photos=[(pid, sha(data), ARROW)],
        upload=[(pid, data)],
    )
    login(auth, people["supervisor"])
    page = client.get(f"/sites/{site.id}").text
    assert "Public records page" in page and "Turn the public page on" in page
    assert turn(client, site.id, "on").status_code == 303
    first = token_of(db, site.id)
    assert first and len(first) >= 32 and str(site.id) != first
    page = client.get(f"/sites/{site.id}").text
    assert f"/public/{first}" in page and "Sign PDF (Letter)" in page
    assert "DNR told the address" in page and "Not yet recorded" in page

    auth.logout()
    response = client.get(f"/public/{first}")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    body = response.text
    assert "Harbor Plat" in body and permit.number in body
    assert "Weekly inspection, " in body and "Pat Field" in body
    sealed = seals.latest_seal(db, "inspection", inspection_id)
    assert f"/verify/{sealed.seal}" in body
    # The photo, through the page's own address, with the arrow drawn over it.
    assert f"/public/{first}/photos/{pid}" in body
    assert 'class="marks-overlay"' in body and "mark-arrow" in body
    photo = client.get(f"/public/{first}/photos/{pid}")
    assert photo.status_code == 200 and photo.data.startswith(b"\xff\xd8")

    login(auth, people["supervisor"])
    assert turn(client, site.id, "off").status_code == 303
    auth.logout()
    assert client.get(f"/public/{first}").status_code == 404
    assert client.get(f"/public/{first}/photos/{pid}").status_code == 404

    login(auth, people["permittee"])  # the site's permittee may turn it on again
    response = turn(client, site.id, "on")
    assert response.status_code == 303
    assert "new address" in client.get(response.headers["Location"]).text
    second = token_of(db, site.id)
    assert second and second != first
    auth.logout()
    assert client.get(f"/public/{first}").status_code == 404
    assert client.get(f"/public/{second}").status_code == 200
    actions = [
        e.action
        for e in db.exec(
            select(AuditEvent).where(AuditEvent.entity == "public_records").order_by(AuditEvent.id)
        )
    ]
    assert actions == ["turn_on", "turn_off", "turn_on"]
    trail = "".join(str(e.before) + str(e.after) for e in db.exec(select(AuditEvent)))
    assert first not in trail and second not in trail  # the trail never holds an address


def test_only_the_village_or_the_sites_permittee_may_switch_it(client, db, auth, make, people):
    site, _permit = published_site(client, db, auth, make, people)
    login(auth, people["inspector"])
    assert turn(client, site.id, "on").status_code == 403
    assert "Turn the public page on" not in client.get(f"/sites/{site.id}").text
    login(auth, people["other"])  # another company's permittee: the site does not exist for it
    assert turn(client, site.id, "on").status_code == 404
    assert client.get(f"/sites/{site.id}/public/sign.pdf").status_code == 404
    assert token_of(db, site.id) is None
    auth.logout()
    assert turn(client, site.id, "on").status_code == 302  # to the sign-in page


def test_the_page_carries_no_personal_contact_data(client, db, auth, make, people):
    site, _permit = published_site(client, db, auth, make, people)
    push_inspection(
        client,
        db,
        people["permittee"],
        site,
        notes="Call the foreman at (920) 555-0142 or foreman@acme.example about the gate",
    )
    login(auth, people["permittee"])
    turn(client, site.id, "on")
    auth.logout()
    body = client.get(f"/public/{token_of(db, site.id)}").text
    assert "about the gate" in body and "[contact removed]" in body
    assert "555-0142" not in body and "foreman@acme.example" not in body
    for person in people.values():
        assert person.email not in body
        assert person.name not in body  # account names: only the name as on the report
    assert "Applicant" not in body  # the permit's applicant is a person
    assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", body)


def test_a_token_reaches_only_the_photos_of_its_own_records(client, db, auth, make, people):
    site_a, _ = published_site(client, db, auth, make, people, name="Alder Court")
    site_b, _ = published_site(client, db, auth, make, people, name="Birch Hollow")
    older, newer, other = jpeg(), jpeg(color=(10, 20, 200)), jpeg(color=(200, 20, 10))
    old_pid, new_pid, b_pid = uid(), uid(), uid()
    push_inspection(
        client,
        db,
        people["inspector"],
        site_a,
        photos=[(old_pid, sha(older), None)],
        upload=[(old_pid, older)],
        inspected_on="2026-11-23",
        started_at="2026-11-23T15:00:00Z",
        ended_at="2026-11-23T15:40:00Z",
    )
    push_inspection(
        client,
        db,
        people["inspector"],
        site_a,
        photos=[(new_pid, sha(newer), None)],
        upload=[(new_pid, newer)],
    )
    push_inspection(
        client,
        db,
        people["inspector"],
        site_b,
        photos=[(b_pid, sha(other), None)],
        upload=[(b_pid, other)],
    )
    push_inspection(client, db, people["permittee"], site_a, kind="post_rain")
    login(auth, people["supervisor"])
    turn(client, site_a.id, "on")
    turn(client, site_b.id, "on")
    auth.logout()
    token_a = token_of(db, site_a.id)
    body = client.get(f"/public/{token_a}").text
    assert "Alder Court" in body and "Birch Hollow" not in body
    # The last weekly and the last post-rain report; the earlier weekly is not shown.
    assert body.count("Weekly inspection, ") == 1
    assert "Inspection after a rain of 0.5 inch or more, " in body
    assert "Monday November 23, 2026" not in body
    assert client.get(f"/public/{token_a}/photos/{new_pid}").status_code == 200
    assert client.get(f"/public/{token_a}/photos/{new_pid}/thumb").status_code == 200
    # Site B's photo, and site A's photo of a report the page does not show: not found.
    assert client.get(f"/public/{token_a}/photos/{b_pid}").status_code == 404
    assert client.get(f"/public/{token_a}/photos/{old_pid}").status_code == 404
    altered = token_a[:-1] + ("y" if token_a.endswith("x") else "x")  # never the token itself
    assert client.get(f"/public/{altered}").status_code == 404


def test_the_day_the_dnr_was_told_is_recorded_and_shown(client, db, auth, make, people):
    site, _permit = published_site(client, db, auth, make, people)
    login(auth, people["supervisor"])
    turn(client, site.id, "on")
    tomorrow = "2999-01-01"
    response = client.post(f"/sites/{site.id}/public/dnr", data={"dnr_told_on": tomorrow})
    assert "That day is in the future." in client.get(response.headers["Location"]).text
    assert db.get(PublicRecords, site.id).dnr_told_on is None
    from inspector.services import clock

    today = clock.today(client.application.extensions["rulebook"])
    client.post(f"/sites/{site.id}/public/dnr", data={"dnr_told_on": today.isoformat()})
    db.expire_all()
    assert db.get(PublicRecords, site.id).dnr_told_on == today
    page = client.get(f"/sites/{site.id}").text
    assert f"on {today.isoformat()} (recorded by {people['supervisor'].name}" in page
    trail = client.get("/audit/").text  # in words, without the address
    assert "Public records page" in trail and "turned on" in trail
    assert "DNR told its address" in trail and "Day the DNR was told" in trail
    assert token_of(db, site.id) not in trail and "dnr_told" not in trail
    # A new address must be told again: turning off and on clears the day.
    turn(client, site.id, "off")
    turn(client, site.id, "on")
    db.expire_all()
    assert db.get(PublicRecords, site.id).dnr_told_on is None


def pdf_squares(data: bytes) -> list[tuple[float, float, float]]:
    """The filled squares drawn in an uncompressed PDF's page content: (x, y, side)."""
    text = data.decode("latin-1")
    squares = []
    for x, y, w, h in re.findall(r"([\d.]+) ([\d.-]+) ([\d.]+) ([\d.-]+) re f", text):
        squares.append((float(x), float(y), float(w)))
        assert abs(abs(float(h)) - float(w)) < 0.01
    return squares


def test_the_sign_pdf_carries_a_qr_code_of_the_public_address(
    client, db, auth, make, people, monkeypatch
):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    site, permit = published_site(client, db, auth, make, people)
    login(auth, people["supervisor"])
    assert client.get(f"/sites/{site.id}/public/sign.pdf").status_code == 404  # off: no address
    turn(client, site.id, "on")
    url = f"http://localhost/public/{token_of(db, site.id)}"
    for size in ("letter", "tabloid"):
        response = client.get(f"/sites/{site.id}/public/sign.pdf?size={size}")
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        body = response.data
        for words in (b"Erosion control records for this site", b"Harbor Plat", url.encode()):
            assert words in body, words
        assert permit.number.encode() in body
        # Read the code back from the drawn squares and compare it with the code of the address.
        squares = pdf_squares(body)
        side = squares[0][2]
        left = min(x for x, _, _ in squares)
        top = max(y for _, y, _ in squares)
        expected = segno.make(url, error="m").matrix
        n = len(expected)
        drawn = [[False] * n for _ in range(n)]
        for x, y, _ in squares:
            drawn[round((top - y) / side)][round((x - left) / side)] = True
        assert drawn == [[bool(v) for v in row] for row in expected]
    assert client.get(f"/sites/{site.id}/public/sign.pdf?size=a0").status_code == 400


def test_the_demo_publishes_one_site_with_a_marked_photo(app, client):
    from inspector import demo
    from inspector.db import get_session
    from inspector.models import PhotoClaim, Site

    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
        [row] = session.exec(select(PublicRecords)).all()
        assert row.token and row.turned_on_at and row.dnr_told_on
        assert session.get(Site, row.site_id).name == demo.PUBLISHED_SITE
        marked = [c for c in session.exec(select(PhotoClaim)) if c.marks]
        assert len(marked) == 1 and {m["kind"] for m in marked[0].marks} == {
            "arrow",
            "circle",
            "label",
        }
        assert seals.verify(session).problems == []  # sealed like real data, marks included
        token, photo_id = row.token, marked[0].photo_id
    body = client.get(f"/public/{token}").text
    assert 'data-marks="3"' in body and "Mud tracked onto the street" in body
    # the reports are shown signed: the drawing under the certification statement's words
    assert 'aria-label="Signature of ' in body and "I certify" in body and "<path d=" in body
    assert client.get(f"/public/{token}/photos/{photo_id}").status_code == 200
