"""The site page's "A nearer gauge exists" note and the gauge choice, in the demo: the Grain Annex
(Prairie Builders) is linked to the CoCoRaHS station by staff, and Badger Utility's on-site gauge,
read by Badger Utility's permittee, is nearer. Before, Prairie's permittee was told Badger's gauge
by name, and staff were invited to switch to it with no word that Badger could then no longer
record readings there."""

from __future__ import annotations

import re

import pytest
from sqlmodel import select

from inspector import demo
from inspector.db import get_session
from inspector.models import Site
from tests.web.test_plain_words_every_page import visible_text

COST = (
    "read by Badger Utility Contractors; linking this site to it means Badger Utility "
    "Contractors can no longer record readings there"
)


@pytest.fixture
def annex(app):
    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
        return session.exec(
            select(Site.id).where(Site.name == "Fairwater Cooperative Grain Annex")
        ).one()


def test_prairies_permittee_is_not_told_another_companys_gauge(client, auth, annex):
    auth.login("permittee@prairie-builders.example", demo.PASSWORD)
    page = client.get(f"/sites/{annex}")
    assert page.status_code == 200
    text = visible_text(page.get_data(as_text=True))
    assert "Fairwater 0.4 NE (CoCoRaHS)" in text  # its own gauge is still named
    assert "Badger Utility" not in text
    assert "A nearer gauge exists" not in text  # it could not switch to it, nor read it


def test_staff_are_told_who_reads_the_nearer_gauge_and_what_linking_it_does(client, auth, annex):
    auth.login("supervisor@fairwater.example", demo.PASSWORD)
    html = client.get(f"/sites/{annex}").get_data(as_text=True)
    text = visible_text(html)
    assert f"A nearer gauge exists: Badger Utility on-site gauge (0.2 mi), {COST}." in text
    # The choice stays theirs, and the list says the same beside the gauge.
    options = re.search(r'<select id="gauge_id"[^>]*>(.*?)</select>', html, re.S).group(1)
    assert (
        ">Badger Utility on-site gauge (onsite-badger-1), read by Badger Utility Contractors<"
        in options
    )
    assert ">Fairwater 0.4 NE (CoCoRaHS) (WI-FD-7)<" in options
    form = re.search(r'<form[^>]*action="/rain/sites/\d+/gauge".*?</form>', html, re.S).group(0)
    assert f"Badger Utility on-site gauge: {COST}." in visible_text(form)
