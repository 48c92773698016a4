"""A certification the users page refuses comes back as it was typed: the person's row opens again
with the type and number entered and the reason under the field that needs it, so the supervisor
adds the missing day instead of typing everything again (and nothing was saved meanwhile)."""

from __future__ import annotations

import re

from inspector.models import User
from tests.web.test_orders import login


def row_of(page: str, user) -> str:
    """The person's row of the users table (found by its certification field)."""
    marker = re.escape(f'id="ct-{user.id}"')
    return re.search(rf"<tr>(?:(?!<tr>).)*?{marker}.*?</tr>", page, re.S).group(0)


def test_a_refused_certification_reopens_as_typed_with_the_reason_at_its_field(
    client, auth, db, people
):
    inspector = people["inspector"]
    login(auth, people["supervisor"])
    sent = client.post(
        f"/users/{inspector.id}/certification",
        data={
            "certification_type": "WisDOT Erosion Control Certification",
            "certification_number": "ECC-5521",
            "certification_expires_on": "",
        },
    )
    assert sent.status_code == 302
    page = client.get(sent.headers["Location"]).text
    row = row_of(page, inspector)
    assert "<details open>" in row
    assert 'value="WisDOT Erosion Control Certification"' in row
    assert 'value="ECC-5521"' in row
    expiry = re.search(r'<input type="date"[^>]*>\s*<p class="error" id="([^"]+)">([^<]+)</p>', row)
    assert expiry is not None, "the reason is not said under the expiry field"
    assert expiry.group(2) == "Enter the day the certification expires."
    assert 'aria-invalid="true"' in expiry.group(0)
    db.expire_all()
    assert db.get(User, inspector.id).certification_number is None

    # Seen once: the page opened again shows the row as recorded.
    again = row_of(client.get("/users/").text, inspector)
    assert "<details open>" not in again and "ECC-5521" not in again
