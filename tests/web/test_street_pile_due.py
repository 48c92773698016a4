"""§ 256-7B(5)(e) sets no time for an in-street pile's barrier; the app gives it the street
sediment's "before the end of the workday" (§ 256-7B(3)). The finding's page says so, not only the
notes written for sediment on the road."""

from datetime import timedelta

from inspector.models import Finding
from inspector.models.base import utcnow
from tests.support.enforcement import record_inspection


def test_an_in_street_pile_finding_says_where_its_due_time_comes_from(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(
        people["supervisor"],
        name="Main St sewer",
        project_kind="underground_pipe",
        length_ft=400.0,
        area_acres=None,
        disturbed_acres=None,
    )
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    inspection, made, _ = record_inspection(
        db,
        site,
        rb,
        at=utcnow() - timedelta(hours=1),
        failed=("STREET-PILE", "TRACK-STREET"),
        user=people["inspector"],
    )
    by_code = {f.item_code: f for f in made}
    auth.login(people["supervisor"].email)
    pile = client.get(f"/findings/{by_code['STREET-PILE'].id}").text
    assert "§ 256-7B(5)(e) sets no time for the barrier" in pile
    street = client.get(f"/findings/{by_code['TRACK-STREET'].id}").text
    assert "sets no time for the barrier" not in street
    assert db.get(Finding, by_code["STREET-PILE"].id).due_at == by_code["TRACK-STREET"].due_at
