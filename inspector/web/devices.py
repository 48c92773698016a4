"""Devices: a signed-in user enrolls a tablet and sees its token once; supervisors list and revoke any."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, make_response, redirect, render_template, url_for
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import DataRequired, Length

from ..db import get_session
from ..security import login_required
from ..services import ServiceError, devices
from .forms import apply_service_error

bp = Blueprint("devices", __name__, url_prefix="/devices")


class EnrollForm(FlaskForm):
    name = StringField(
        "Device name", validators=[DataRequired(message="Give the device a name."), Length(max=100)]
    )


class RevokeForm(FlaskForm):
    pass


def _page(form, token=None, device=None, status=200):
    session = get_session()
    listed = devices.visible_devices(session, g.user)
    response = make_response(
        render_template(
            "devices/index.html",
            form=form,
            revoke=RevokeForm(),
            devices=listed,
            token=token,
            new_device=device,
        ),
        status,
    )
    response.headers["Cache-Control"] = "no-store"  # the token is shown once and never cached
    return response


@bp.route("/", methods=["GET", "POST"])
@login_required
def index():
    form = EnrollForm()
    if form.validate_on_submit():
        session = get_session()
        try:
            device, token = devices.enroll(session, g.user, form.name.data)
            session.commit()
        except ServiceError as exc:
            session.rollback()
            apply_service_error(form, exc)
            return _page(form, status=400)
        return _page(EnrollForm(formdata=None), token=token, device=device)
    return _page(form, status=400 if form.errors else 200)


@bp.post("/<device_id>/revoke")
@login_required
def revoke(device_id: str):
    if not RevokeForm().validate_on_submit():
        abort(400)
    session = get_session()
    try:
        device = devices.revoke(session, device_id, by=g.user)
        session.commit()
    except ServiceError as exc:
        session.rollback()
        if exc.status == 404:
            abort(404)
        flash(exc.message, "error")
    else:
        flash(
            f"“{device.name}” can no longer sync. Its unsent work stays on it until someone signs in.",
            "info",
        )
    return redirect(url_for("devices.index"))
