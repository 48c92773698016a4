"""A finding is listed under its checklist item's name ("Storm drain inlet protection"), as its own
page titles it, not under the catalog's code ("INLET"), which a first-time reader cannot place."""

import re
from datetime import timedelta

from inspector.models.base import utcnow
from tests.support.enforcement import record_inspection


def test_finding_lists_name_the_checklist_item(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Oak Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    record_inspection(
        db, site, rb, at=utcnow() - timedelta(hours=2), failed=("INLET",), evaluate=False
    )
    auth.login(people["permittee"].email)
    for address in ("/findings/", f"/sites/{site.id}"):
        page = client.get(address).text
        # The finding's link, not the site's checklist, which names every item anyway.
        assert re.search(
            r'href="/findings/[^"?/]+">Storm drain inlet protection \(INLET\)<', page
        ), address
