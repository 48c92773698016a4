"""A permit suspended by a stop-work order cannot be extended (permit_duration.extend refuses it): its page no
longer offers the supervisor an Extend form that is then refused ("this one is suspended"), and says
instead why, and what lifts the suspension: the order lifted as complied with, or retracted."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Permit
from inspector.models.base import utcnow
from tests.support.enforcement import issued_order


def test_a_suspended_permit_says_why_it_cannot_be_extended(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Halted Hill")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True, rb=rb)
    permit = db.exec(select(Permit).where(Permit.site_id == site.id)).one()
    auth.login(people["supervisor"].email)
    before = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert f'action="/permits/{permit.id}/extend"' in before  # issued: it can be extended

    order = issued_order(db, site, people["supervisor"], rb, now=utcnow())
    db.expire_all()
    assert db.get(Permit, permit.id).status == "suspended"
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert f'action="/permits/{permit.id}/extend"' not in page
    assert "suspended by a stop-work order, so it cannot be extended now" in page
    assert "complied with" in page and "retracted" in page
    assert f'href="/orders/{order.id}"' in page
