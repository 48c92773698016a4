"""/calendar: what inspection is due today, this week, and what is overdue, for the user's sites (for Village
staff: every site). The offline version on the tablet is drawn from the same due items in the work packet."""

from __future__ import annotations

from datetime import date

import click
from flask import Blueprint, current_app, g, render_template
from flask.cli import with_appcontext

from ..db import get_session
from ..models import Site
from ..rules import clocks
from ..security import login_required
from ..services import clock, schedule, sites
from .rain import when

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
    for key in groups:
        groups[key].sort(key=lambda pair: (schedule.due_key(pair[1]), pair[0].name))
    return render_template(
        "calendar/index.html",
        groups=groups,
        titles=GROUPS,
        when=when,
        today=clocks.to_local(now, rb).date(),
        rule=rb["clocks.post_rain_inspection"],
        weekly=rb["clocks.weekly_inspection"],
    )


@click.command("send-reminders")
@with_appcontext
def send_reminders_command() -> None:
    """E-mail permittees about inspections coming due and missed ones (safe to run from cron: never twice)."""
    from ..mail import sender_from_config
    from ..services import reminders

    session = get_session()
    done = reminders.send_all(
        session,
        sender_from_config(current_app.config),
        clock.now(),
        current_app.extensions["rulebook"],
    )
    click.echo(f"{len(done)} reminder(s) sent.")
    for reminder in done:
        click.echo(f"  {reminder.message.to}: {reminder.message.subject}")


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
