"""§ 256-8D(1): "The Village of Fairwater may require additional control measures as a condition
of the extension". Such a condition is one of the permit's conditions: the permit page lists it
with them, for the permittee as for staff, not only in the status history."""

from inspector.services import permit_duration


def test_an_extensions_conditions_are_listed_with_the_permit_conditions(
    app, client, auth, db, make, people
):
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Long Job")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    permit_duration.extend(
        db,
        permit,
        user=people["supervisor"],
        days=60,
        conditions="Add a second row of silt fence along the east ditch.",
        rb=rb,
    )
    db.commit()
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").text
    conditions = page.split('id="cond-h"')[1].split("</section>")[0]
    assert "Add a second row of silt fence along the east ditch." in conditions
    assert "§ 256-8D(1)" in conditions
    assert f"to {permit.expires_on.isoformat()}" in conditions
