"""Password rules: at least 12 characters, and none of the commonly used ones (the shipped list)."""

import pytest

from inspector import demo
from inspector.services import ServiceError, accounts

from ..conftest import PASSWORD


def new_user(db, password, email="someone@example.test"):
    return accounts.create_user(
        db, email=email, name="Someone", role="inspector", password=password
    )


@pytest.mark.parametrize(
    "password, words",
    [
        ("short-pass1", "at least 12 characters"),  # 11 characters
        ("qwertyuiop123", "commonly used"),  # on the list as it is
        ("1qaz2wsx3edc", "commonly used"),
        ("QwertyUiop123", "commonly used"),  # case does not help
        ("password123456", "commonly used"),  # a listed password padded with digits
        ("!!Sunshine2026!!", "commonly used"),
        ("someone@example.test", "e-mail"),
    ],
)
def test_weak_passwords_are_refused_with_the_reason(db, password, words):
    with pytest.raises(ServiceError) as refused:
        new_user(db, password)
    assert refused.value.field == "password" and words in refused.value.message
    db.rollback()


def test_the_shipped_list_is_read_and_the_app_passwords_pass(db):
    from inspector import passwords

    assert len(passwords.common()) > 5000 and "123456" in passwords.common()
    for ok in (PASSWORD, demo.PASSWORD, "bench-password-1", "rain on the prairie"):
        assert passwords.problem(ok) is None, ok
    assert new_user(db, "twelve chars").id is not None


def test_a_supervisor_creating_a_user_sees_why_the_password_is_refused(client, auth, people):
    auth.login(people["supervisor"].email)
    response = client.post(
        "/users/",
        data={
            "email": "new@acme.example",
            "name": "New",
            "role": "inspector",
            "company": "",
            "password": "password2024",
        },
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "commonly used" in page
    response = client.post(
        "/users/",
        data={
            "email": "new@acme.example",
            "name": "New",
            "role": "inspector",
            "company": "",
            "password": "elevenchars",
        },
    )
    assert response.status_code == 400 and "at least 12 characters" in response.get_data(
        as_text=True
    )


def test_create_user_command_refuses_a_common_password(app):
    with app.app_context():  # as `flask --app app create-user` runs it
        result = app.test_cli_runner().invoke(
            args=[
                "create-user",
                "--email",
                "a@village.example",
                "--role",
                "inspector",
                "--password",
                "letmein12345",
            ]
        )
    assert result.exit_code != 0 and "commonly used" in result.output


@pytest.mark.real_password_hashing
def test_passwords_are_stored_as_costly_salted_hashes_never_as_text(db):
    first = new_user(db, PASSWORD)
    second = new_user(db, PASSWORD, email="another@example.test")
    for user in (first, second):
        method, salt, digest = user.password_hash.split("$")
        assert method == "scrypt:32768:8:1" and PASSWORD not in user.password_hash
    assert first.password_hash != second.password_hash  # salted: the same password, two hashes
    assert (
        accounts.dummy_hash().split("$")[0] == "scrypt:32768:8:1"
    )  # an unknown e-mail costs as much
    assert (
        accounts.authenticate(
            db, first.email, PASSWORD, client="192.0.2.9", limits=accounts.Limits()
        ).user
        == first
    )
