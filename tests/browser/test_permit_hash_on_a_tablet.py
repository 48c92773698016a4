"""On a 10-inch tablet held upright (800 px wide) the permit page's control plan documents stay inside
their card: a document's SHA-256 (64 characters with no space) wraps. Before, it ran past the card's
right edge and the card scrolled sideways."""

from __future__ import annotations

from sqlmodel import select

from inspector.db import get_session
from inspector.models import ControlPlanDocument

from .conftest import sign_in


def test_a_documents_sha256_stays_inside_its_card(browser, live_server, demo_app):
    with demo_app.app_context():
        permit_id = get_session().exec(select(ControlPlanDocument.permit_id)).first()
    assert permit_id is not None
    context = browser.new_context(viewport={"width": 800, "height": 1280})
    page = context.new_page()
    sign_in(page, live_server.url, "supervisor@fairwater.example")
    page.goto(f"{live_server.url}/permits/{permit_id}")
    hashes = page.locator("code.hash")
    hashes.first.wait_for()
    cards = page.evaluate(
        """() => [...document.querySelectorAll('code.hash')].map((code) => {
             const card = code.closest('.card');
             return {sw: card.scrollWidth, cw: card.clientWidth,
                     right: code.getBoundingClientRect().right,
                     edge: card.getBoundingClientRect().right};
           })"""
    )
    assert cards
    for card in cards:
        assert card["sw"] <= card["cw"], card
        assert card["right"] <= card["edge"], card
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    context.close()
