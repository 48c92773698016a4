"""A form whose token no longer matches the session (the page open longer than its token lives, or
someone signed in or out on the device meanwhile) is refused in words, with the way on. The sign-in
page answered "Bad Request. The CSRF token is invalid." and a link to the start: a tablet left on the
sign-in page overnight could not be signed in on without knowing to reload it."""

from __future__ import annotations

from inspector import demo
from tests.web.test_demo_onsite_gauge import csrf_of


def test_a_spoiled_sign_in_form_comes_back_ready_to_use(demo_app_with_csrf):
    client = demo_app_with_csrf.test_client()
    client.get("/login")
    refused = client.post(
        "/login",
        data={
            "email": "supervisor@fairwater.example",
            "password": demo.PASSWORD,
            "csrf_token": "old",
        },
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "This sign-in page was open too long" in page and "CSRF" not in page
    assert 'value="supervisor@fairwater.example"' in page  # what was typed, but the password

    signed_in = client.post(
        "/login",
        data={
            "email": "supervisor@fairwater.example",
            "password": demo.PASSWORD,
            "csrf_token": csrf_of(page),
        },
    )
    assert signed_in.status_code == 302


def test_another_spoiled_form_says_nothing_was_saved(demo_app_with_csrf):
    client = demo_app_with_csrf.test_client()
    client.post(
        "/login",
        data={
            "email": "supervisor@fairwater.example",
            "password": demo.PASSWORD,
            "csrf_token": csrf_of(client.get("/login").get_data(as_text=True)),
        },
    )
    refused = client.post("/logout", data={"csrf_token": "old"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "This form had expired" in page and "Nothing was saved" in page and "CSRF" not in page
