"""Site pages: list, create, edit, and what the ordinance says about each site."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from markupsafe import Markup

from ..db import get_session
from ..security import STAFF, login_required, roles_required
from ..services import (
    ServiceError,
    clock,
    permit_applications,
    permits,
    site_page,
    sites,
    stabilization,
    stop_work_status,
)
from ..services.inspections import kinds_for
from . import public, rain
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
    rb = rulebook()
    page = site_page.read(session, site, g.user, now, rb)  # one read for the whole page
    shown = {"site": site}
    # Every open order, each with its own clock: a site may be under two at once.
    open_orders = stop_work_status.public_open(
        stop_work_status.open_of(page["orders"]["orders"], now), g.user
    )
    sections = {  # what the web adds to each section: forms, addresses, words
        "orders": {
            **page["orders"],
            **shown,
            "open": open_orders,
            "words": STATUS_WORDS,
            "now": now,
        },
        "public": {**page["public"], **shown, **public.panel_extras(page["public"]["row"], rb)},
        "findings": {**page["findings"], **shown},
        "rain": {
            **page["rain"],
            **shown,
            **rain.panel_words(rb),
            "choices": rain.gauge_choices(page["rain"], g.user),
            "svg": Markup(page["rain"]["svg"]),  # charts.py escapes every text it puts in
        },
        "timeline": {"events": page["timeline"], **shown},
        "packet": shown,
    }
    return render_template(
        "sites/show.html",
        site=site,
        sections=sections,
        view=page["view"],
        permits=page["permits"],
        overview=page["overview"],
        readings=page["readings"],
        kinds=KIND_LABELS,
        now=now,
        may_record=kinds_for(g.user),
        stop_words=STATUS_WORDS,
        open_orders=open_orders,
        # A notice of final stabilization waiting: the inspections stay due until the closing.
        stabilization=stabilization.waiting(session, page["overview"]["permit"], rb)
        if page["overview"]["permit"] is not None
        else None,
        # A permittee is offered an application only when the service would take one.
        apply_block=permit_applications.application_block(
            session, site.id, g.user.company_id, clock.today(rb)
        )
        if g.user.role == "permittee"
        else None,
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
