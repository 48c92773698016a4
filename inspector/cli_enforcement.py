"""`flask --app app tick`: the clock tick for cron. Runs the rules without a request, so deadlines that
pass at night (a missed weekly inspection, an overdue repair, an expired permit) propose orders on time.
It also re-checks the sealed records every VERIFY_INTERVAL_HOURS (docs/sealing.md)."""

from __future__ import annotations

from datetime import timedelta

import click
from flask import current_app
from flask.cli import with_appcontext

from .db import get_session, require_current
from .postgresql import lock_for_writing
from .rules import clocks
from .services import clock, permits, seals, stop_work_proposals


@click.command("tick")
@with_appcontext
def tick_command():
    """Evaluate the stop-work triggers of every site once (safe to run as often as you like)."""
    require_current()
    session = get_session()
    # Writers queue before the tick reads (PostgreSQL; SQLite's BEGIN IMMEDIATE does it already):
    # an order issued or a push applied between its reads and its writes would be written over
    # with what it read.
    lock_for_writing(session.connection())
    now = clock.now()
    rb = current_app.extensions["rulebook"]
    # Time passing is written here, never by a page load (docs/layers.md): permits lapse first, so
    # the rules below read today's statuses.
    expired = permits.expire_lapsed(session, clocks.local_date(now, rb))
    created = stop_work_proposals.evaluate_all(session, now, rb)
    session.commit()
    click.echo(f"tick {clocks.wire_time(now)}: {len(created)} new proposed stop-work order(s)")
    if expired:
        click.echo(f"  {expired} permit(s) expired: past their last valid day")
    from .services.photo_uploads import expire_unclaimed

    days = current_app.config["UNCLAIMED_PHOTO_DAYS"]
    removed = expire_unclaimed(session, now - timedelta(days=days))
    session.commit()
    if removed:
        click.echo(f"  {removed} photo(s) removed: no record named them within {days} days")
    for order in created:
        grounds = ", ".join(dict.fromkeys(g["citation"] for g in order.grounds))
        click.echo(f"  site {order.site_id}: order {order.id} ({grounds}) {order.status}")
    every = timedelta(hours=float(current_app.config.get("VERIFY_INTERVAL_HOURS", 24)))
    run = seals.verify_if_due(session, now, every, between=session.commit)
    session.commit()
    if run is not None:
        from .cli_seals import report_lines

        for line in report_lines(run):
            click.echo(line)
