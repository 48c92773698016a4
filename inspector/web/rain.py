"""Rain pages: gauges and their readings, manual readings, the supervisor's file import, the site panel
(timeline chart, linked gauge, post-rain rule), and the `import-rain` CLI command."""

from __future__ import annotations

from datetime import timedelta

import click
from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask.cli import with_appcontext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from sqlmodel import select
from wtforms import DateTimeLocalField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange

from ..db import get_session
from ..imports import FileProblem
from ..models import RainEvent, RainGauge, Site, SiteGauge
from ..rules import clocks
from ..rules import rain as rain_rules
from ..security import STAFF, login_required, roles_required
from ..services import (
    NotFound,
    ServiceError,
    clock,
    rain,
    rain_gauge_readers,
    rain_gauges,
    rain_hand_readings,
    rain_imports,
    sites,
)
from .calendar import facts_of
from .forms import NumberField, apply_service_error, on_the_calendar

bp = Blueprint("rain", __name__, url_prefix="/rain")

FORMATS = [
    ("auto", "Recognise from the file"),
    ("ghcn", "NOAA daily CSV"),
    ("cocorahs", "CoCoRaHS daily CSV"),
]
UNITS = [
    ("", "Not stated (GHCN-Daily station files and CoCoRaHS say their own)"),
    ("standard", "standard: inches"),
    ("metric", "metric: millimetres"),
]
KIND_CHOICES = [
    ("onsite", "On-site gauge"),
    ("ghcn", "NOAA GHCN-Daily station"),
    ("cocorahs", "CoCoRaHS station"),
]


def rulebook():
    return current_app.extensions["rulebook"]


class GaugeForm(FlaskForm):
    name = StringField(
        "Name", validators=[DataRequired(message="A gauge needs a name."), Length(max=200)]
    )
    kind = SelectField("Kind", choices=KIND_CHOICES)
    station_code = StringField(
        "Station code", validators=[DataRequired(message="Enter a station code."), Length(max=60)]
    )
    latitude = NumberField(
        "Latitude",
        validators=[
            InputRequired(message="Enter the latitude."),
            NumberRange(-90, 90, "Between -90 and 90."),
        ],
    )
    longitude = NumberField(
        "Longitude",
        validators=[
            InputRequired(message="Enter the longitude."),
            NumberRange(-180, 180, "Between -180 and 180."),
        ],
    )


class ReadingForm(FlaskForm):
    gauge_id = SelectField("Gauge", coerce=int)
    observed_at = DateTimeLocalField(
        "Read at (local time)",
        format="%Y-%m-%dT%H:%M",
        validators=[DataRequired(message="Enter when the gauge was read."), on_the_calendar],
    )
    amount_in = NumberField(
        "Rain in the 24 hours before",
        validators=[InputRequired(message="Enter the rain in inches.")],
    )


class ImportForm(FlaskForm):
    format = SelectField("File format", choices=FORMATS, default="auto")
    units = SelectField(
        "Units requested (NOAA Climate Data Online or Access Data Service export)",
        choices=UNITS,
        default="",
    )
    file = FileField("CSV file", validators=[FileRequired(message="Choose a file.")])


class LinkForm(FlaskForm):
    gauge_id = SelectField("Rain gauge for this site", coerce=int)


# A reading's source (RainReading.source) as a person reads it.
SOURCE_WORDS = {
    "onsite": "On-site gauge",
    "manual": "Entered by hand",
    "ghcn": "NOAA GHCN-Daily",
    "cocorahs": "CoCoRaHS",
}


def _local(moment):
    return clocks.to_local(moment, rulebook()) if moment else None


def _when(moment) -> str:
    """A moment as every page writes it: the Village's clock, with its zone (clocks.TIME_WORDS),
    and its year when not the Village's current one ("Dec 31, 2026, 7:00 AM CST", as the due
    times): a gauge's readings run across the new year and over seasons."""
    return clocks.time_words(moment, rulebook(), clock.today(rulebook())) if moment else "—"


# ---------------------------------------------------------------- gauges and readings


@bp.route("/", methods=["GET"])
@login_required
def index():
    session = get_session()
    return _index(session, GaugeForm(), _reading_form(session))


def _reading_form(session, form: ReadingForm | None = None) -> ReadingForm:
    form = form or ReadingForm()
    form.gauge_id.choices = [
        (gauge.id, gauge.name) for gauge in rain_gauge_readers.gauges_for(session, g.user)
    ]
    if form.observed_at.data is None and request.method == "GET":
        form.observed_at.data = _local(clock.now()).replace(tzinfo=None, second=0, microsecond=0)
    return form


def _index(session, gauge_form, reading_form, status=200):
    # Every gauge of the user's sites, with its rains; readings only where the form offers them.
    gauges = rain_gauge_readers.gauges_seen_by(session, g.user, rulebook())
    ids = [gauge.id for gauge in gauges]
    links: dict[int, list[Site]] = {}
    if ids:
        visible = sites.visible_sites_query(g.user).with_only_columns(Site.id)
        rows = session.exec(
            select(SiteGauge.gauge_id, Site)
            .join(Site, Site.id == SiteGauge.site_id)
            .where(SiteGauge.gauge_id.in_(ids), Site.id.in_(visible))
        ).all()
        for gauge_id, site in rows:
            links.setdefault(gauge_id, []).append(site)
    since = clock.now() - timedelta(days=42)
    events = (
        session.exec(
            select(RainEvent)
            .where(RainEvent.gauge_id.in_(ids), RainEvent.end >= since)
            .order_by(RainEvent.end.desc())
        ).all()
        if ids
        else []
    )
    names = {gauge.id: gauge.name for gauge in gauges}
    return render_template(
        "rain/index.html",
        gauges=gauges,
        links=links,
        events=events,
        names=names,
        gauge_form=gauge_form,
        reading_form=reading_form,
        recordable={gauge_id for gauge_id, _ in reading_form.gauge_id.choices},
        readers=rain_gauge_readers.readers_of(session, ids, g.user),
        when=_when,
        rb=rulebook(),
    ), status


@bp.route("/gauges", methods=["POST"])
@roles_required(*STAFF)
def create_gauge():
    session = get_session()
    form = GaugeForm()
    if form.validate_on_submit():
        try:
            gauge = rain_gauges.create_gauge(
                session,
                name=form.name.data,
                kind=form.kind.data,
                station_code=form.station_code.data,
                latitude=form.latitude.data,
                longitude=form.longitude.data,
                user_id=g.user.id,
                rb=rulebook(),
            )
            session.commit()
        except ServiceError as exc:
            session.rollback()
            apply_service_error(form, exc)
        else:
            flash(
                f"Gauge “{gauge.name}” added; sites nearby are linked to it when it is their nearest.",
                "info",
            )
            return redirect(url_for("rain.gauge", gauge_id=gauge.id))
    return _index(session, form, _reading_form(session), 400)


@bp.route("/gauges/<int:gauge_id>")
@login_required
def gauge(gauge_id: int):
    session = get_session()
    if gauge_id not in {
        x.id for x in rain_gauge_readers.gauges_seen_by(session, g.user, rulebook())
    }:
        raise NotFound(
            "No such rain gauge."
        )  # visibility first: worded as a gauge that does not exist
    found = rain.get_gauge(session, gauge_id)
    readings = rain.daily_readings(session, found.id, clock.now() - timedelta(days=42))
    events = session.exec(
        select(RainEvent)
        .where(RainEvent.gauge_id == found.id)
        .order_by(RainEvent.end.desc())
        .limit(20)
    ).all()
    overlaps = rain_rules.overlapping(
        [
            rain_rules.Reading(r.period_start, r.period_end, r.amount_in, r.trace, r.id)
            for r in readings
        ]
    )
    by_id = {r.id: r for r in readings}
    return render_template(
        "rain/gauge.html",
        gauge=found,
        readings=readings,
        events=events,
        when=_when,
        rb=rulebook(),
        overlaps={k: [by_id[i] for i in v] for k, v in overlaps.items()},
        source_words=SOURCE_WORDS,
    )


@bp.route("/readings", methods=["POST"])
@login_required
def add_reading():
    session = get_session()
    form = _reading_form(session)
    if form.validate_on_submit():
        observed = clocks.from_local(form.observed_at.data, rulebook())
        try:
            reading, _ = rain_hand_readings.record_manual(
                session,
                user=g.user,
                gauge_id=form.gauge_id.data,
                observed_at=observed,
                amount_in=form.amount_in.data,
                period_hours=24,
                device_uuid=None,
                site_id=None,
                now=clock.now(),
                rb=rulebook(),
            )
            session.commit()
        except ServiceError as exc:
            session.rollback()
            apply_service_error(form, exc)
        else:
            flash(f"Reading of {reading.amount_in:.2f} in saved.", "info")
            return redirect(url_for("rain.gauge", gauge_id=reading.gauge_id))
    return _index(session, GaugeForm(formdata=None), form, 400)


# ---------------------------------------------------------------- file import (supervisors)


@bp.route("/import", methods=["GET", "POST"])
@roles_required("supervisor")
def import_page():
    form = ImportForm()
    report, problem = None, None
    if form.validate_on_submit():
        session = get_session()
        data = form.file.data.read()
        try:
            report = rain_imports.import_file(
                session,
                data,
                form.format.data,
                user_id=g.user.id,
                now=clock.now(),
                rb=rulebook(),
                units=form.units.data or None,
            )
            session.commit()
        except FileProblem as exc:
            session.rollback()
            problem = str(exc)
            form.file.errors = [problem]
    status = 400 if (form.errors or problem) and request.method == "POST" else 200
    return render_template(
        "rain/import.html", form=form, report=report, when=_when, rb=rulebook()
    ), status


@click.command("import-rain")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", "ghcn", "cocorahs"]),
    default="auto",
    help="auto/ghcn: recognised from the file (NOAA products); cocorahs: CoCoRaHS export",
)
@click.option(
    "--units",
    type=click.Choice(["standard", "metric"]),
    default=None,
    help="what a Climate Data Online / Access Data Service export was requested in",
)
def import_rain_command(path: str, fmt: str, units: str | None) -> None:
    """Import rain readings from a CSV file (idempotent: importing it again changes nothing)."""
    session = get_session()
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        report = rain_imports.import_file(
            session, data, fmt, user_id=None, now=clock.now(), rb=rulebook(), units=units
        )
        session.commit()
    except FileProblem as exc:
        session.rollback()
        raise click.ClickException(str(exc)) from None
    click.echo(f"Taken to be: {report.product}.")
    click.echo(
        f"{report.stored} reading(s) stored, {report.unchanged} already imported, "
        f"{len(report.errors)} bad row(s), {len(report.skipped)} skipped."
    )
    for note in report.notes:
        click.echo(f"  line {note.line}: {note.reason}")
    for issue in report.skipped:
        click.echo(f"  line {issue.line}: {issue.reason}")
    for issue in report.errors:
        click.echo(f"  line {issue.line}: ERROR {issue.reason}", err=True)
    for event in report.rain_events:
        click.echo(
            f"  qualifying rain: {event.total_in:.2f} in ending {_local(event.end):%Y-%m-%d %H:%M} (local)"
        )


# ---------------------------------------------------------------- the site page


@bp.route("/sites/<int:site_id>/gauge", methods=["POST"])
@roles_required(*STAFF)
def link_site(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    form = LinkForm()
    form.gauge_id.choices = [(gauge.id, gauge.name) for gauge in session.exec(select(RainGauge))]
    if form.validate_on_submit():
        rain_gauges.choose_gauge(session, site, form.gauge_id.data, user=g.user)
        session.commit()
        flash("Rain gauge changed for this site.", "info")
    else:
        flash("Choose a gauge from the list.", "error")
    return redirect(url_for("sites.show", site_id=site.id) + "#rain-h")


def gauge_choices(section: dict, user) -> list[tuple[int, str, bool]] | None:
    """What staff may choose as the site's gauge on the site page: (id, words, chosen) per gauge;
    None for others. The page writes the list itself rather than through a LinkForm: the form is
    checked by link_site, whose answer is a redirect with a message, so the page never shows a
    field error, and making and rendering a form on every site page cost more than the panel."""
    if user.role not in STAFF:
        return None
    chosen = section["gauge"].id if section["gauge"] else None
    return [(x.id, f"{x.name} ({x.station_code})", x.id == chosen) for x in section["gauges"]]


def panel_words(rb) -> dict:
    return {
        "rule": rb["clocks.post_rain_inspection"],
        "weekly": rb["clocks.weekly_inspection"],
        "facts": facts_of,
    }
