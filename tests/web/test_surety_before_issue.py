"""§ 256-8D(2): "As a condition of approval and issuance of the permit, the Village … may require
the applicant to deposit a surety bond or irrevocable letter of credit". The permit page offered
the surety form only once the permit was issued: the deposit the Village required before issuing
could not be recorded until after."""


def test_a_surety_is_recorded_on_an_application_under_review(client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Bonded Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert f'action="/permits/{permit.id}/bond"' in page
    assert page.index('id="bond-h"') > page.index(
        'id="rev-h"'
    )  # with the review, before the decision
    response = client.post(
        f"/permits/{permit.id}/bond",
        data={
            "kind": "letter_of_credit",
            "amount": "25000",
            "issuer": "Fairwater State Bank",
            "effective_on": "2026-11-02",
            "expires_on": "",
        },
        follow_redirects=True,
    )
    text = response.get_data(as_text=True)
    assert "Surety recorded." in text
    assert "Irrevocable letter of credit: $25,000.00 from Fairwater State Bank" in text
    # The inspector reviews but does not record sureties (the supervisor's decision).
    auth.logout()
    auth.login(people["inspector"].email)
    assert f'action="/permits/{permit.id}/bond"' not in client.get(f"/permits/{permit.id}").text
