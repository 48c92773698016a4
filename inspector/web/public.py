"""A site's public records page (/public/<token>, no sign-in), its photos, the sign sheet with its QR
code, and the site-page panel where the Village or the permittee turns it on or off
(docs/public-records.md)."""

from __future__ import annotations

from datetime import date

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

from .. import marks
from ..db import get_session
from ..documents import signatures as signed_view
from ..models import Answer, StoredFile
from ..security import login_required
from ..services import Forbidden, NotFound, ServiceError, clock, public_records, sites
from .verify import seal_info

bp = Blueprint("public", __name__)
# templates/_marks.html draws a photo's marks on any page (the report, the public page).
bp.add_app_template_global(marks.geometry, "mark_shapes")

# The page's address is its only key: no cache may keep it after the page is turned off, no
# Referer carries it to another site, no search engine lists it.
PUBLIC_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex, nofollow",
}


def rulebook():
    return current_app.extensions["rulebook"]


def public_url(token: str) -> str:
    return url_for("public.show", token=token, _external=True)


@bp.route("/public/<token>")
def show(token: str):
    session = get_session()
    try:
        site = public_records.site_for_token(session, token)
    except NotFound:
        abort(404, description="No such page. The address may have changed: ask the Village.")
    rb = rulebook()
    ctx = public_records.page(session, site, clock.now(), rb)
    reports = []
    for inspection in ctx["reports"]:
        answers = list(
            session.exec(
                select(Answer).where(Answer.inspection_id == inspection.id).order_by(Answer.id)
            )
        )
        reports.append(
            {
                "inspection": inspection,
                "answers": answers,
                "photos": ctx["photos"][inspection.id],
                "seal": seal_info(session, "inspection", inspection.id),
                # the drawing and statement as on the report; no profile (certification) data
                "signed": signed_view.of_inspection(inspection, None, rb),
            }
        )
    session.commit()  # a read: end the transaction at once
    body = render_template(
        "public/show.html",
        token=token,
        items={item["code"]: item for item in rb["checklist.items"]},
        clean=lambda text: public_records.without_contacts(text, rb),
        **{**ctx, "reports": reports},
    )
    return Response(body, headers=PUBLIC_HEADERS)


@bp.route("/public/<token>/photos/<photo_id>")
@bp.route("/public/<token>/photos/<photo_id>/<any(thumb):size>")
def photo(token: str, photo_id: str, size: str | None = None):
    session = get_session()
    try:
        found = public_records.photo_for_token(session, token, photo_id)
    except NotFound:
        abort(404)
    stored = session.get(
        StoredFile, found.thumb_file_id if size and found.thumb_file_id else found.file_id
    )
    if stored is None:
        abort(404)
    mimetype = "image/jpeg" if size else found.content_type
    return Response(stored.data, mimetype=mimetype, headers=PUBLIC_HEADERS)


# ---------------------------------------------------------------- the site page: on, off, the sign


@bp.post("/sites/<int:site_id>/public")
@login_required
def toggle(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    action = request.form.get("action", "")
    now = clock.now()
    try:
        if action == "on":
            public_records.turn_on(session, site, user=g.user, now=now)
        elif action == "off":
            public_records.turn_off(session, site, user=g.user, now=now)
        elif not public_records.may_manage(session, g.user, site):
            raise Forbidden(
                "Only the Village's supervisor or the site's permittee may publish its records."
            )
        else:
            raise ServiceError("Choose to turn the public records page on or off.")
        session.commit()
    except ServiceError as exc:
        session.rollback()
        if exc.status == 403:
            abort(403, description=exc.message)
        flash(exc.message, "error")
        return redirect(url_for("sites.show", site_id=site_id) + "#public-h", code=303)
    if action == "on":
        flash(
            "The public records page is on, at a new address: print the new sign and tell the DNR "
            "this address (an older address no longer opens).",
            "info",
        )
    else:
        flash("The public records page is off: its address now answers “not found”.", "info")
    return redirect(url_for("sites.show", site_id=site_id) + "#public-h", code=303)


@bp.post("/sites/<int:site_id>/public/dnr")
@login_required
def dnr_told(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    raw = request.form.get("dnr_told_on", "").strip()
    try:
        try:
            told_on = date.fromisoformat(raw)
        except ValueError:
            told_on = None
        public_records.record_dnr_told(
            session, site, told_on, user=g.user, now=clock.now(), rb=rulebook()
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        if exc.status == 403:
            abort(403, description=exc.message)
        flash(exc.message, "error")
        return redirect(url_for("sites.show", site_id=site_id) + "#public-h", code=303)
    flash("Recorded the day the DNR was told the address.", "info")
    return redirect(url_for("sites.show", site_id=site_id) + "#public-h", code=303)


@bp.route("/sites/<int:site_id>/public/sign.pdf")
@login_required
def sign(site_id: int):
    from ..documents import public_sign
    from ..services import permits

    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    row = public_records.state(session, site.id)
    if row is None or not row.token:
        abort(404, description="The public records page of this site is off: it has no address.")
    size = request.args.get("size", "letter")
    if size not in public_sign.SIZES:
        abort(400, description="Size: letter or tabloid.")
    permit = permits.current_permit(session, site.id)
    data = public_sign.sign_pdf(
        url=public_url(row.token),
        site_name=site.name,
        permit_number=permit.number if permit else None,
        rb=rulebook(),
        size=size,
    )
    session.commit()
    return Response(
        data,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="site-sign-{size}.pdf"'},
    )


def panel_extras(row, rb) -> dict:
    """What the site page's public records section adds to the service's answer: the address, its QR
    code and today's date."""
    from ..documents import qr

    url = public_url(row.token) if row is not None and row.token else None
    return {"url": url, "qr_svg": qr.svg(url) if url else None, "today": clock.today(rb)}
