"""Creating an account says whom it was made for and how they sign in: the page said only
'User created.', so a supervisor who had mistyped the address learned of it only when the new
inspector could not sign in."""

from __future__ import annotations

from tests.web.test_device_tokens_end import signed_in


def test_the_confirmation_names_the_person_and_the_address_they_sign_in_with(app, people):
    office = signed_in(app, people["supervisor"])
    sent = office.post(
        "/users/",
        data={
            "email": "Pat.Newman@Fairwater.example",
            "name": "Pat Newman",
            "role": "inspector",
            "password": "gravel kettle orchard",
        },
    )
    assert sent.status_code == 302
    page = office.get("/users/").text
    assert (
        "User created. Pat Newman signs in as pat.newman@fairwater.example (inspector) with the "
        "password you set" in page
    )
