"""A surety that has ended reads as one: the permit page listed 'Surety bond: $10,000.00 from …,
2026-01-05 to <yesterday>' exactly as one in force, so a lapsed guarantee (§ 256-8D(2)) went
unnoticed unless someone compared the dates with today's."""

from datetime import timedelta

from inspector.models.base import utcnow
from inspector.services import permit_duration


def test_an_ended_surety_and_one_ending_before_the_permit_say_so(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Bonded Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    today = utcnow().date()
    for issuer, ends in (
        ("Lapsed Surety Co", today - timedelta(days=2)),
        ("Short Surety Co", permit.expires_on - timedelta(days=30)),
        ("Long Surety Co", permit.expires_on + timedelta(days=30)),
    ):
        permit_duration.add_bond(
            db,
            permit,
            user=people["supervisor"],
            kind="surety_bond",
            amount=10000,
            issuer=issuer,
            effective_on=today - timedelta(days=60),
            expires_on=ends,
        )
    db.commit()
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    surety = page[page.index("<h2>Surety</h2>") :]
    lines = {
        name: surety[surety.index(name) : surety.index("</li>", surety.index(name))]
        for name in ("Lapsed Surety Co", "Short Surety Co", "Long Surety Co")
    }
    assert "Ended" in lines["Lapsed Surety Co"]
    assert (
        f"Ends before the permit (valid until {permit.expires_on.isoformat()})"
        in lines["Short Surety Co"]
    )
    assert "In force" in lines["Long Surety Co"]
