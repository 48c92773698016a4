"""Stop-work order pages (§ 256-10): the order, the supervisor's decisions, the printable notice to post on
site and the revocation / cease-and-desist documents, and the offline page for posting an order in the field."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlmodel import select

from ..db import get_session
from ..documents import order_names
from ..documents import signatures as signed_view
from ..models import Company, Finding, Inspection, Permit, Photo, Site, StoredFile, User
from ..models.enforcement import IN_FORCE_STATUSES
from ..rules import enforcement as rules
from ..security import login_required, roles_required
from ..services import (
    ServiceError,
    clock,
    enforcement,
    finding_withdrawal,
    stop_work_compliance,
    stop_work_issuing,
    stop_work_status,
)
from . import build_slots
from .verify import seal_info

bp = Blueprint("orders", __name__)

STATUS_WORDS = stop_work_status.STATUS_WORDS
BODIES = {"village": "the Village of Fairwater", "zoning_board": "the Zoning Board of Appeals"}


def rulebook():
    return current_app.extensions["rulebook"]


@bp.app_template_global("order_signature")
def order_signature(order):
    """The issuing supervisor's signature as the order page and its notices show it."""
    return signed_view.of_order(order, rulebook())


NAMES = {
    "page": order_names.order_name,
    "short": order_names.short_name,
    "document": order_names.document_name,
}


@bp.app_template_filter("ordername")
def order_name(order, form: str = "page") -> str:
    """An order by the moment it was issued, in words (documents/order_names.py): "Stop-work order
    issued Sat, Dec 5, 2026, 7:14 AM CST"; `short`: "issued …"; `document`: "Order issued
    Saturday December 5, 2026 at 7:14 AM CST"."""
    return NAMES[form](order, rulebook())


def order_context(session, order, now) -> dict:
    site = session.get(Site, order.site_id)
    permit = session.get(Permit, order.permit_id) if order.permit_id else None
    company = session.get(Company, permit.company_id) if permit else None
    evidence = order.evidence or {}
    inspections = [session.get(Inspection, i) for i in evidence.get("inspections", [])]
    found = [session.get(Finding, f) for f in evidence.get("findings", [])]
    photo_ids = list(evidence.get("photos", []))
    if order.notice_photo_id and order.notice_photo_id not in photo_ids:
        photo_ids.append(order.notice_photo_id)
    photos = [p for p in (session.get(Photo, pid) for pid in photo_ids) if p is not None]
    user_ids = {
        order.issued_by,
        order.posted_by,
        order.retracted_by,
        order.revoked_by,
        order.dismissed_by,
        order.cease_desist_by,
        order.complied_by,
    }
    history = enforcement.history(session, order)
    user_ids |= {e.by_user_id for e in history}
    # A finding a ground rests on may have been withdrawn since (recorded in error): said next to the ground.
    withdrawn = {}
    for index, ground in enumerate(order.grounds or []):
        cited = [session.get(Finding, fid) for fid in rules.ground_findings(ground)]
        notes = [
            (f, finding_withdrawal.withdrawal(session, f))
            for f in cited
            if f is not None and f.status == "withdrawn"
        ]
        if notes:
            withdrawn[index] = notes
    names = {
        u.id: u.name
        for u in session.exec(select(User).where(User.id.in_([i for i in user_ids if i])))
    }
    return {
        "order": order,
        "site": site,
        "permit": permit,
        "company": company,
        # § 256-10B (revocation) or § 256-10C (cease and desist): what the notice says follows.
        "under_permit": stop_work_compliance.ordered_under_permit(order, permit),
        "upkeep": stop_work_compliance.UPKEEP_GOES_ON,
        "addressee": stop_work_compliance.addressee(order, permit, company),
        "lapsed_permit": stop_work_compliance.lapsed_permit(order, permit),
        "inspections": [i for i in inspections if i],
        "findings": [f for f in found if f],
        "photos": photos,
        "missing_photos": len(photo_ids) - len(photos),
        "history": history,
        "names": names,
        "withdrawn": withdrawn,
        # A proposal's grounds as they would be issued; an order in force's as they stand now
        # (what a revocation or a cease-and-desist request would state).
        "checks": (
            enforcement.recheck_in_force(session, order, now, rulebook())
            if order.status in IN_FORCE_STATUSES
            else stop_work_issuing.recheck_order(session, order, now, rulebook())
        ),
        "signature": stop_work_issuing.ground_signature,
        "step": stop_work_compliance.next_step(session, order, now),
        "now": now,
        "words": STATUS_WORDS,
        "bodies": BODIES,
        "lookup_url": url_for("orders.show", order_id=order.id, _external=True),
        "seal": seal_info(session, "stop_work_order", order.id),
        "others": other_open_orders(session, order, now),
    }


def other_open_orders(session, order, now) -> list[dict]:
    """The site's other open orders as this person may see them, the most significant first, each
    with its own clock: a decision on one order is taken knowing the site is under another."""
    site = stop_work_status.with_open_orders(session, [order.site_id], now)[order.site_id]
    shown = stop_work_status.public_open(site["open"], g.user)
    return [e for e in shown if e["order_id"] != order.id]


def load(order_id: str):
    session = get_session()
    return session, enforcement.get_visible_order(session, g.user, order_id)


@bp.route("/orders/<order_id>")
@login_required
def show(
    order_id: str,
    error: str | None = None,
    status: int = 200,
    sent: dict | None = None,
    error_field: str | None = None,
):
    session, order = load(order_id)
    return render_template(
        "orders/show.html",
        error=error,
        error_field=error_field,  # a refusal about one field is said at that field
        sent=sent or {},  # a refused form's words, shown again in its own box
        **order_context(session, order, clock.now()),
    ), status


def _decide(order_id: str, action, success: str, form: str):
    """Run one decision in one transaction; a refusal re-shows the order with the message and the
    words typed into `form` (the form that was sent), nothing written."""
    session, order = load(order_id)
    try:
        action(session, order, clock.now())
        session.commit()
    except ServiceError as exc:
        session.rollback()
        session, order = load(order_id)
        # The grounds are a list: the boxes the supervisor left unticked stay unticked.
        sent = {**request.form.to_dict(), "grounds": request.form.getlist("grounds"), "form": form}
        return show(
            order_id, error=exc.message, status=exc.status, sent=sent, error_field=exc.field
        )
    flash(success, "info")
    return redirect(url_for("orders.show", order_id=order_id), code=303)


def _form(name: str) -> str:
    return request.form.get(name, "")


def _shown() -> list[str] | None:
    """The grounds the page showed the supervisor (every proposal has one; none sent: not known)."""
    return request.form.getlist("shown") or None


def _signature():
    """The drawing the order page's pad wrote into its hidden field (JSON), or None; its shape is
    checked by the service (rules/signatures.py)."""
    raw = _form("signature")
    if not raw:
        return None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than any drawing is
        return {"unreadable": True}


@bp.post("/orders/<order_id>/issue")
@roles_required("supervisor")
def issue(order_id: str):
    keep = request.form.getlist("grounds")
    confirmed = _form("confirm") == "yes"
    stale = request.form.getlist("stale")
    return _decide(
        order_id,
        lambda s, o, now: stop_work_issuing.issue(
            s,
            o,
            user=g.user,
            now=now,
            rb=rulebook(),
            keep_grounds=keep,
            note=_form("note"),
            confirmed=confirmed,
            known_stale=stale,
            signature=_signature(),
            shown=_shown(),
        ),
        "Stop-work order issued. Print the notice and post it on the site.",
        "issue",
    )


@bp.post("/orders/<order_id>/dismiss")
@roles_required("supervisor")
def dismiss(order_id: str):
    return _decide(
        order_id,
        lambda s, o, now: stop_work_issuing.dismiss(
            s, o, user=g.user, reason=_form("reason"), now=now, shown=_shown()
        ),
        "Proposal dismissed.",
        "dismiss",
    )


@bp.post("/orders/<order_id>/posted")
@roles_required("inspector", "supervisor")
def posted(order_id: str):
    return _decide(
        order_id,
        lambda s, o, now: stop_work_issuing.record_posting(
            s, o, user=g.user, now=now, rb=rulebook()
        ),
        "Recorded as posted on the site.",
        "posted",
    )


@bp.post("/orders/<order_id>/complied")
@roles_required("supervisor")
def complied(order_id: str):
    session, order = load(order_id)
    party = stop_work_compliance.ordered_party(session, order)
    return _decide(
        order_id,
        lambda s, o, now: stop_work_compliance.mark_complied(
            s, o, user=g.user, note=_form("note"), now=now, rb=rulebook()
        ),
        f"Order lifted: {party} complied.",
        "complied",
    )


@bp.post("/orders/<order_id>/revoke")
@roles_required("supervisor")
def revoke(order_id: str):
    return _decide(
        order_id,
        lambda s, o, now: stop_work_compliance.revoke_permit(
            s, o, user=g.user, reason=_form("reason"), now=now, rb=rulebook()
        ),
        f"Permit revoked ({rulebook()['clocks.stop_work_compliance.revocation_citation']}). "
        "Print the revocation notice.",
        "revoke",
    )


@bp.post("/orders/<order_id>/request-cease-desist")
@roles_required("supervisor")
def cease_desist(order_id: str):
    return _decide(
        order_id,
        lambda s, o, now: stop_work_compliance.request_cease_desist(
            s, o, user=g.user, details=_form("details"), now=now, rb=rulebook()
        ),
        "Request to the Village Attorney recorded "
        f"({rulebook()['clocks.stop_work_compliance.cease_desist_citation']}). Print the request.",
        "cease_desist",
    )


@bp.post("/orders/<order_id>/retract")
@roles_required("supervisor")
def retract(order_id: str):
    return _decide(
        order_id,
        lambda s, o, now: stop_work_compliance.retract(
            s, o, user=g.user, body=_form("body"), reason=_form("reason"), now=now, rb=rulebook()
        ),
        f"Retraction recorded ({rulebook()['clocks.stop_work_compliance.retraction_citation']}).",
        "retract",
    )


@bp.post("/sites/<int:site_id>/orders")
@roles_required("supervisor")
def propose(site_id: int):
    from ..services import sites

    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    try:
        order = stop_work_issuing.propose_manual(
            session,
            site,
            user=g.user,
            grounds=request.form.getlist("grounds"),
            notes=_form("notes"),
            now=clock.now(),
            rb=rulebook(),
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        flash(exc.message, "error")
        return redirect(url_for("sites.show", site_id=site_id), code=303)
    return redirect(url_for("orders.show", order_id=order.id), code=303)


# ---------------------------------------------------------------- documents

DOCUMENTS = {
    "notice": (
        "orders/notice.html",
        ("issued", "posted", "complied", "revoked_permit", "cease_desist_requested", "retracted"),
    ),
    "revocation": ("orders/revocation.html", ("revoked_permit", "retracted")),
    "cease-desist": ("orders/cease_desist.html", ("cease_desist_requested", "retracted")),
}


def _document(order_id: str, kind: str):
    session, order = load(order_id)
    template, statuses = DOCUMENTS[kind]
    if (
        order.status not in statuses
        or (kind == "revocation" and not order.revoked_at)
        or (kind == "cease-desist" and not order.cease_desist_at)
    ):
        abort(404)
    return session, order, template


@bp.route("/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>")
@login_required
def document(order_id: str, kind: str):
    session, order, template = _document(order_id, kind)
    from ..documents import qr

    ctx = order_context(session, order, clock.now())
    seal_qr = qr.svg(ctx["seal"]["url"]) if ctx["seal"] else None
    return render_template(template, qr_svg=qr.svg(ctx["lookup_url"]), seal_qr_svg=seal_qr, **ctx)


@bp.route("/orders/<order_id>/<any(notice, revocation, 'cease-desist'):kind>.pdf")
@login_required
def document_pdf(order_id: str, kind: str):
    session, order, _template = _document(order_id, kind)
    from ..documents import pdf

    with build_slots.slot("document_builds") as free:
        if not free:
            return build_slots.busy("Other reports are")
        ctx = order_context(session, order, clock.now())
        data = pdf.order_document(kind, ctx, rulebook())
    return Response(
        data,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="stop-work-{kind}-{order.id[:8]}.pdf"'},
    )


@bp.route("/orders/<order_id>/photos/<photo_id>")
@bp.route("/orders/<order_id>/photos/<photo_id>/<any(thumb):size>")
@login_required
def photo(order_id: str, photo_id: str, size: str | None = None):
    """The order's evidence and notice photos (they may belong to no inspection or finding)."""
    session, order = load(order_id)
    allowed = set((order.evidence or {}).get("photos", [])) | {order.notice_photo_id}
    found = session.get(Photo, photo_id) if photo_id in allowed else None
    if found is None:
        abort(404)
    stored = session.get(
        StoredFile, found.thumb_file_id if size and found.thumb_file_id else found.file_id
    )
    content_type = "image/jpeg" if size else found.content_type
    return Response(
        stored.data, mimetype=content_type, headers={"Cache-Control": "private, max-age=86400"}
    )


# ---------------------------------------------------------------- posting an order in the field, offline


@bp.route("/app/stop-work")
def field_page():
    """An app-shell page (precached): identical for every user, filled from IndexedDB by stop-work-field.js."""
    response = current_app.make_response(
        render_template("app/stop_work.html", current_user=None, shell_page=True)
    )
    response.headers["Cache-Control"] = "no-cache"
    return response
