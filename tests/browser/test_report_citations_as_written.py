"""An inspection report's and the public records page's citations read as the ordinance writes
them: § 256-8D(3)(c) names a different clause than "§ 256-8D(3)(C)", which the table's header style
(capitals) made of every citation in a row header."""

from __future__ import annotations

from sqlmodel import Session, select

from inspector.db import get_session
from inspector.models import Inspection, PublicRecords
from tests.browser.conftest import sign_in


def test_the_practices_table_shows_each_citation_in_the_ordinances_letters(
    browser, live_server, demo_app
):
    with Session(demo_app.extensions["engine"]) as session:
        inspection = session.exec(
            select(Inspection).where(Inspection.kind == "weekly").order_by(Inspection.started_at)
        ).first()
        inspection_id = inspection.id
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/inspections/{inspection_id}")
    cites = page.locator("th[scope=row] .cite")
    assert cites.count() > 10
    # What a reader sees (innerText, after the page's styles) is the citation as written.
    seen = cites.evaluate_all("els => els.map(e => [e.innerText.trim(), e.textContent.trim()])")
    assert [shown for shown, _ in seen] == [written for _, written in seen]
    assert ["§ 256-8D(3)(c), (i)", "§ 256-8D(3)(c), (i)"] in seen
    context.close()


def test_the_public_records_page_shows_each_citation_in_the_ordinances_letters(
    browser, live_server, demo_app
):
    with demo_app.app_context():
        token = get_session().exec(select(PublicRecords.token)).first()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server.url}/public/{token}")
    cites = page.locator("th[scope=row] .cite")
    assert cites.count() > 0
    seen = cites.evaluate_all("els => els.map(e => [e.innerText.trim(), e.textContent.trim()])")
    assert [shown for shown, _ in seen] == [written for _, written in seen]
    context.close()
