"""Site pages: list, create, edit, and what the ordinance says about each site."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from sqlmodel import select

from ..db import get_session
from ..models import Company, Permit, User
from ..security import STAFF, login_required, roles_required
from ..services import ServiceError, clock, memo, permits, site_overview, sites
from ..services.inspections import kinds_for
from .forms import KIND_LABELS, SiteForm, commit_or_refuse
from .orders import STATUS_WORDS

bp = Blueprint("sites", __name__, url_prefix="/sites")


def rulebook():
    return current_app.extensions["rulebook"]


@bp.route("/")
@login_required
def index():
    session = get_session()
    rows = list(session.exec(sites.visible_sites_query(g.user).order_by("name")))
    listing = []
    for site in rows:
        permit = permits.current_permit(session, site.id)
        view = sites.ordinance_view(site, rulebook())
        listing.append(
            {
                "site": site,
                "permit": permit,
                "applies": view["applicability"].applies,
                "regime": view["regime"].name,
            }
        )
    return render_template("sites/index.html", listing=listing, kinds=KIND_LABELS)


@bp.route("/new", methods=["GET", "POST"])
@roles_required(*STAFF)
def create():
    form = SiteForm()
    if form.validate_on_submit():
        session = get_session()
        ok, site = commit_or_refuse(
            session,
            form,
            lambda: sites.create_site(session, form.site_data(), user=g.user, rb=rulebook()),
        )
        if ok:
            flash(f"Site “{site.name}” created.", "info")
            return redirect(url_for("sites.show", site_id=site.id))
    return render_template("sites/form.html", form=form, site=None), 400 if form.errors else 200


@bp.route("/<int:site_id>")
@login_required
def show(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    now = clock.now()
    query = (
        select(Permit)
        .where(Permit.site_id == site.id)
        .order_by(Permit.created_at.desc(), Permit.id.desc())
    )
    site_permits = list(session.exec(query))
    companies = {c.id: c for c in session.exec(select(Company))}
    panels = []
    # The panels ask the same questions (the site's gauge, its permits, its orders): one answer each.
    with memo.reading(session):
        for panel in current_app.extensions["site_panels"]:
            found = panel(session, site, g.user, now)
            if found:
                panels.append(found)
        return render_template(
            "sites/show.html",
            site=site,
            view=sites.ordinance_view(site, rulebook()),
            permits=[
                (p, permits.clocks_view(session, p, site, rulebook(), now)) for p in site_permits
            ],
            companies=companies,
            kinds=KIND_LABELS,
            now=now,
            panels=panels,
            readings=recorded_readings(session, site),
            overview=site_overview.overview(session, site, g.user, now, rulebook()),
            may_record=kinds_for(g.user),
            stop_words=STATUS_WORDS,
        )


@bp.post("/<int:site_id>/readings")
@roles_required("supervisor")
def record_reading(site_id: int):
    """A supervisor records otherwise what the app takes by the protective reading."""
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    name = request.form.get("reading", "")
    value = {"yes": True, "no": False}.get(request.form.get("value", ""))
    try:
        if value is None:
            raise ServiceError("Choose yes or no.", field="value")
        sites.record_reading(
            session,
            site,
            name,
            value,
            user=g.user,
            reason=request.form.get("reason", ""),
            now=clock.now(),
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        flash(exc.message, "error")
        return redirect(url_for("sites.show", site_id=site_id), code=303)
    flash("Recorded.", "info")
    return redirect(url_for("sites.show", site_id=site_id), code=303)


def recorded_readings(session, site) -> list[dict]:
    """The readings a supervisor may record otherwise: words, value, who and when."""
    rb = rulebook()
    rows = [
        (
            "runoff_leaves_site",
            "Runoff leaves the site",
            rb["regime.runoff_citation"],
            rb["regime.runoff_words"],
            rb["regime.runoff_note"],
            True,
        ),
        (
            "dewatering_fines_only",
            "Dewatering water shown to hold no particles over 100 microns",
            rb["dewatering_exemption.citation"],
            rb["dewatering_exemption.words"],
            rb["dewatering_exemption.default_note"],
            site.has_dewatering,
        ),
        (
            "extraterritorial_exercised",
            "The Village exercises its extraterritorial option here",
            rb["applicability.extraterritorial_citation"],
            rb["applicability.extraterritorial_words"],
            rb["applicability.extraterritorial_silent_note"],
            site.extraterritorial,
        ),
    ]
    out = []
    for name, label, citation, words, note, shown in rows:
        if not shown:
            continue
        prefix = sites.READINGS[name]
        by = getattr(site, f"{prefix}_recorded_by")
        user = session.get(User, by) if by else None
        out.append(
            {
                "name": name,
                "label": label,
                "citation": citation,
                "words": words,
                "note": note,
                "value": getattr(site, name),
                "by": user.name if user else None,
                "at": getattr(site, f"{prefix}_recorded_at"),
            }
        )
    return out


@bp.route("/<int:site_id>/edit", methods=["GET", "POST"])
@roles_required(*STAFF)
def edit(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    form = SiteForm(obj=site)
    if form.validate_on_submit():
        ok, _ = commit_or_refuse(
            session,
            form,
            lambda: sites.update_site(session, site, form.site_data(), user=g.user, rb=rulebook()),
        )
        if ok:
            flash("Site saved.", "info")
            return redirect(url_for("sites.show", site_id=site.id))
    return render_template("sites/form.html", form=form, site=site), 400 if form.errors else 200
