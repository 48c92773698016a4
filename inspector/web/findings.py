"""Finding pages: the corrective action, its due time, the permittee's correction (note + "after" photo)
and the inspector's verification. Overdue findings stand out (status word + symbol, never colour alone)."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlalchemy import func
from sqlalchemy.orm import selectinload
from sqlmodel import select

from ..db import get_session
from ..models import Inspection, Photo, Site, User
from ..security import login_required, roles_required
from ..services import (
    ServiceError,
    clock,
    finding_notes,
    finding_repairs,
    finding_withdrawal,
    findings,
    findings_raised,
    photo_uploads,
)
from .inspections import photo_response

bp = Blueprint("findings", __name__)

FILTERS = {
    "open": ("open", "reopened"),
    "corrected": ("corrected",),
    "closed": ("closed",),
    "withdrawn": ("withdrawn",),
    "unresolved": findings.UNRESOLVED,
    "all": None,
}
MAX_PHOTO_BYTES = 15 * 1024 * 1024
PAGE = 200  # findings a list page shows; the rest are on the next pages


def rulebook():
    return current_app.extensions["rulebook"]


@bp.route("/findings/")
@login_required
def index():
    session = get_session()
    show = request.args.get("status", "unresolved")
    if show not in FILTERS and show != "overdue":
        show = "unresolved"
    now = clock.now()
    query = findings.visible_query(g.user)
    if show == "overdue":
        query = query.where(
            findings.Finding.status.in_(findings.NEEDS_REPAIR), findings.Finding.due_at < now
        )
    elif FILTERS[show]:
        query = query.where(findings.Finding.status.in_(FILTERS[show]))
    total = session.exec(select(func.count()).select_from(query.subquery())).one()
    pages = max(1, -(-total // PAGE))
    page = min(max(1, request.args.get("page", 1, type=int) or 1), pages)
    query = query.options(selectinload(findings.Finding.site))
    # The id after the due time: findings due at the same moment keep one order from page to page.
    query = query.order_by(findings.Finding.due_at, findings.Finding.id)
    rows = list(session.exec(query.offset((page - 1) * PAGE).limit(PAGE)))
    return render_template(
        "findings/index.html",
        rows=rows,
        total=total,
        page=page,
        pages=pages,
        first=(page - 1) * PAGE + 1,
        show=show,
        now=now,
        overdue={f.id for f in rows if findings.is_overdue(f, now)},
        filters=list(FILTERS) + ["overdue"],
    )


@bp.route("/findings/<finding_id>")
@login_required
def show(
    finding_id: str,
    error: str | None = None,
    status: int = 200,
    sent: dict | None = None,
    error_field: str | None = None,
):
    session = get_session()
    finding = findings.get_visible(session, g.user, finding_id)
    now = clock.now()
    withdrawal = finding_withdrawal.withdrawal(session, finding)
    if withdrawal is not None:
        withdrawal["by"] = (
            session.get(User, withdrawal["user_id"]) if withdrawal["user_id"] else None
        )
    item = rulebook().checklist_item(finding.item_code)
    # each with its label and who wrote it
    notes = finding_notes.staff_notes_signed(session, finding)
    return render_template(
        "findings/show.html",
        finding=finding,
        site=session.get(Site, finding.site_id),
        withdrawal=withdrawal,
        staff_notes=notes,
        inspection=session.get(Inspection, finding.inspection_id),
        now=now,
        overdue=findings.is_overdue(finding, now),
        photos=findings.photos_of(session, finding),
        item=item,
        no_note=finding.id in finding_notes.no_note_written(session, [finding]),
        due_notes=findings_raised.due_notes(item, rulebook()),
        error=error,
        error_field=error_field,  # a refusal about one field is said at that field
        note_missing=finding_repairs.NOTE_MISSING,
        sent=sent or {},  # a refused form's words, shown again in its own boxes
    ), status


def _decide(finding_id: str, action, success: str, form: str):
    """`form`: which of the page's forms was sent (a refusal shows its words again in it)."""
    session = get_session()
    finding = findings.get_visible(session, g.user, finding_id)
    try:
        action(session, finding, clock.now())
        session.commit()
    except ServiceError as exc:
        session.rollback()
        sent = {**request.form.to_dict(), "form": form}
        return show(
            finding_id, error=exc.message, status=exc.status, sent=sent, error_field=exc.field
        )
    flash(success, "info")
    return redirect(url_for("findings.show", finding_id=finding_id), code=303)


def store_after_photo(session, upload, *, finding, user) -> str | None:
    """An "after" photo from the web form (photo_uploads.store_after_photo); None without a file."""
    if upload is None or not upload.filename:
        return None
    data = upload.read(MAX_PHOTO_BYTES + 1)
    if len(data) > MAX_PHOTO_BYTES:
        raise ServiceError("The photo is larger than 15 MB.", field="photo")
    return photo_uploads.store_after_photo(
        session, data, upload.mimetype, finding=finding, user=user, rb=rulebook()
    )


@bp.post("/findings/<finding_id>/corrected")
@roles_required("permittee")
def corrected(finding_id: str):
    def act(session, finding, now):
        finding_repairs.mark_corrected(
            session, finding, user=g.user, note=request.form.get("corrected_note", ""), now=now
        )
        store_after_photo(session, request.files.get("photo"), finding=finding, user=g.user)

    return _decide(
        finding_id, act, "Correction reported. An inspector will verify it.", "corrected"
    )


@bp.post("/findings/<finding_id>/close")
@roles_required("inspector", "supervisor")
def close(finding_id: str):
    return _decide(
        finding_id,
        lambda s, f, now: finding_repairs.close(
            s, f, user=g.user, now=now, note=request.form.get("note", "")
        ),
        "Finding verified and closed.",
        "close",
    )


@bp.post("/findings/<finding_id>/reopen")
@roles_required("inspector", "supervisor")
def reopen(finding_id: str):
    return _decide(
        finding_id,
        lambda s, f, now: finding_repairs.reopen(
            s, f, user=g.user, now=now, rb=rulebook(), note=request.form.get("note", "")
        ),
        "Finding reopened with a new due time.",
        "reopen",
    )


@bp.route("/findings/<finding_id>/photos/<photo_id>")
@bp.route("/findings/<finding_id>/photos/<photo_id>/<any(thumb):size>")
@login_required
def photo(finding_id: str, photo_id: str, size: str | None = None):
    session = get_session()
    finding = findings.get_visible(session, g.user, finding_id)
    found = session.get(Photo, photo_id)
    mine = found is not None and (
        found.finding_id == finding.id
        or (found.inspection_id == finding.inspection_id and found.item_code == finding.item_code)
    )
    if not mine:
        abort(404)
    return photo_response(session, found, size)
