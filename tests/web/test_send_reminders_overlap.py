"""Two runs of `flask send-reminders` at once (cron starts the next while a slow mail server still
holds the last): each reminder is sent once. Before, both runs found it unsent, both sent it, and
the later one's record stopped its run with an error."""

from __future__ import annotations

import threading
from datetime import date, datetime, timedelta

import pytest

from inspector.mail import ConsoleSender
from tests.services.test_reminders import inspect


@pytest.fixture
def site(make, people):
    site = make.site(people["supervisor"], name="Quarry Road")
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=30),
    )
    return site


def test_a_run_started_while_another_sends_sends_nothing_twice(app, db, site, people, monkeypatch):
    inspect(db, site, datetime.utcnow().replace(microsecond=0) - timedelta(days=8))  # overdue
    sent: list[str] = []
    sending, release = threading.Event(), threading.Event()

    def slow_send(self, message):
        sent.append(message.to)
        sending.set()
        release.wait(10)  # the mail server takes its time

    monkeypatch.setattr(ConsoleSender, "send", slow_send)
    first: dict = {}
    earlier = threading.Thread(
        target=lambda: first.update(result=app.test_cli_runner().invoke(args=["send-reminders"]))
    )
    earlier.start()
    assert sending.wait(10)
    later = app.test_cli_runner().invoke(args=["send-reminders"])
    release.set()
    earlier.join(10)

    assert later.exit_code == 0, later.output
    assert "already running" in later.output
    assert first["result"].exit_code == 0, first["result"].output
    assert "1 reminder(s) sent." in first["result"].output
    assert sent == [people["permittee"].email]
