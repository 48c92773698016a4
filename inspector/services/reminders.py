"""Reminders to permittees: before an inspection or a finding's corrective action falls due (within the
rulebook's `rain.reminder_lead_hours`) and once when it is missed. The NotificationLog's unique (user, key) makes running `send-reminders` again
(e.g. from cron every hour) send nothing twice: the key names the site, the obligation and the phase.

The CLI sends, records and commits one message at a time, so an interrupted run re-sends at most the one
message that was being sent. A message the sender refuses is not recorded (the next run tries it again)
and does not hold back the ones after it; after MAX_FAILURES_IN_A_ROW refusals in a row the mail server
is taken to be down and the rest wait for the next run.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlmodel import Session, select

from ..mail import Message
from ..models import Finding, NotificationLog, Permit, Site, User
from ..rules import clocks
from ..rules.rulebook import Rulebook
from . import schedule
from .finding_notes import found_words, no_note_written
from .findings import NEEDS_REPAIR, is_overdue
from .permit_clocks import expiry_words
from .permits import ACTIVE, current_permits

log = logging.getLogger("fairwater.reminders")
MAX_FAILURES_IN_A_ROW = 3
KEYS_PER_QUERY = 500  # well under any database's limit of bound parameters


@dataclass(frozen=True)
class Reminder:
    user_id: int
    site_id: int
    key: str
    message: Message


def _key(site_id: int, item: dict, phase: str) -> str:
    anchor = (
        f"rain-{item['rain_event_id']}"
        if item["kind"] == "post_rain"
        else clocks.wire_time(item["due_at"])
    )
    return f"{item['kind']}:{site_id}:{anchor}:{phase}"


def _text(site: Site, item: dict, phase: str, rb: Rulebook) -> tuple[str, str]:
    due = item["due_at"]
    what = "Weekly inspection" if item["kind"] == "weekly" else "Post-rain inspection"
    if phase == "missed":
        subject = f"Missed: {what.lower()} at {site.name} was due {clocks.due_words(due, rb)}"
        opening = f"The {what.lower()} at {site.name} was due by {clocks.due_words(due, rb, long=True)} and has not been recorded."
        closing = "Inspect now and record it in the app; the Village sees overdue inspections."
    else:
        subject = f"Reminder: {what.lower()} at {site.name} due {clocks.due_words(due, rb)}"
        opening = (
            f"The {what.lower()} at {site.name} is due by {clocks.due_words(due, rb, long=True)}."
        )
        closing = "Record it in the app (it works offline and syncs later)."
    body = "\n\n".join(
        filter(
            None,
            [opening, item["label"], f"{item['citation']}: {item['note'] or ''}".strip(), closing],
        )
    )
    return subject, body


def pending(session: Session, now: datetime, rb: Rulebook) -> list[Reminder]:
    """Reminders that are due to go out now and have not been sent."""
    lead = timedelta(hours=rb["rain.reminder_lead_hours"])
    site_list = list(session.exec(select(Site).where(Site.id.in_(select(Permit.site_id)))).all())
    # The company the schedule follows (the holder), not whoever applied last: a later applicant
    # or a denied one sees none of the site, and the holder would hear of none of its deadlines.
    current = current_permits(session, [s.id for s in site_list])
    due = schedule.due_items_many(session, site_list, now, rb, permits=current)
    companies = {site_id: permit.company_id for site_id, permit in current.items()}
    people: dict[int, list[User]] = {}
    for user in session.exec(select(User).where(User.role == "permittee", User.active == True)):  # noqa: E712
        people.setdefault(user.company_id, []).append(user)
    candidates: list[Reminder] = []
    for site in site_list:
        for item in due.get(site.id, []):
            if item["state"] == "overdue":
                phase = "missed"
            elif item["state"] == "due" and item["due_at"] - now.replace(tzinfo=UTC) <= lead:
                phase = "before"
            else:
                continue
            key = _key(site.id, item, phase)
            subject, body = _text(site, item, phase, rb)
            candidates += _to_holder(people, companies.get(site.id), site.id, key, subject, body)
    candidates += _finding_reminders(session, site_list, companies, people, now, lead, rb)
    candidates += _expiry_reminders(site_list, current, people, now, rb)
    # Every reminder ever sent under these keys, however old: a deadline missed for months is
    # still the one already reminded of (the log's unique key would refuse it again anyway).
    # Both columns asked, so the read walks the log's unique (user_id, key) index.
    keys, users = sorted({r.key for r in candidates}), sorted({r.user_id for r in candidates})
    sent = {
        (row.user_id, row.key)
        for start in range(0, len(keys), KEYS_PER_QUERY)
        for row in session.exec(
            select(NotificationLog.user_id, NotificationLog.key).where(
                NotificationLog.user_id.in_(users),
                NotificationLog.key.in_(keys[start : start + KEYS_PER_QUERY]),
            )
        )
    }
    return [r for r in candidates if (r.user_id, r.key) not in sent]


def _to_holder(people, company_id, site_id: int, key: str, subject: str, body: str):
    """One reminder for each active person of the holder's company."""
    return [
        Reminder(user.id, site_id, key, Message(user.email, subject, body))
        for user in people.get(company_id, [])
    ]


def _finding_reminders(session, site_list, companies, people, now, lead, rb) -> list[Reminder]:
    """A corrective action the holder must make (§ 256-8D(3)(g) "make needed repairs"; street
    sediment by the end of the workday): a finding the Village raised is otherwise learnt of only by
    opening the app, and an overdue one is a ground for a stop-work order. Keyed by its due time, so
    a reopened finding is reminded of again."""
    sites = {site.id: site for site in site_list}
    out: list[Reminder] = []
    rows = session.exec(
        select(Finding)
        .where(Finding.site_id.in_(list(sites)), Finding.status.in_(NEEDS_REPAIR))
        .order_by(Finding.due_at)
    ).all()
    no_note = no_note_written(session, rows)
    for finding in rows:
        if is_overdue(finding, now, rb):
            phase = "missed"
        elif finding.due_at - now <= lead:
            phase = "before"
        else:
            continue
        site = sites[finding.site_id]
        key = f"finding:{site.id}:{finding.id}:{clocks.wire_time(finding.due_at)}:{phase}"
        subject, body = _finding_text(site, finding, phase, finding.id in no_note, rb)
        out += _to_holder(people, companies.get(site.id), site.id, key, subject, body)
    return out


def _expiry_reminders(site_list, current: dict, people, now, rb: Rulebook) -> list[Reminder]:
    """A permit in force ends on its last valid day (§ 256-8D(1)); work after it needs an extension
    (the Village may grant one after that day too, permit_duration.extend, but no work goes on meanwhile)
    or a new permit. The holder hears of it
    `clocks.permit_validity.reminder_days` before, once per last day (an extension gives a new one)."""
    today = clocks.local_date(now, rb)
    ahead = rb["clocks.permit_validity.reminder_days"]
    out: list[Reminder] = []
    for site in site_list:
        permit = current.get(site.id)
        if permit is None or permit.status not in (*ACTIVE, "suspended") or not permit.expires_on:
            continue
        if not 0 <= (permit.expires_on - today).days <= ahead:
            continue
        key = f"permit-expiry:{permit.id}:{permit.expires_on.isoformat()}"
        subject, body = _expiry_text(site, permit, rb)
        out += _to_holder(people, permit.company_id, site.id, key, subject, body)
    return out


def _expiry_text(site: Site, permit: Permit, rb: Rulebook) -> tuple[str, str]:
    last = permit.expires_on
    number = permit.number or "Your permit"
    subject = f"{number} for {site.name} ends {last:%a %b} {last.day}"
    words = expiry_words(site, permit, rb)
    return subject, "\n\n".join([*words, rb["clocks.permit_validity.reminder_note"]])


def _finding_text(
    site: Site, finding: Finding, phase: str, no_note: bool, rb: Rulebook
) -> tuple[str, str]:
    due = finding.due_at
    what = rb.item_title(finding.item_code) or finding.item_code or "Finding"
    if phase == "missed":
        subject = (
            f"Missed: {what} at {site.name} was to be corrected by {clocks.due_words(due, rb)}"
        )
        opening = (
            f"The corrective action for {what} at {site.name} was due by {clocks.due_words(due, rb, long=True)} and "
            "has not been reported done. An overdue one is a ground for a stop-work order."
        )
    else:
        subject = f"Correct by {clocks.due_words(due, rb)}: {what} at {site.name}"
        opening = f"The corrective action for {what} at {site.name} is due by {clocks.due_words(due, rb, long=True)}."
    body = "\n\n".join(
        filter(
            None,
            [
                opening,
                f"Found: {found_words(finding, no_note)}" if finding.description else None,
                f"Required action: {finding.required_action}" if finding.required_action else None,
                finding.citation,
                'Report the correction in the app (Findings), with an "after" photo; it works '
                "offline and syncs later.",
            ],
        )
    )
    return subject, body


def record_sent(session: Session, reminder: Reminder, now: datetime) -> None:
    session.add(
        NotificationLog(
            user_id=reminder.user_id,
            key=reminder.key,
            site_id=reminder.site_id,
            subject=reminder.message.subject[:300],
            sent_at=now,
        )
    )
    session.flush()


def send_all(
    session: Session, sender, now: datetime, rb: Rulebook, failed: list | None = None
) -> list[Reminder]:
    """Send every pending reminder, committing after each one (see the module docstring). Returns the
    reminders sent; those the sender refused are added to `failed` (not recorded: tried next run)."""
    done, in_a_row = [], 0
    for reminder in pending(session, now, rb):
        try:
            sender.send(reminder.message)
        except Exception:  # any sender's refusal: this message waits, the others still go
            log.exception("Reminder to %s not sent: %s", reminder.message.to, reminder.key)
            if failed is not None:
                failed.append(reminder)
            in_a_row += 1
            if in_a_row >= MAX_FAILURES_IN_A_ROW:
                break
            continue
        in_a_row = 0
        record_sent(session, reminder, now)
        session.commit()
        done.append(reminder)
    return done
