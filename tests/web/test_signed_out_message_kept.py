"""A background request of the page (the sync's token or pull) that set out before the person
signed out and is answered after it carries the old session cookie. Its answer cleared that session
and sent the cleared cookie back, over the sign-out's: the sign-in page then said nothing of the
sign-out ("You are signed out…" was gone). A stale cookie on an API request is now only refused."""

from __future__ import annotations


def test_a_late_background_answer_does_not_wipe_the_sign_out_message(app, client, auth, people):
    auth.login(people["permittee"].email)
    page = client.get("/sites/")
    assert page.status_code == 200
    old = client.get_cookie("session").value

    background = app.test_client()  # the same browser: the request set out with the old cookie
    background.set_cookie("session", old)
    assert client.post("/logout").status_code == 302

    for url in ("/api/v1/csrf", "/api/v1/sync/pull"):
        late = background.get(url)
        assert late.status_code in (200, 401), url  # the token is anyone's; a pull is refused
        assert "Set-Cookie" not in late.headers, url

    shown = client.get("/login").get_data(as_text=True)
    assert "You are signed out" in shown
