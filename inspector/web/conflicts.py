"""Sync conflicts: a pushed change that overlapped a newer server change, kept with both versions until a
supervisor decides. Users see their own; nothing is ever overwritten silently."""

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
from flask_wtf import FlaskForm
from sqlmodel import func, select

from ..db import get_session
from ..models import Device, Site, SyncConflict, User
from ..security import login_required, roles_required
from ..services import ServiceError, audit, clock, sites
from .forms import KIND_LABELS

bp = Blueprint("conflicts", __name__, url_prefix="/conflicts")


class ResolveForm(FlaskForm):
    pass


SHOWN = 200  # conflicts on the page, newest first; the page says how many more there are


def visible_conflicts(session, user, *, resolved: bool) -> tuple[list, int]:
    """The newest SHOWN conflicts this person may see, and how many there are in all."""
    where = (
        SyncConflict.resolved_at.is_not(None) if resolved else SyncConflict.resolved_at.is_(None)
    )
    query = select(SyncConflict).where(where).order_by(SyncConflict.created_at.desc())
    if user.role == "supervisor":
        total = session.exec(select(func.count()).select_from(SyncConflict).where(where)).one()
        return list(session.exec(query.limit(SHOWN))), total
    from ..services.visibility import can_see

    # Only records the user may still see: a conflict kept before visibility was checked first could
    # hold another company's record.
    rows = [
        c
        for c in session.exec(query.where(SyncConflict.user_id == user.id))
        if can_see(session, user, c.entity, c.entity_id)
    ]
    return rows[:SHOWN], len(rows)


@bp.get("/")
@login_required
def index():
    session = get_session()
    show_resolved = request.args.get("resolved") == "1"
    rows, total = visible_conflicts(session, g.user, resolved=show_resolved)
    users = {
        u.id: u.name
        for u in session.exec(select(User).where(User.id.in_({c.user_id for c in rows})))
    }
    site_names = {
        s.id: s.name
        for s in session.exec(
            select(Site).where(Site.id.in_({c.site_id for c in rows if c.site_id}))
        )
    }
    devices = {
        d.id: d.name
        for d in session.exec(
            select(Device).where(Device.id.in_({c.device_id for c in rows if c.device_id}))
        )
    }
    return render_template(
        "conflicts/index.html",
        conflicts=rows,
        total=total,
        users=users,
        devices=devices,
        site_names=site_names,
        form=ResolveForm(),
        show_resolved=show_resolved,
        reads=reads,
    )


def reads(value, key: str = "") -> str:
    """A stored value as the page says it: a project kind or excluded use by its label."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key == "project_kind":
        return KIND_LABELS.get(value, str(value))
    if key == "excluded_use":
        return current_app.extensions["rulebook"].get(f"excluded_uses.{value}", str(value))
    return str(value)


@bp.post("/<int:conflict_id>/resolve")
@roles_required("supervisor")
def resolve(conflict_id: int):
    if not ResolveForm().validate_on_submit():
        abort(400)
    choice = request.form.get("keep")
    session = get_session()
    conflict = session.get(SyncConflict, conflict_id)
    if conflict is None:
        abort(404)
    if conflict.resolved_at is not None:
        flash("This conflict was already resolved.", "info")
        return redirect(url_for("conflicts.index"))
    if choice not in ("server", "device") or (choice == "device" and conflict.entity != "site"):
        abort(400)
    try:
        if choice == "device":
            site = session.get(Site, int(conflict.entity_id))
            if site is None:
                abort(404)
            # The choice was made on the server's copy this page showed: a detail changed again
            # since would be overwritten unseen.
            now_reads = audit.snapshot(site)
            changed = [
                key
                for key in conflict.theirs
                if key in now_reads and now_reads[key] != conflict.server_copy.get(key)
            ]
            if changed:
                flash(
                    "The site changed since this conflict: "
                    + "; ".join(
                        f"{key.replace('_', ' ').capitalize()} now reads {reads(now_reads[key], key)}"
                        for key in changed
                    )
                    + ". Nothing was applied. Open the site to compare and edit it there, or "
                    "keep the server's version.",
                    "error",
                )
                return redirect(url_for("conflicts.index"))
            sites.update_site(
                session,
                site,
                conflict.theirs,
                user=g.user,
                device_id=conflict.device_id,
                rb=current_app.extensions["rulebook"],
            )
        conflict.resolved_at, conflict.resolved_by, conflict.resolution = (
            clock.now(),
            g.user.id,
            choice,
        )
        session.add(conflict)
        audit.record(
            session,
            entity="sync_conflict",
            entity_id=conflict.id,
            action=f"resolve:{choice}",
            user_id=g.user.id,
            site_id=conflict.site_id,
            after={"resolution": choice},
        )
        session.commit()
    except ServiceError as exc:
        session.rollback()
        flash(f"The device's version cannot be applied: {exc.message}", "error")
        return redirect(url_for("conflicts.index"))
    flash(
        "Conflict resolved: "
        + (
            "the device's version was applied."
            if choice == "device"
            else "the server's version stays; the device's is kept in this record."
        ),
        "info",
    )
    return redirect(url_for("conflicts.index"))
