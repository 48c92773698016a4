"""The findings list in pages: every finding of a filter is reachable, and the page says how many
there are; before, the list stopped at its first 500 rows without a word."""

import re
from datetime import timedelta

from inspector.models.base import utcnow
from inspector.web import findings as findings_web
from tests.support.enforcement import record_inspection


def test_every_finding_is_reachable_page_by_page(app, client, auth, db, make, people, monkeypatch):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Busy Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    for days in (3, 2, 1):
        record_inspection(
            db, site, rb, at=utcnow() - timedelta(days=days), failed=("INLET",), evaluate=False
        )
    monkeypatch.setattr(findings_web, "PAGE", 2)
    auth.login(people["supervisor"].email)
    first = client.get("/findings/?status=all").text
    assert len(links(first)) == 2
    assert "Findings 1–2 of 3" in first
    assert 'href="/findings/?status=all&amp;page=2"' in first
    second = client.get("/findings/?status=all&page=2").text
    assert len(links(second)) == 1 and "Findings 3–3 of 3" in second
    assert len(set(links(first) + links(second))) == 3  # none dropped, none repeated


def links(page: str) -> list[str]:
    """The findings a list page links to (not its filters)."""
    return re.findall(r'href="/findings/([^"?/]+)"', page)
