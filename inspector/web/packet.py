"""The regulator packet of a site (docs/regulator-packet.md): one ZIP, for a range of the Village's
days, with the PDF of every inspection, finding and stop-work order in it, the rain log, the permit
and its clocks, the CSV and GeoJSON exports, and manifest.json with each file's SHA-256 and seal.
Whoever may see the site may download it (a permittee: only sites of their company)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from flask import Blueprint, current_app, g, render_template, request, send_file
from flask_wtf import FlaskForm
from sqlmodel import select
from wtforms import DateField
from wtforms.validators import InputRequired

from ..db import get_session
from ..documents import records, report, tables
from ..documents.packet import PacketWriter
from ..documents.pdf import order_document
from ..models import Company, Finding, Inspection, Permit, RainReading, StopWorkOrder, User
from ..rules import clocks
from ..security import login_required
from ..services import clock, finding_notes, findings, permit_clocks, permits, rain, sites
from . import build_slots
from .inspections import report_context, stored_bytes
from .orders import DOCUMENTS, order_context
from .rain import SOURCE_WORDS
from .verify import seal_info

bp = Blueprint("packet", __name__)
DAY = "Enter a date such as 2026-05-04."
# A packet costs seconds of CPU per inspection: each process builds PACKET_BUILDS at once (build_slots).
WAIT_SECONDS = 3
RETRY_AFTER_SECONDS = build_slots.RETRY_AFTER_SECONDS


@bp.record_once
def _build_slots(state) -> None:
    build_slots.install(state.app, "packet_builds", state.app.config.get("PACKET_BUILDS", 1))


class PacketForm(FlaskForm):
    class Meta:
        csrf = False  # a download by GET: it changes nothing

    start = DateField("From (first day)", validators=[InputRequired(message=DAY)])
    end = DateField("To (last day)", validators=[InputRequired(message=DAY)])


def rulebook():
    return current_app.extensions["rulebook"]


def range_problems(form: PacketForm, today: date, rb) -> bool:
    """Puts a message at the field for a range the packet cannot cover; True when there is one."""
    if not form.validate():
        return True
    start, end = form.start.data, form.end.data
    years = rb["clocks.record_retention.years"]
    if end > today:
        form.end.errors.append(f"Days after today ({today.isoformat()}) have no records yet.")
    elif start > end:
        form.start.errors.append("The first day comes after the last day.")
    elif end - start > timedelta(days=366 * years):
        form.start.errors.append(
            f"At most {years} years at a time, the time records are kept "
            f"({rb['clocks.record_retention.source']})."
        )
    return bool(form.start.errors or form.end.errors)


def _page(site, form, status: int = 200):
    return render_template("packet/form.html", site=site, form=form), status


@bp.route("/sites/<int:site_id>/packet")
@login_required
def page(site_id: int):
    site = sites.get_visible_site(get_session(), g.user, site_id)
    today = clock.today(rulebook())
    form = PacketForm(formdata=None, start=today - timedelta(days=364), end=today)
    return _page(site, form)


@bp.route("/sites/<int:site_id>/packet.zip")
@login_required
def download(site_id: int):
    session = get_session()
    rb = rulebook()
    site = sites.get_visible_site(session, g.user, site_id)
    form = PacketForm(request.args)
    if range_problems(form, clock.today(rb), rb):
        return _page(site, form, 400)
    start, end = form.start.data, form.end.data
    with build_slots.slot("packet_builds", WAIT_SECONDS) as free:
        if not free:
            return build_slots.busy("Another regulator packet is")
        data = build(session, g.user, site, start, end, rb)
    name = re.sub(r"[^A-Za-z0-9]+", "-", site.name).strip("-").lower() or "site"
    return send_file(
        data,
        mimetype="application/zip",
        as_attachment=True,
        download_name=f"packet-{name}-{start.isoformat()}-to-{end.isoformat()}.zip",
    )


def build(session, user: User, site, start: date, end: date, rb):
    """The packet as a temporary file (rewound); the caller sends and closes it."""
    since = clocks.start_of_local_day(start, rb)
    until = clocks.start_of_local_day(end + timedelta(days=1), rb)
    now = clock.now()
    packet = PacketWriter(
        {
            "packet": "Regulator packet: erosion control records of one site",
            "site": site.name,
            "address": site.address,
            "first_day": start.isoformat(),
            "last_day": end.isoformat(),
            "days_are": f"the Village's local days ({rb['calendar.timezone']})",
            "generated_at": clocks.to_local(now, rb).strftime("%Y-%m-%d %H:%M %Z"),
            "how_to_check": (
                "Each file's SHA-256 is listed under files. A record's seal is printed on its PDF; "
                "open its verify_url to see that the stored record is unchanged."
            ),
        }
    )
    try:
        _inspections(session, packet, site, start, end)
        _findings(session, packet, site, since, until, now, rb)
        _orders(session, user, packet, site, since, until, now, rb)
        _permits(session, user, packet, site, now, rb)
        packet.add("rain-log.csv", rain_log_csv(session, site, since, until, rb))
        packet.add(
            "exports/inspections.csv",
            tables.inspections_csv(session, user, site_id=site.id, days=(start, end)),
        )
        packet.add(
            "exports/findings.csv",
            tables.findings_csv(session, user, now, rb, site_id=site.id, between=(since, until)),
        )
        packet.add(
            "exports/site.geojson", tables.sites_geojson(session, user, now, rb, site_id=site.id)
        )
        return packet.finish()
    except BaseException:
        packet.discard()
        raise


def _inspections(session, packet, site, start, end) -> None:
    rows = session.exec(
        select(Inspection)
        .where(Inspection.site_id == site.id, Inspection.inspected_on.between(start, end))
        .order_by(Inspection.inspected_on, Inspection.started_at)
    ).all()
    replaced = {i.replaces_id for i in rows if i.replaces_id}
    for n, inspection in enumerate(rows, 1):
        ctx = report_context(session, inspection)
        ctx["photo_bytes"] = lambda photo: stored_bytes(session, photo.file_id)
        kind = inspection.kind.replace("_", "-")
        later = "-superseded" if inspection.id in replaced else ""
        packet.add(
            f"inspections/{inspection.inspected_on.isoformat()}-{kind}-{n:03d}{later}.pdf",
            report.inspection_pdf(ctx, rulebook()),
            record={"kind": "inspection", "id": inspection.id},
            seal=ctx["seal"],
        )


def _findings(session, packet, site, since, until, now, rb) -> None:
    items = {item["code"]: item for item in rb["checklist.items"]}
    rows = session.exec(
        select(Finding)
        .where(Finding.site_id == site.id, Finding.created_at >= since, Finding.created_at < until)
        .order_by(Finding.created_at)
    ).all()
    no_note = finding_notes.no_note_written(session, rows)
    for n, f in enumerate(rows, 1):
        inspection = session.get(Inspection, f.inspection_id)
        permit = (
            session.get(Permit, inspection.permit_id)
            if inspection.permit_id
            else permits.current_permit(session, site.id)
        )
        seal = seal_info(session, "finding", f.id)
        ctx = {
            "finding": f,
            "site": site,
            "permit": permit,
            "company": session.get(Company, f.company_id) if f.company_id else None,
            "item": items.get(f.item_code),
            "inspection": inspection,
            "overdue": findings.is_overdue(f, now),
            "seal": seal,
            "staff_notes": finding_notes.staff_notes_signed(session, f),
            "no_note": f.id in no_note,
        }
        day = clocks.local_date(f.created_at, rb).isoformat()
        packet.add(
            f"findings/{day}-{f.item_code.lower()}-{n:03d}.pdf",
            records.finding_pdf(ctx, rb),
            record={"kind": "finding", "id": f.id},
            seal=seal,
        )


def _orders(session, user, packet, site, since, until, now, rb) -> None:
    rows = session.exec(
        select(StopWorkOrder)
        .where(
            StopWorkOrder.site_id == site.id,
            StopWorkOrder.issued_at >= since,
            StopWorkOrder.issued_at < until,
        )
        .order_by(StopWorkOrder.issued_at)
    ).all()
    for n, order in enumerate(rows, 1):
        made = {
            "notice": order.status in DOCUMENTS["notice"][1],
            "revocation": order.status in DOCUMENTS["revocation"][1] and order.revoked_at,
            "cease-desist": order.status in DOCUMENTS["cease-desist"][1] and order.cease_desist_at,
        }
        if not any(made.values()):
            continue
        ctx = order_context(session, order, now)
        day = clocks.local_date(order.issued_at, rb).isoformat()
        for kind, wanted in made.items():
            if wanted:
                packet.add(
                    f"orders/{day}-stop-work-{kind}-{n:03d}.pdf",
                    order_document(kind, ctx, rb),
                    record={"kind": "stop_work_order", "id": order.id, "document": kind},
                    seal=ctx["seal"],
                )


def _permits(session, user, packet, site, now, rb) -> None:
    query = select(Permit).where(Permit.site_id == site.id).order_by(Permit.created_at)
    if user.role == "permittee":
        query = query.where(Permit.company_id == user.company_id)
    for permit in session.exec(query).all():
        events = permits.history(session, permit)
        ids = {e.by_user_id for e in events if e.by_user_id}
        names = (
            {u.id: u.name for u in session.exec(select(User).where(User.id.in_(ids)))}
            if ids
            else {}
        )
        ctx = {
            "permit": permit,
            "site": site,
            "company": session.get(Company, permit.company_id),
            "clocks": permit_clocks.clocks_view(session, permit, site, rb, now),
            "today": clocks.local_date(now, rb),
            "history": [(e, names.get(e.by_user_id)) for e in events],
        }
        label = permit.number or f"application-{permit.application_received_on.isoformat()}"
        packet.add(f"permit/{label}.pdf", records.permit_pdf(ctx, rb))


def rain_log_csv(session, site, since, until, rb) -> str:
    """The readings of the site's rain gauge in the range, on the Village's clock."""
    _link, gauge = rain.site_gauge(session, site.id)
    header = ["gauge", "period_start_local", "period_end_local", "rain_in", "source"]
    if gauge is None:
        return tables.csv_text(header, [])
    readings = session.exec(
        select(RainReading)
        .where(
            RainReading.gauge_id == gauge.id,
            RainReading.period_end > since,
            RainReading.period_end <= until,
        )
        .order_by(RainReading.period_end)
    )
    rows = [
        [
            gauge.name,
            tables.local_time(r.period_start, rb),
            tables.local_time(r.period_end, rb),
            "trace" if r.trace else f"{r.amount_in:.2f}",
            SOURCE_WORDS.get(r.source, r.source),
        ]
        for r in readings
    ]
    return tables.csv_text(header, rows)
