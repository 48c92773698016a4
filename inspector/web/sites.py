"""Site pages: list, create, edit, and what the ordinance says about each site."""
from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, url_for
from sqlmodel import select

from ..db import get_session
from ..models import Company, Permit
from ..security import STAFF, login_required, roles_required
from ..rules import clocks
from ..services import clock, memo, permits, sites
from .forms import KIND_LABELS, SiteForm, commit_or_refuse

bp = Blueprint("sites", __name__, url_prefix="/sites")


def rulebook():
    return current_app.extensions["rulebook"]


@bp.route("/")
@login_required
def index():
    session = get_session()
    rows = list(session.exec(sites.visible_sites_query(g.user).order_by("name")))
    today = clock.today(rulebook())
    listing = []
    for site in rows:
        permit = permits.current_permit(session, site.id)
        if permit is not None:
            permits.refresh_status(session, permit, today)
        view = sites.ordinance_view(site, rulebook())
        listing.append({"site": site, "permit": permit, "applies": view["applicability"].applies,
                        "regime": view["regime"].name})
    session.commit()
    return render_template("sites/index.html", listing=listing, kinds=KIND_LABELS)


@bp.route("/new", methods=["GET", "POST"])
@roles_required(*STAFF)
def create():
    form = SiteForm()
    if form.validate_on_submit():
        session = get_session()
        ok, site = commit_or_refuse(session, form, lambda: sites.create_site(session, form.site_data(), user=g.user))
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
    query = select(Permit).where(Permit.site_id == site.id).order_by(Permit.created_at.desc(), Permit.id.desc())
    site_permits = list(session.exec(query))
    before = [p.status for p in site_permits]
    for permit in site_permits:
        permits.refresh_status(session, permit, clocks.local_date(now, rulebook()))
    if [p.status for p in site_permits] != before:  # a view that changed nothing writes nothing
        session.commit()
    companies = {c.id: c for c in session.exec(select(Company))}
    panels = []
    # The panels ask the same questions (the site's gauge, its permits, its orders): one answer each.
    with memo.reading(session):
        for _order, panel in sorted(current_app.extensions.get("site_panels", []), key=lambda p: p[0]):
            found = panel(session, site, g.user, now)
            if found:
                panels.append(found)
        return render_template("sites/show.html", site=site, view=sites.ordinance_view(site, rulebook()),
                               permits=[(p, permits.clocks_view(session, p, site, rulebook(), now))
                                        for p in site_permits],
                               companies=companies, kinds=KIND_LABELS, now=now, panels=panels)


@bp.route("/<int:site_id>/edit", methods=["GET", "POST"])
@roles_required(*STAFF)
def edit(site_id: int):
    session = get_session()
    site = sites.get_visible_site(session, g.user, site_id)
    form = SiteForm(obj=site)
    if form.validate_on_submit():
        ok, _ = commit_or_refuse(session, form, lambda: sites.update_site(session, site, form.site_data(), user=g.user))
        if ok:
            flash("Site saved.", "info")
            return redirect(url_for("sites.show", site_id=site.id))
    return render_template("sites/form.html", form=form, site=site), 400 if form.errors else 200
