"""Sign-in, sign-out, the slow-down after repeated failures, and CSRF on state changes."""

from inspector import create_app

from ..conftest import PASSWORD


def test_sign_in_and_out(client, auth, people):
    assert client.get("/sites/").status_code == 302
    response = auth.login(people["inspector"].email)
    assert response.status_code == 302
    assert client.get("/sites/").status_code == 200
    auth.logout()
    assert client.get("/sites/").headers["Location"].startswith("/login")


def test_wrong_password_gives_a_message_not_a_hint(client, auth, people):
    response = auth.login(people["inspector"].email, "nope-nope")
    assert response.status_code == 400
    assert b"E-mail or password is wrong." in response.data
    response = auth.login("nobody@example.test", "nope-nope")
    assert b"E-mail or password is wrong." in response.data


def test_repeated_failures_lock_the_account_briefly(client, auth, people):
    email = people["inspector"].email
    for _ in range(5):
        auth.login(email, "wrong-password")
    response = auth.login(email, PASSWORD)  # even the right password waits now
    assert b"Too many failed sign-ins" in response.data
    assert client.get("/sites/").status_code == 302


def test_next_parameter_only_redirects_locally(client, auth, people):
    response = client.post(
        "/login?next=//evil.example/x",
        data={"email": people["inspector"].email, "password": PASSWORD},
    )
    assert response.headers["Location"] == "/app/"  # the inspector's home: what is due


def test_csrf_is_enforced_when_enabled(database_url):
    app = create_app({"SECRET_KEY": "t", "DATABASE_URL": database_url})
    response = app.test_client().post("/login", data={"email": "a@b.c", "password": "x"})
    assert response.status_code == 400
    # Refused as a spoiled form (the CSRF check), in words: tests/web/test_form_expired.py.
    assert b"This sign-in page was open too long" in response.data


def test_session_cookie_flags_and_security_headers(client, auth, people):
    response = auth.login(people["inspector"].email)
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = client.get("/sites/")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in page.headers["Content-Security-Policy"]
    assert page.headers["Cache-Control"] == "private, no-store"


def test_production_refuses_the_demo_secret(tmp_path, monkeypatch):
    import pytest

    monkeypatch.setenv("FAIRWATER_ENV_NAME", "production")
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"})
    monkeypatch.setenv("FAIRWATER_SECRET_KEY", "a-real-secret-value")
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"})
    assert app.config["SESSION_COOKIE_SECURE"] is True


def test_production_sends_strict_transport_security(tmp_path, monkeypatch):
    monkeypatch.setenv("FAIRWATER_ENV_NAME", "production")
    monkeypatch.setenv("FAIRWATER_SECRET_KEY", "a-real-secret-value")
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"})
    hsts = app.test_client().get("/login").headers.get("Strict-Transport-Security")
    assert hsts == "max-age=31536000; includeSubDomains"


def test_development_sends_no_strict_transport_security(client):
    # Over plain http://localhost it is ignored at best, and pins a developer's browser at worst.
    assert "Strict-Transport-Security" not in client.get("/login").headers
