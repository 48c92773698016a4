"""A deadline at the Village's midnight ends the day before: a permit's first weekly inspection, counted
from the start of its issue day, is due at midnight starting the eighth day. Written "Sat Nov 7, 12:00 AM
CST" it was read as Saturday, a day late; every page, e-mail and the tablet now say "Fri Nov 6, end of
the day (midnight CST)". Other due times keep their clock time (23:59 is 11:59 PM)."""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest

from inspector.mail import ConsoleSender
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import reminders

RB = default()


@pytest.mark.parametrize(
    ("local", "words", "long"),
    [
        (
            datetime(2026, 11, 7, 0, 0),
            "Fri Nov 6, end of the day (midnight CST)",
            "the end of Friday November 6 (midnight CST)",
        ),
        # The day the clocks go back (25 hours) and the day they go forward (23): each its own day.
        (
            datetime(2026, 11, 2, 0, 0),
            "Sun Nov 1, end of the day (midnight CST)",
            "the end of Sunday November 1 (midnight CST)",
        ),
        (
            datetime(2027, 3, 15, 0, 0),
            "Sun Mar 14, end of the day (midnight CDT)",
            "the end of Sunday March 14 (midnight CDT)",
        ),
        (
            datetime(2026, 12, 3, 23, 59),
            "Thu Dec 3, 11:59 PM CST",
            "Thursday December 3 at 11:59 PM CST",
        ),
        (
            datetime(2026, 12, 3, 19, 30),
            "Thu Dec 3, 7:30 PM CST",
            "Thursday December 3 at 7:30 PM CST",
        ),
    ],
)
def test_due_words(local, words, long):
    moment = clocks.from_local(local, RB)  # naive UTC, as stored
    assert clocks.due_words(moment, RB) == words
    assert clocks.due_words(moment, RB, long=True) == long


@pytest.fixture
def fresh(app, make, people):
    """A permit issued with no inspection yet, on its seventh day at 10:00: due at midnight tonight."""
    site = make.site(people["supervisor"], name="Fresh Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    seventh = permit.issued_on + timedelta(days=6)
    app.config["CLOCK_NOW"] = clocks.from_local(datetime.combine(seventh, time(10, 0)), RB)
    return site, seventh


def test_pages_say_the_day_a_midnight_deadline_ends(app, client, auth, people, fresh):
    site, seventh = fresh
    said = f"{seventh:%a %b} {seventh.day}, end of the day (midnight"
    auth.login(people["permittee"].email)
    for address in (f"/sites/{site.id}", "/calendar/"):
        page = client.get(address).get_data(as_text=True)
        assert said in page, address
        assert "12:00 AM" not in page, address
    auth.logout()
    auth.login(people["supervisor"].email)
    assert said in client.get("/dashboard").get_data(as_text=True)


def test_the_reminder_says_the_day_a_midnight_deadline_ends(app, db, people, fresh):
    _site, seventh = fresh
    now = clocks.from_local(datetime.combine(seventh, time(18, 0)), RB)  # within the 12 h lead
    sent = reminders.send_all(db, ConsoleSender("village@example.test"), now, RB)
    [weekly] = [r for r in sent if "weekly inspection" in r.message.subject]
    assert (
        f"due {seventh:%a %b} {seventh.day}, end of the day (midnight C" in weekly.message.subject
    )
    assert f"is due by the end of {seventh:%A %B} {seventh.day} (midnight" in weekly.message.body
    assert "12:00 AM" not in weekly.message.subject + weekly.message.body
