"""Signing in works while a page of the tablet is still syncing for nobody. When the tablet changed
hands, the last page's sync could ask /api/v1/csrf with no session; that answer made a token, so a
new session, and its cookie, arriving after the sign-in page's, replaced it: the sign-in form's
token no longer matched, and signing in failed with "400 Bad Request" (a full browser run's flake,
test_shared_tablet_refused). Asked for nobody, /api/v1/csrf now makes no token and sets no cookie."""

from __future__ import annotations

from inspector import demo
from tests.web.test_demo_onsite_gauge import csrf_of


def test_a_sync_answered_for_nobody_does_not_spoil_the_sign_in_form(demo_app_with_csrf):
    app = demo_app_with_csrf
    browser = app.test_client()
    form = csrf_of(browser.get("/login").get_data(as_text=True))

    # The last page's sync, sent with no session cookie, answered after the sign-in page.
    late = app.test_client().get("/api/v1/csrf")
    assert late.get_json()["user"] is None
    for cookie in late.headers.getlist("Set-Cookie"):  # what the browser would keep
        name, _, value = cookie.partition(";")[0].partition("=")
        browser.set_cookie(name, value)

    signed_in = browser.post(
        "/login",
        data={
            "email": "supervisor@fairwater.example",
            "password": demo.PASSWORD,
            "csrf_token": form,
        },
    )
    assert signed_in.status_code == 302, signed_in.get_data(as_text=True)[:300]
    assert late.get_json() == {"csrf_token": None, "user_id": None, "user": None}
    assert "Set-Cookie" not in late.headers
    who = browser.get("/api/v1/csrf").get_json()
    assert who["user"]["role"] == "supervisor" and who["csrf_token"]
