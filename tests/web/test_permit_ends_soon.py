"""A permit's last valid day near (§ 256-8D(1)): the permittee is e-mailed 14 days before, but its
permit page and its site's page said only 'Valid until 2027-03-26', the same as months before, so a
site manager reading them learnt nothing of the work stopping in days unless an extension was asked
for. Within those 14 days both pages now say how many days are left and what to do, in the e-mail's
words; before them, nothing more is said."""

from __future__ import annotations

import html
import re
from datetime import timedelta

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default


def _words(response) -> str:
    """The page's text as read: tags out, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def _permit_ending_in(make, people, days: int):
    rb = default()
    today = clocks.local_date(utcnow(), rb)
    site = make.site(people["supervisor"], name="Short Run Lot")
    # Issued on the day that makes the 180th day `days` from today.
    received = today - timedelta(days=rb["clocks.permit_validity.days"] - days)
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=received,
    )
    assert (permit.expires_on - today).days == days
    return site, permit


def test_a_permit_ending_within_the_reminder_days_says_so_and_what_to_do(
    client, auth, make, people
):
    site, permit = _permit_ending_in(make, people, 6)
    last = permit.expires_on
    auth.login(people["permittee"].email)
    for page in (f"/permits/{permit.id}", f"/sites/{site.id}"):
        text = _words(client.get(page))
        assert "Ends in 6 days" in text, page
        assert (
            f"is valid through {last:%A %B} {last.day}, {last.year} (§ 256-8D(1)). Land disturbing "
            "work after that day needs an extension from the Village or a new permit: ask before "
            "that day, or the work stops until it is extended." in text
        ), page
        assert "The Village may extend it by up to 180 more days." in text, page


def test_a_permit_far_from_its_last_day_says_nothing_more(client, auth, make, people):
    site, permit = _permit_ending_in(make, people, 40)
    auth.login(people["permittee"].email)
    text = _words(client.get(f"/permits/{permit.id}"))
    assert f"Valid until {permit.expires_on.isoformat()}" in text
    assert "Ends in" not in text
    assert "needs an extension" not in text
