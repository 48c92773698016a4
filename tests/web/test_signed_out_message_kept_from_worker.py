"""The service worker stores the app's files and pages in the background (on a first visit, a new
version), with the browser's cookies; the page itself loads scripts and icons. Such a request that
set out with the session cookie before the person signed out and was answered after it found the
cookie stale, cleared it and sent the cleared cookie back over the sign-out's: the sign-in page then
said nothing of the sign-out. Only a page the person opens clears a stale session now."""

from __future__ import annotations

import pytest

# What Chromium sends with a service worker's fetch and with a page's script, image and fetch().
BACKGROUND = {
    "/static/icons/icon-192.png": {"Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"},
    "/static/js/shell.js": {"Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "script"},
    "/app/": {"Sec-Fetch-Mode": "same-origin", "Sec-Fetch-Dest": "empty"},
    "/calculators/basin": {"Sec-Fetch-Mode": "same-origin", "Sec-Fetch-Dest": "empty"},
}


@pytest.mark.parametrize("url", BACKGROUND)
def test_a_late_background_fetch_does_not_wipe_the_sign_out_message(app, client, auth, people, url):
    auth.login(people["permittee"].email)
    assert client.get("/sites/").status_code == 200
    old = client.get_cookie("session").value

    background = app.test_client()  # the same browser: the request set out with the old cookie
    background.set_cookie("session", old)
    assert client.post("/logout").status_code == 302

    late = background.get(url, headers=BACKGROUND[url])
    assert late.status_code == 200, url
    assert "Set-Cookie" not in late.headers, url

    assert "You are signed out" in client.get("/login").get_data(as_text=True)


def test_a_page_opened_with_the_old_cookie_still_finds_nobody_signed_in(app, client, auth, people):
    auth.login(people["permittee"].email)
    assert client.get("/sites/").status_code == 200
    old = client.get_cookie("session").value
    assert client.post("/logout").status_code == 302

    other_tab = app.test_client()
    other_tab.set_cookie("session", old)
    opened = other_tab.get("/sites/", headers={"Sec-Fetch-Mode": "navigate"})
    assert opened.status_code == 302 and "/login" in opened.headers["Location"]
    assert other_tab.get_cookie("session") is None  # the stale session is let go
