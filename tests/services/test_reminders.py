"""Reminders before a deadline and when one is missed; never twice; console and SMTP senders."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
from sqlmodel import select

from inspector.mail import ConsoleSender, SmtpSender, sender_from_config
from inspector.models import Inspection, NotificationLog, Permit
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import permit_duration, permits, reminders
from tests.services.test_schedule import add_rain, link_gauge

RB = default()


@pytest.fixture
def site(make, people, db):
    site = make.site(people["supervisor"], name="Quarry Road")
    make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=30),
    )
    return site


def inspect(db, site, started):
    db.add(
        Inspection(
            id=f"i-{started.isoformat()}",
            site_id=site.id,
            kind="weekly",
            inspector_name="Pat",
            inspected_on=started.date(),
            started_at=started,
            catalog_version="t",
        )
    )
    db.commit()


def test_reminder_before_the_deadline_then_missed_notice_each_once(db, site, people):
    last = datetime.utcnow().replace(microsecond=0) - timedelta(days=3)
    inspect(db, site, last)
    sender = ConsoleSender("village@example.test")
    lead = RB["rain.reminder_lead_hours"]
    assert (
        reminders.send_all(db, sender, last + timedelta(days=6), RB) == []
    )  # 24 h before: too early
    before = last + timedelta(days=7) - timedelta(hours=lead - 1)
    sent = reminders.send_all(db, sender, before, RB)
    assert [m.to for m in sender.sent] == [people["permittee"].email]  # not the other company
    assert "Reminder: weekly inspection at Quarry Road" in sent[0].message.subject
    # The due time in the Village's clock with its zone, in the subject and the text.
    due = clocks.to_local(last + timedelta(days=7), RB)
    assert sent[0].message.subject.endswith(f"due {due:%a %b %-d, %-I:%M %p %Z}")
    assert f"is due by {due:%A %B %-d at %-I:%M %p %Z}." in sent[0].message.body
    assert reminders.send_all(db, sender, before + timedelta(hours=1), RB) == []  # not twice
    missed = reminders.send_all(db, sender, last + timedelta(days=7, minutes=1), RB)
    assert len(missed) == 1 and missed[0].message.subject.startswith("Missed:")
    assert reminders.send_all(db, sender, last + timedelta(days=8), RB) == []
    assert len(db.exec(__import__("sqlmodel").select(NotificationLog)).all()) == 2


def test_sender_from_config():
    console = sender_from_config({"MAIL_SENDER": "console", "MAIL_FROM": "a@b.test"})
    assert isinstance(console, ConsoleSender)
    smtp = sender_from_config(
        {
            "MAIL_SENDER": "smtp",
            "SMTP_HOST": "mail.example.test",
            "SMTP_PORT": 2525,
            "MAIL_FROM": "a@b.test",
        }
    )
    assert isinstance(smtp, SmtpSender) and smtp.port == 2525
    with pytest.raises(RuntimeError, match="SMTP_HOST"):
        sender_from_config({"MAIL_SENDER": "smtp", "MAIL_FROM": "a@b.test"})


def test_smtp_sender_speaks_smtp_to_a_local_server():
    """A real SMTP conversation with a tiny local server (no outside service)."""
    import socket
    import threading

    received = []
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)

    def serve():
        conn, _ = server.accept()
        f = conn.makefile("rwb")

        def say(line):
            f.write(line.encode() + b"\r\n")
            f.flush()

        say("220 test")
        data = False
        while True:
            line = f.readline().decode().rstrip("\r\n")
            if data:
                if line == ".":
                    data = False
                    say("250 queued")
                else:
                    received.append(line)
                continue
            cmd = line[:4].upper()
            if cmd == "EHLO":
                say("250 test")
            elif cmd == "DATA":
                data = True
                say("354 go")
            elif cmd == "QUIT":
                say("221 bye")
                break
            elif cmd == "STAR":
                say("454 TLS not available")
                break
            else:
                say("250 ok")
        conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    sender = SmtpSender("village@example.test", "127.0.0.1", server.getsockname()[1], timeout=5)
    import smtplib

    from inspector.mail import Message

    with pytest.raises(smtplib.SMTPException):  # refuses to send without TLS
        sender.send(Message("p@example.test", "Hello", "Body"))
    thread.join(5)
    server.close()
    assert received == []  # nothing went out in the clear


def test_send_reminders_cli_logs_to_the_console_and_is_safe_to_rerun(app, db, site, people, caplog):
    inspect(
        db, site, datetime.utcnow().replace(microsecond=0) - timedelta(days=8)
    )  # weekly now overdue
    runner = app.test_cli_runner()
    with caplog.at_level("INFO", logger="fairwater.mail"):
        first = runner.invoke(args=["send-reminders"])
    assert first.exit_code == 0, first.output
    assert "1 reminder(s) sent." in first.output and people["permittee"].email in first.output
    assert "Missed: weekly inspection at Quarry Road" in caplog.text
    assert "0 reminder(s) sent." in runner.invoke(args=["send-reminders"]).output


class WireSender(ConsoleSender):
    """Builds each e-mail as the SMTP sender puts it on the wire (no network), then keeps it."""

    def __init__(self, refuse_first: int = 0):
        super().__init__("village@example.test")
        self.refuse_first = refuse_first

    def send(self, message):
        if self.refuse_first:
            self.refuse_first -= 1
            raise OSError("the mail server refused")
        SmtpSender("village@example.test", "unused").email(message)
        super().send(message)


def both_overdue(db, make, site, people) -> datetime:
    """`site` and a second site of the same permittee, each last inspected 8 days ago (returned)."""
    other = make.site(people["supervisor"], name="Mill Pond")
    make.permit(
        other,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date.today() - timedelta(days=30),
    )
    last = datetime.utcnow().replace(microsecond=0) - timedelta(days=8)
    inspect(db, site, last)
    inspect(db, other, last - timedelta(seconds=1))
    return last


def test_a_site_name_with_a_line_break_does_not_stop_the_reminders(db, make, site, people):
    # A name stored with a line break (a crafted request; an older record) went into the subject,
    # the e-mail could not be built, and every later run stopped at the same reminder.
    site.name = "Quarry\r\nRoad"
    db.add(site)
    last = both_overdue(db, make, site, people)
    sender = WireSender()
    sent = reminders.send_all(db, sender, last + timedelta(days=7, minutes=1), RB)
    subjects = sorted(r.message.subject for r in sent)
    assert len(subjects) == 2, subjects
    assert subjects[1].startswith("Missed: weekly inspection at Quarry Road was due")


def test_a_refused_reminder_waits_for_the_next_run_and_holds_back_no_other(db, make, site, people):
    last = both_overdue(db, make, site, people)
    now = last + timedelta(days=7, minutes=1)
    failed: list = []
    sent = reminders.send_all(db, WireSender(refuse_first=1), now, RB, failed)
    assert len(sent) == 1 and len(failed) == 1  # the second still went out
    assert failed[0].key != sent[0].key
    again = reminders.send_all(db, WireSender(), now + timedelta(hours=1), RB)
    assert [r.key for r in again] == [failed[0].key]  # not recorded as sent: tried again
    # The mail server down: a few refusals in a row, then the rest wait for the next run.
    assert reminders.MAX_FAILURES_IN_A_ROW == 3


def test_send_reminders_cli_says_what_was_not_sent_and_fails(app, db, site, people, monkeypatch):
    inspect(db, site, datetime.utcnow().replace(microsecond=0) - timedelta(days=8))
    monkeypatch.setattr("inspector.mail.ConsoleSender.send", WireSender(refuse_first=9).send)
    result = app.test_cli_runner().invoke(args=["send-reminders"])
    assert result.exit_code == 1
    assert "1 reminder(s) could not be sent" in result.output
    assert "the next run tries them again" in result.output


def test_reminders_go_to_the_holder_not_to_a_later_applicant(db, make, site, people):
    # Another company applies for the site while the holder's permit is in force: the site, its
    # schedule and its findings stay the holder's, and so do its reminders.
    make.permit(site, people["other"].company_id, people["supervisor"])
    last = datetime.utcnow().replace(microsecond=0) - timedelta(days=8)
    inspect(db, site, last)
    sender = ConsoleSender("village@example.test")
    sent = reminders.send_all(db, sender, last + timedelta(days=7, minutes=1), RB)
    assert [m.to for m in sender.sent] == [people["permittee"].email], sent


def test_a_missed_inspection_is_reminded_once_even_after_sixty_days(db, site, people):
    # A weekly inspection left undone for months: the "missed" e-mail went out once; a later run
    # neither sends it again nor stops on the one already recorded.
    last = datetime.utcnow().replace(microsecond=0) - timedelta(days=8)
    inspect(db, site, last)
    sender = ConsoleSender("village@example.test")
    first = last + timedelta(days=7, minutes=1)
    assert len(reminders.send_all(db, sender, first, RB)) == 1
    assert reminders.send_all(db, sender, first + timedelta(days=61), RB) == []


def test_a_finding_the_village_raised_is_reminded_before_its_due_time_and_when_missed(
    db, site, people
):
    # The Village's inspector raised it: the permittee, who must correct it by the end of the
    # workday (an overdue one is a ground for a stop-work order), was never told outside the app.
    from inspector.models import Finding

    now = datetime.utcnow().replace(microsecond=0)
    inspect(db, site, now - timedelta(hours=2))  # its weekly inspection is not due for days
    db.add(
        Finding(
            id="f-street",
            site_id=site.id,
            inspection_id=f"i-{(now - timedelta(hours=2)).isoformat()}",
            item_code="TRACK-STREET",
            severity="critical",
            description="Mud tracked 60 ft onto the street.",
            required_action="Clean the street before the end of the workday.",
            citation="§ 256-7B(3)",
            due_at=now + timedelta(hours=4),
        )
    )
    db.commit()
    sender = ConsoleSender("village@example.test")
    sent = reminders.send_all(db, sender, now, RB)
    assert [m.to for m in sender.sent] == [people["permittee"].email]
    due = clocks.to_local(now + timedelta(hours=4), RB)
    assert sent[0].message.subject == (
        f"Correct by {due:%a %b %-d, %-I:%M %p %Z}: Street cleaning at Quarry Road"
    )
    assert "Mud tracked 60 ft onto the street." in sent[0].message.body
    assert reminders.send_all(db, sender, now + timedelta(hours=1), RB) == []  # not twice
    missed = reminders.send_all(db, sender, now + timedelta(hours=5), RB)
    assert [r.message.subject.split(":")[0] for r in missed] == ["Missed"]
    # Reported corrected: nothing more.
    finding = db.get(Finding, "f-street")
    finding.status = "corrected"
    finding.due_at = now + timedelta(hours=30)
    db.commit()
    assert reminders.send_all(db, sender, now + timedelta(hours=20), RB) == []


def test_the_holder_hears_before_its_permit_ends_once_per_last_day(db, make, site, people):
    """§ 256-8D(1): work after the last valid day needs an extension or a new permit. Two weeks
    before (by the Village's day, 19:30 counts for that day) the holder is told once; an extension
    gives a new last day and a new reminder; another company hears nothing."""
    permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
    other = make.user("permittee", company="Other Builders")
    last = permit.expires_on
    sender = ConsoleSender("village@example.test")

    def at(day, hour=10, minute=0):
        return clocks.from_local(datetime.combine(day, time(hour, minute)), RB)

    def expiry(sent):
        return [r for r in sent if r.key.startswith("permit-expiry:")]

    assert expiry(reminders.send_all(db, sender, at(last - timedelta(days=15), 23, 59), RB)) == []
    [told] = expiry(reminders.send_all(db, sender, at(last - timedelta(days=14), 19, 30), RB))
    assert told.message.to == people["permittee"].email and other.email not in [
        m.to for m in sender.sent
    ]
    assert told.message.subject == (f"{permit.number} for Quarry Road ends {last:%a %b} {last.day}")
    assert (
        f"is valid through {last:%A %B} {last.day}, {last.year} (§ 256-8D(1))" in told.message.body
    )
    assert "by up to 180 more days" in told.message.body
    # An expired permit can still be extended (permit_duration.extend): the e-mail does not say otherwise.
    assert "granted before the permit ends" not in told.message.body
    assert "ask before that day, or the work stops until it is extended" in told.message.body
    assert expiry(reminders.send_all(db, sender, at(last - timedelta(days=3)), RB)) == []  # once

    permit_duration.extend(
        db,
        permit,
        user=people["supervisor"],
        days=30,
        conditions="",
        rb=RB,
        today=last - timedelta(days=3),
    )
    db.commit()
    new_last = permit.expires_on
    assert new_last == last + timedelta(days=30)
    assert expiry(reminders.send_all(db, sender, at(new_last - timedelta(days=20)), RB)) == []
    [again] = expiry(reminders.send_all(db, sender, at(new_last - timedelta(days=1)), RB))
    assert "by up to 150 more days" in again.message.body


def test_the_holder_of_a_suspended_permit_is_not_told_to_ask_for_an_extension_now(db, site, people):
    """A permit suspended by a stop-work order cannot be extended until the order is lifted (the
    permit page says so, and the extension is refused): its reminder says that, not 'ask now'."""
    permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
    permits.set_status(db, permit, "suspended", user_id=people["supervisor"].id)
    db.commit()
    last = permit.expires_on
    moment = clocks.from_local(datetime.combine(last - timedelta(days=14), time(10)), RB)
    sender = ConsoleSender("village@example.test")
    [told] = [r for r in reminders.send_all(db, sender, moment, RB) if r.key.startswith("permit-")]
    assert "ask the Village for an extension now" not in told.message.body
    assert "suspended by a stop-work order" in told.message.body
    assert RB["clocks.stop_work_compliance.retraction_citation"] in told.message.body


def test_each_rain_is_reminded_with_its_own_deadline(db, site, people):
    """§ 256-8D(3)(g) "after each rain": a second rain inside the first one's 24 hours does not move
    the first's deadline, so its missed notice goes out when its own deadline passes."""
    last = datetime.utcnow().replace(microsecond=0) - timedelta(days=2)
    inspect(db, site, last)
    gauge = link_gauge(db, site)
    first = add_rain(db, gauge, last + timedelta(hours=10), hours=6)
    second = add_rain(db, gauge, last + timedelta(hours=20), total=0.6, hours=6)
    sender = ConsoleSender("village@example.test")
    sent = reminders.send_all(db, sender, first.end + timedelta(hours=24, minutes=1), RB)
    by_key = {r.key: r.message.subject for r in sent}
    first_due = clocks.to_local(first.end + timedelta(hours=24), RB)
    assert by_key[f"post_rain:{site.id}:rain-{first.id}:missed"] == (
        f"Missed: post-rain inspection at Quarry Road was due {first_due:%a %b %-d, %-I:%M %p %Z}"
    )
    second_due = clocks.to_local(second.end + timedelta(hours=24), RB)
    assert by_key[f"post_rain:{site.id}:rain-{second.id}:before"].endswith(
        f"due {second_due:%a %b %-d, %-I:%M %p %Z}"
    )
