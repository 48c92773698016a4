"""/calendar: what inspection is due today, this week, and what is overdue, for the user's sites (for Village
staff: every site). The offline version on the tablet is drawn from the same due items in the work packet.

Each "why" is said once per page, in "Why these are due": an item keeps what is its own (when the
site was last inspected) and links to the explanation. Times are the Village's,
with the zone of their own day (docs/time-and-clocks.md)."""

from __future__ import annotations

from datetime import date

import click
from flask import Blueprint, current_app, g, render_template
from flask.cli import with_appcontext

from ..db import get_session, one_run_at_a_time, require_current
from ..models import Site
from ..rules import clocks
from ..security import login_required
from ..services import clock, schedule, sites

bp = Blueprint("calendar", __name__, url_prefix="/calendar")

GROUPS = [
    ("overdue", "Overdue"),
    ("today", "Due today"),
    ("week", "Due in the next 7 days"),
    ("later", "Later"),
    ("not_active", "No schedule (permit not in force)"),
]


@bp.route("/")
@login_required
def index():
    session = get_session()
    rb = current_app.extensions["rulebook"]
    now = clock.now()
    site_list = list(session.exec(sites.visible_sites_query(g.user).order_by(Site.name)))
    due = schedule.due_items_many(session, site_list, now, rb)
    groups: dict[str, list] = {key: [] for key, _ in GROUPS}
    for site in site_list:
        for key, items in schedule.window(due[site.id], now, rb).items():
            groups[key] += [(site, item) for item in items]
    whys = {"weekly", "post_rain"}  # the calendar's two rules are always explained
    for key in groups:
        groups[key].sort(key=lambda pair: (schedule.due_key(pair[1]), pair[0].name))
        groups[key] = [(site, item, *explain(item)) for site, item in groups[key]]
        whys.update(link for *_, facts in groups[key] for _, link in facts if link)
    return render_template(
        "calendar/index.html",
        groups=groups,
        titles=GROUPS,
        today=clocks.to_local(now, rb).date(),
        rule=rb["clocks.post_rain_inspection"],
        weekly=rb["clocks.weekly_inspection"],
        whys=[
            (key, WHY_TITLES[key], why_text(key, rb), rb[f"clocks.{WHY_RULES[key]}.citation"])
            for key in WHY_TITLES
            if key in whys
        ],
    )


# An item's note (services/schedule.py) is its explanation in full, and its "why" the same in parts.
# Each part's general sentence is said once, in the page's "Why these are due" entry named by its
# key; what the part says of the item alone becomes a short fact on the item, linking to the entry
# when it is not the item's own kind.
WHY_TITLES = {
    "weekly": "Weekly inspection",
    "post_rain": "Post-rain inspection",
    "not_started": "Work not reported as started",
    "suspended": "Permit suspended by a stop-work order",
}
WHY_RULES = {  # the rulebook clause each entry explains, for its citation
    "weekly": "weekly_inspection",
    "post_rain": "post_rain_inspection",
    "not_started": "weekly_inspection",
    "suspended": "weekly_inspection",
}


def explain(item: dict) -> tuple[str, list[tuple[str, str | None]]]:
    """(the "why" entry of the item's kind, [(fact, the entry it links to, or None)])."""
    kind = "post_rain" if item["kind"] == "post_rain" else "weekly"
    facts = [(w.fact, None if w.key == kind else w.key) for w in item["why"] if w.fact]
    return kind, facts


def facts_of(item: dict) -> list[str]:
    """The item's own facts (when last inspected, a suspended permit...): its note without the
    explanations a page gives once (the site page's rain panel says the post-rain reading in its
    own paragraph)."""
    return [fact for fact, _ in explain(item)[1]]


def why_text(key: str, rb) -> str:
    """The one explanation of `key` on the page: its rule, then the sentences taken off the items."""
    rain, weekly = rb["clocks.post_rain_inspection"], rb["clocks.weekly_inspection"]
    days = weekly["days"]
    opening = {
        "weekly": (
            f"At least each week: due {days} days after the last inspection; exactly {days} days "
            "later is still on time, a minute more is overdue (across a change of the clocks: at "
            f"the same local time, or after {days} x 24 hours when that is later)."
        ),
        "post_rain": f"After each rain of {rain['rain_threshold_in']} inch or more.",
    }.get(key, "")
    words = [opening] if opening else []
    for entry, sentence in schedule.general_sentences(rb):
        if entry == key:
            sentence = sentence if opening.endswith(",") else sentence[0].upper() + sentence[1:]
            words.append(sentence)
    return " ".join(words)


@click.command("send-reminders")
@with_appcontext
def send_reminders_command() -> None:
    """E-mail permittees about inspections coming due and missed ones (safe to run from cron: never twice)."""
    from ..mail import sender_from_config
    from ..services import reminders

    require_current()
    session = get_session()
    failed: list = []
    # A run that starts while the last still sends (a slow mail server) would find the same
    # reminders unsent and send them again.
    with one_run_at_a_time("send-reminders") as mine:
        if not mine:
            click.echo(
                "send-reminders is already running for this database: this run sends nothing."
            )
            return
        done = reminders.send_all(
            session,
            sender_from_config(current_app.config),
            clock.now(),
            current_app.extensions["rulebook"],
            failed,
        )
    click.echo(f"{len(done)} reminder(s) sent.")
    for reminder in done:
        click.echo(f"  {reminder.message.to}: {reminder.message.subject}")
    if failed:  # cron mails a failing command's output: someone learns the mail server refused
        click.echo(
            f"{len(failed)} reminder(s) could not be sent (see the log); the next run tries them again.",
            err=True,
        )
        for reminder in failed:
            click.echo(f"  {reminder.message.to}: {reminder.message.subject}", err=True)
        raise SystemExit(1)


@bp.route("/holidays")
@login_required
def holidays():
    """The Village holidays the § 256-8C work-day clock skips, with their source (every role sees
    it: an applicant can check the review deadline)."""
    rb = current_app.extensions["rulebook"]
    days = sorted(date.fromisoformat(d) for d in rb["calendar.holidays"])
    today = clock.today(rb)
    return render_template(
        "calendar/holidays.html",
        days=days,
        today=today,
        through=date.fromisoformat(rb["calendar.holidays_through"]),
        source=rb["calendar.holidays_source"],
        review=rb["clocks.plan_review"],
        work_days=rb["calendar.work_days"],
    )
