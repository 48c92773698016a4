"""The conditions of an extension (§ 256-8D(1)) and the reasons for a denial (§ 256-8C) took any
length, as the plan-modification texts did before they were limited: a pasted document of megabytes
was stored and printed on every view of the permit, its PDF and the regulator packet. Past 4,000
characters each is refused at its field with the limit and the length, the words kept in the form,
nothing written."""

from __future__ import annotations

LONG = "Add a second row of silt fence along the north property line. " * 70  # 4,340 characters


def test_extension_conditions_over_the_limit_are_refused_with_the_words_kept(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    before = permit.expires_on
    auth.login(people["supervisor"].email)
    refused = client.post(
        f"/permits/{permit.id}/extend",
        data={"days": "30", "conditions": LONG, "last_day": before.isoformat()},
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert f"Too long: at most 4000 characters (now {len(LONG.strip())})" in page
    assert "Add a second row of silt fence" in page
    db.expire_all()
    assert db.get(type(permit), permit.id).expires_on == before


def test_denial_reasons_over_the_limit_are_refused_with_the_words_kept(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    refused = client.post(f"/permits/{permit.id}/deny", data={"reasons": LONG})
    assert refused.status_code == 400
    assert "Too long: at most 4000 characters" in refused.get_data(as_text=True)
    db.expire_all()
    assert db.get(type(permit), permit.id).status != "denied"
