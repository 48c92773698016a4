"""Issue #11 §4: a stop-work order stops construction, not the maintenance of erosion controls. The
pages say so: the order page, and the site's due list (the weekly inspection keeps its deadline)."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Permit
from inspector.models.base import utcnow
from tests.support.enforcement import issued_order


def test_a_suspended_site_keeps_its_inspections_and_the_pages_say_so(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Halted Hill")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True, rb=rb)
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow())
    assert db.exec(select(Permit).where(Permit.site_id == site.id)).one().status == "suspended"
    auth.login(people["permittee"].email)
    order_page = client.get(f"/orders/{order.id}").get_data(as_text=True)
    assert "stops construction, not the maintenance of erosion controls" in order_page
    site_page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert "Weekly inspection" in site_page and "Not active" not in site_page
    assert "stops construction, not the maintenance" in site_page


def test_the_posted_notice_says_the_erosion_controls_are_still_kept_up(
    app, client, auth, db, make, people, monkeypatch
):
    """The notice posted on the site is what the crew reads: "all land disturbing activity must
    stop" alone would stop the upkeep of the controls whose missed inspections are grounds too."""
    from inspector.documents import pdf as pdf_module

    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Halted Hill")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True, rb=rb)
    order = issued_order(db, site, people["supervisor"], rb, now=utcnow())
    auth.login(people["permittee"].email)
    notice = client.get(f"/orders/{order.id}/notice").get_data(as_text=True)
    assert "not the maintenance of erosion controls" in notice and "§ 256-8D(3)(g)" in notice
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    body = client.get(f"/orders/{order.id}/notice.pdf").data
    assert b"not the maintenance of erosion" in body or b"not the maintenance of\\nerosion" in body
