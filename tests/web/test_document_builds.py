"""An inspection's PDF draws up to 100 photos and a stop-work order's documents theirs: seconds of CPU for
one small GET. Each server process builds DOCUMENT_BUILDS of them at once; a request that finds every
slot taken for a few seconds gets 503 with Retry-After and words saying when to ask again, instead of
holding one of the server's few threads (a handful of such requests would leave none for anyone)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from inspector.models.base import utcnow
from inspector.web import build_slots
from tests.support.enforcement import issued_order, record_inspection


@pytest.fixture
def documents(app, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Creek Side Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    inspection, _, _ = record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=2), user=people["permittee"], evaluate=False
    )
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow() - timedelta(hours=1))
    return [f"/inspections/{inspection.id}.pdf", f"/orders/{order.id}/notice.pdf"]


def taken(app):
    """Every document slot taken, as by requests building PDFs; returns the slots to give back."""
    slots = app.extensions["document_builds"]
    held = 0
    while slots.acquire(blocking=False):
        held += 1
    assert held == app.config["DOCUMENT_BUILDS"] == 2
    return slots, held


def test_a_pdf_asked_for_while_others_are_built_is_refused_with_when_to_try_again(
    app, client, auth, people, documents, monkeypatch
):
    monkeypatch.setattr(build_slots, "WAIT_SECONDS", 0.05)
    auth.login(people["permittee"].email)
    slots, held = taken(app)
    try:
        for address in documents:
            busy = client.get(address)
            assert busy.status_code == 503, address
            assert busy.headers["Retry-After"] == "60"
            page = busy.get_data(as_text=True)
            assert "Other reports are being built" in page and "again in 60 seconds" in page
    finally:
        for _ in range(held):
            slots.release()
    for address in documents:  # the slots are free again
        done = client.get(address)
        assert done.status_code == 200 and done.mimetype == "application/pdf", address
    slots, held = taken(app)  # and each finished build gave its slot back
    for _ in range(held):
        slots.release()


def test_a_pdf_of_a_record_the_user_may_not_see_takes_no_slot(
    app, client, auth, people, documents, make
):
    other = make.user("permittee", company="Other Builders")
    auth.login(other.email)
    for address in documents:
        assert client.get(address).status_code == 404
    slots, held = taken(app)
    for _ in range(held):
        slots.release()
