"""§ 256-8D(1) extensions of a permit that has already expired: the extension runs on from the
permit's last valid day, so one too short to reach today left the permit expired, while the page
said 'Permit extended.' and the history 'Extended 10 days'. Refused now, with the days needed."""

from datetime import timedelta

from inspector.models.base import utcnow


def test_an_extension_that_leaves_the_permit_expired_is_refused(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Lapsed Lot")
    received = utcnow().date() - timedelta(days=200)
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=received,
    )
    last_day = permit.expires_on  # 180 days after the issue day: 20 days ago
    auth.login(people["supervisor"].email)
    response = client.post(f"/permits/{permit.id}/extend", data={"days": "10", "conditions": ""})
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    short = (last_day + timedelta(days=10)).isoformat()
    assert f"would end on {short}, already past" in text
    db.expire_all()
    assert db.get(type(permit), permit.id).expires_on == last_day  # nothing written
    # Enough days to reach today is granted as before.
    needed = (utcnow().date() - last_day).days + 5
    response = client.post(
        f"/permits/{permit.id}/extend",
        data={"days": str(needed), "conditions": ""},
    )
    assert response.status_code == 302
