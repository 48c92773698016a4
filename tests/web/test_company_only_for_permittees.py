"""A company typed for a new inspector or supervisor is refused, not dropped: the users page
created 'Kim Hale', a contractor's foreman entered with Prairie Builders LLC as the company but the
role left at Inspector, as Village staff who sees every site, and the company typed vanished
without a word. The role is the slip; the page says so at the company field and creates nobody."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import User
from tests.web.test_device_tokens_end import signed_in


def test_a_company_with_a_village_role_is_refused_and_nobody_is_created(app, db, people):
    office = signed_in(app, people["supervisor"])
    for role in ("inspector", "supervisor"):
        answer = office.post(
            "/users/",
            data={
                "email": "kim@prairie-builders.example",
                "name": "Kim Hale",
                "role": role,
                "company": "Acme Earthworks",
                "password": "gravel kettle orchard",
            },
        )
        assert answer.status_code == 400
        page = answer.text
        assert "Only a permittee belongs to a company" in page
        assert 'value="Acme Earthworks"' in page  # what was typed is kept
    db.expire_all()
    assert db.exec(select(User).where(User.email == "kim@prairie-builders.example")).first() is None

    made = office.post(
        "/users/",
        data={
            "email": "kim@prairie-builders.example",
            "name": "Kim Hale",
            "role": "permittee",
            "company": "Acme Earthworks",
            "password": "gravel kettle orchard",
        },
    )
    assert made.status_code == 302
