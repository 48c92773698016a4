"""A new permittee account joins the company already on record when its name is typed in another
case or spacing: 'acme  earthworks' made a second company, 'acme earthworks', whose user saw none
of Acme Earthworks' sites, and the page said only 'User created.'"""

from inspector.models import Company, User
from inspector.services import accounts


def test_a_company_typed_in_another_case_is_the_same_company(client, auth, db, make, people):
    site = make.site(people["inspector"], name="Acme's Lot")
    make.permit(site, people["permittee"].company_id, people["inspector"], issued=True)
    auth.login(people["supervisor"].email)
    response = client.post(
        "/users/",
        data={
            "email": "second@acme-earthworks.example",
            "name": "Second Acme",
            "role": "permittee",
            "company": "  acme  EARTHWORKS ",
            "password": "a-long-enough-passphrase-42",
        },
        follow_redirects=True,
    )
    assert "User created for Acme Earthworks." in response.get_data(as_text=True)
    db.expire_all()
    user = db.exec(
        accounts.select(User).where(User.email == "second@acme-earthworks.example")
    ).one()
    assert user.company_id == people["permittee"].company_id
    assert len(db.exec(accounts.select(Company)).all()) == 2  # Acme Earthworks and Rival Grading
    auth.logout()
    auth.login("second@acme-earthworks.example", "a-long-enough-passphrase-42")
    assert client.get(f"/sites/{site.id}").status_code == 200


def test_a_new_company_is_said_to_be_new(client, auth, db, people):
    auth.login(people["supervisor"].email)
    response = client.post(
        "/users/",
        data={
            "email": "boss@prarie-grading.example",
            "name": "Prarie Boss",
            "role": "permittee",
            "company": "Prarie Grading",
            "password": "a-long-enough-passphrase-42",
        },
        follow_redirects=True,
    )
    text = response.get_data(as_text=True)
    assert "User created, with a new company: Prarie Grading." in text
