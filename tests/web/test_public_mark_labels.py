"""The public records page leaves personal contact details out of every text it shows: a label drawn
on a photo ('Call Jo 920-555-0142'), or a number typed with the inspector's name, was printed on the
page as written, while the same words in the report's comments were removed."""

from __future__ import annotations

from tests.sync.helpers import jpeg, sha, uid
from tests.web.test_public_records import login, published_site, push_inspection, token_of, turn

LABEL = [
    {"kind": "label", "at": [0.2, 0.3], "text": "Call Jo 920-555-0142"},
    {"kind": "label", "at": [0.5, 0.6], "text": "jo@acme.example knows"},
]


def test_a_label_drawn_on_a_photo_shows_no_contact_details(client, db, auth, make, people):
    site, _permit = published_site(client, db, auth, make, people)
    data = jpeg()
    pid = uid()
    push_inspection(
        client,
        db,
        people["permittee"],
        site,
        photos=[(pid, sha(data), LABEL)],
        upload=[(pid, data)],
    )
    login(auth, people["permittee"])
    turn(client, site.id, "on")
    auth.logout()
    body = client.get(f"/public/{token_of(db, site.id)}").text
    assert 'class="mark mark-label"' in body and "Call Jo [contact removed]" in body
    assert "555-0142" not in body and "jo@acme.example" not in body


def test_a_contact_typed_with_the_inspectors_name_is_left_out(client, db, auth, make, people):
    site, _permit = published_site(client, db, auth, make, people)
    push_inspection(
        client,
        db,
        people["permittee"],
        site,
        inspector_name="Sam Lindqvist 920-555-0199",
        signed_by_name="Sam Lindqvist sam@acme.example",
    )
    login(auth, people["permittee"])
    turn(client, site.id, "on")
    auth.logout()
    body = client.get(f"/public/{token_of(db, site.id)}").text
    assert "Sam Lindqvist [contact removed]" in body
    assert "555-0199" not in body and "sam@acme.example" not in body
