"""`flask --app app verify` and `flask --app app seal-existing` (docs/sealing.md)."""

from __future__ import annotations

import click
from flask.cli import with_appcontext

from .db import get_session, require_current
from .seal_chain import Problem
from .services import clock, seals


def report_lines(run) -> list[str]:
    when = f"{run.started_at:%Y-%m-%d %H:%M:%S} UTC"
    if run.ok:
        return [
            f"verify {when}: {run.records} records and {run.seals} seals checked: all unchanged."
        ]
    lines = [
        f"verify {when}: {run.records} records and {run.seals} seals checked: "
        f"{run.problem_count} no longer match:"
    ]
    lines += [f"  FAILED {Problem(**p).line()}" for p in run.problems]
    if run.problem_count > len(run.problems):
        lines.append(f"  ... and {run.problem_count - len(run.problems)} more")
    return lines


@click.command("verify")
@with_appcontext
def verify_command():
    """Re-compute every sealed record's hash from the database and walk the seal chain; exit 1
    naming each record that no longer matches."""
    require_current()
    session = get_session()
    now = clock.now()
    # Between chunks the read transaction ends, so a long check never holds writers back (SQLite).
    report = seals.verify(session, now, between=session.commit)
    run = seals.record_run(session, report, trigger="cli")
    session.commit()
    for line in report_lines(run):
        click.echo(line)
    if report.head is not None:
        click.echo(f"chain end: seal {report.head.seq} {report.head.seal}")
    if not run.ok:
        raise SystemExit(1)


def seal_existing() -> str:
    session = get_session()
    done = seals.seal_existing(session, clock.now())
    session.commit()
    total = sum(done.values())
    detail = ", ".join(f"{n} {kind.replace('_', ' ')}(s)" for kind, n in done.items() if n)
    detail = f": {detail}" if detail else ""
    return f"Sealed on upgrade: {total} record(s) stored before sealing began{detail}."


@click.command("seal-existing")
@with_appcontext
def seal_existing_command():
    """Seal, marked "sealed on upgrade", the records stored before sealing began (`db upgrade` runs
    it; a record stored later without a seal is never sealed here: verify names it)."""
    click.echo(seal_existing())
