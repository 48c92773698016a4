"""The inspection page and its PDF report (laid out like Wisconsin DNR Form 3400-187), with the SHA-256
of the record and of each photo as tamper evidence and "N of M photos received"."""

from __future__ import annotations

from types import SimpleNamespace

from flask import Blueprint, Response, abort, current_app, g, render_template
from sqlmodel import select

from ..db import get_session
from ..documents import signatures as signed_view
from ..models import (
    Answer,
    Company,
    Inspection,
    Permit,
    Photo,
    Site,
    StoredFile,
    User,
)
from ..security import login_required
from ..services import (
    NotFound,
    clock,
    finding_withdrawal,
    findings,
    inspection_report,
    photo_marks,
    sites,
)
from . import build_slots
from .verify import seal_info

bp = Blueprint("inspections", __name__)

KIND_WORDS = {
    "weekly": "Weekly",
    "post_rain": "Precipitation event (0.5 inch or more)",
    # Said after the ticked "Other" box: "Other (Village inspection)".
    "village": "Village inspection",
    "follow_up": "follow-up inspection",
    "complaint": "inspection after a complaint",
}


def rulebook():
    return current_app.extensions["rulebook"]


def get_visible(session, user, inspection_id: str) -> Inspection:
    inspection = session.get(Inspection, inspection_id)
    if inspection is None or not sites.can_see_site(session, user, inspection.site_id):
        raise NotFound("No such inspection.")
    return inspection


def photo_response(session, photo: Photo, size: str | None) -> Response:
    stored = session.get(
        StoredFile, photo.thumb_file_id if size and photo.thumb_file_id else photo.file_id
    )
    if stored is None:
        abort(404)
    return Response(
        stored.data,
        mimetype="image/jpeg" if size else photo.content_type,
        headers={"Cache-Control": "private, max-age=86400"},
    )


def stored_bytes(session, file_id: int) -> bytes | None:
    """One stored file's bytes, read alone (a report's photos are read one at a time)."""
    return session.exec(select(StoredFile.data).where(StoredFile.id == file_id)).first()


SCALARS = (str, int, float, bool)


def shown_answer(a: Answer) -> SimpleNamespace:
    """An answer as the page and PDF show it. Rows stored before pushes were shape-checked may hold
    a calculator or measurements of another shape: what cannot be shown is left out, never a 500."""
    # Kept whole: the report words it (rules/calculator_sentences), whatever its shape.
    calc = a.calculator if isinstance(a.calculator, dict) else None
    measurements = a.measurements if isinstance(a.measurements, dict) else {}
    shown = {k: v for k, v in measurements.items() if isinstance(v, SCALARS)}
    return SimpleNamespace(
        id=a.id,
        item_code=a.item_code,
        result=a.result,
        note=a.note or "",
        corrective_action=a.corrective_action or "",
        calculator=calc,
        measurements=shown,
    )


def report_context(session, inspection: Inspection) -> dict:
    """Everything the page and the PDF show, in a few queries."""
    rb = rulebook()
    site = session.get(Site, inspection.site_id)
    permit = session.get(Permit, inspection.permit_id) if inspection.permit_id else None
    company = session.get(Company, permit.company_id) if permit else None
    rows = select(Answer).where(Answer.inspection_id == inspection.id).order_by(Answer.id)
    answers = [shown_answer(a) for a in session.exec(rows)]
    photos = list(session.exec(select(Photo).where(Photo.inspection_id == inspection.id)))
    by_item: dict[str | None, list[Photo]] = {}
    for p in photos:
        by_item.setdefault(p.item_code, []).append(p)
    items = {item["code"]: item for item in rb["checklist.items"]}
    # A Village inspection may be partial (§ 256-9A); the report names what it did not look at.
    expected = list(sites.ordinance_view(site, rb)["checklist"])
    answered = {a.item_code for a in answers}
    unanswered = [item for item in expected if item["code"] not in answered]
    found = finding_withdrawal.of_inspection(
        session, inspection, [a.item_code for a in answers if a.result == "fail"]
    )
    author = session.get(User, inspection.user_id) if inspection.user_id else None
    now = clock.now()
    ctx = {
        "inspection": inspection,
        "site": site,
        "permit": permit,
        "company": company,
        "answers": answers,
        "items": items,
        "photos": photos,
        "marks": photo_marks.of_photos(session, [p.id for p in photos]),
        "photos_by_item": by_item,
        "findings": found,
        "unanswered": unanswered,
        "checklist_total": len(expected),
        "answered_count": len([i for i in expected if i["code"] in answered]),
        "findings_by_item": {f.item_code: f for f in found},
        "staff_notes": inspection_report.staff_notes_of(session, found),
        "author": author,
        "signed": signed_view.of_inspection(inspection, author, rb),
        "kind_words": KIND_WORDS.get(inspection.kind, inspection.kind),
        "photos_received": len(photos),
        "photos_expected": max(inspection.photos_expected, len(photos)),
        "overdue": {f.id for f in found if findings.is_overdue(f, now)},
        "now": now,
        "seal": seal_info(session, "inspection", inspection.id),
        "rain_since": inspection_report.rain_since_previous(session, inspection, rb),
        "received": inspection_report.received(inspection, rb),
        "qualification": inspection_report.qualification(session, inspection, rb),
    }
    ctx["practices"] = inspection_report.practice_rows(ctx, rb)
    ctx["follow_up"] = inspection_report.follow_up_rows(ctx, rb)
    ctx["follow_up_notes"] = inspection_report.follow_up_notes(ctx["follow_up"], rb)
    ctx["photo_rows"] = inspection_report.photo_rows(ctx, rb)
    return ctx


@bp.route("/inspections/<inspection_id>")
@login_required
def show(inspection_id: str):
    session = get_session()
    inspection = get_visible(session, g.user, inspection_id)
    return render_template("inspections/show.html", **report_context(session, inspection))


@bp.route("/inspections/<inspection_id>.pdf")
@login_required
def pdf(inspection_id: str):
    session = get_session()
    inspection = get_visible(session, g.user, inspection_id)
    from ..documents import report

    with build_slots.slot("document_builds") as free:
        if not free:
            return build_slots.busy("Other reports are")
        ctx = report_context(session, inspection)
        ctx["photo_bytes"] = lambda photo: stored_bytes(session, photo.file_id)
        data = report.inspection_pdf(ctx, rulebook())
    return Response(
        data,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="inspection-{inspection.inspected_on.isoformat()}-{inspection.id[:8]}.pdf"'
        },
    )


@bp.route("/inspections/<inspection_id>/photos/<photo_id>")
@bp.route("/inspections/<inspection_id>/photos/<photo_id>/<any(thumb):size>")
@login_required
def photo(inspection_id: str, photo_id: str, size: str | None = None):
    session = get_session()
    inspection = get_visible(session, g.user, inspection_id)
    found = session.get(Photo, photo_id)
    if found is None or found.inspection_id != inspection.id:
        abort(404)
    return photo_response(session, found, size)


# ---------------------------------------------------------------- the site page's timeline panel
