"""A page opened to read it (not the answer to a form) starts at its top: a notice that is part of
the record, such as a partial inspection's, does not take the focus and scroll the heading and the
site's details out of sight. Only the message saying what an action did takes it."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, select

from inspector.models import Site, User
from tests.browser.conftest import sign_in
from tests.support.enforcement import record_inspection


def test_a_partial_inspection_opens_at_its_heading(browser, live_server, demo_app):
    rb = demo_app.extensions["rulebook"]
    with Session(demo_app.extensions["engine"]) as session:
        site = session.exec(select(Site).order_by(Site.id)).first()
        staff = session.exec(select(User).where(User.role == "inspector")).first()
        inspection, _, _ = record_inspection(
            session,
            site,
            rb,
            at=datetime(2026, 11, 30, 16, 0),
            passed=("INLET",),
            user=staff,
            kind="village",
            evaluate=False,
        )
        inspection_id = inspection.id
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/inspections/{inspection_id}")
    page.wait_for_load_state("load")
    assert page.get_by_text("Partial inspection:").is_visible()
    page.wait_for_timeout(300)  # shell.js has run
    assert page.evaluate("() => document.activeElement === document.body")
    assert page.evaluate("() => scrollY") == 0
    assert page.get_by_role("heading", level=1).is_visible()
    context.close()
