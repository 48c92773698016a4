"""A permittee put in a company whose name only looks like one on record ("Acme Earthworks, LLC"
beside Acme Earthworks) belonged to a new, empty company and saw none of its sites: the supervisor
is asked whether it is the company on record or another one."""

from sqlmodel import select

from inspector.models import Company, User
from inspector.services import accounts
from tests.conftest import PASSWORD


def new_permittee(client, company, **extra):
    data = {
        "email": "foreman@acme.example",
        "name": "Pat Foreman",
        "role": "permittee",
        "company": company,
        "password": PASSWORD + "-x1",
        **extra,
    }
    return client.post("/users/", data=data)


def test_a_look_alike_company_name_is_asked_about_not_made_a_new_company(client, auth, db, people):
    acme = accounts.get_or_create_company(db, "Acme Earthworks")
    db.commit()
    before = len(db.exec(select(Company)).all())
    auth.login(people["supervisor"].email)

    for typed in ("Acme Earthworks, LLC", "acme earthworks inc.", "The Acme Earthworks Co"):
        refused = new_permittee(client, typed)
        assert refused.status_code == 400
        page = refused.get_data(as_text=True)
        assert "Acme Earthworks is on record. To add this person to it, choose it" in page
        assert "This is a new company" in page
        db.expire_all()
        assert len(db.exec(select(Company)).all()) == before
        assert db.exec(select(User).where(User.email == "foreman@acme.example")).first() is None

    # The name as listed joins it; ticked as another company, the look-alike is made.
    assert new_permittee(client, "ACME  earthworks").status_code == 302
    db.expire_all()
    joined = db.exec(select(User).where(User.email == "foreman@acme.example")).one()
    assert joined.company_id == acme.id
    made = new_permittee(
        client, "Acme Earthworks of Iowa", email="boss@acme-iowa.example", new_company="y"
    )
    assert made.status_code == 302
    assert "with a new company: Acme Earthworks of Iowa" in client.get("/users/").get_data(
        as_text=True
    )
    other = new_permittee(
        client, "Acme Earthworks, LLC", email="second@acme.example", new_company="y"
    )
    assert other.status_code == 302
    db.expire_all()
    assert len(db.exec(select(Company)).all()) == before + 2
