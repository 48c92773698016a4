"""Shared fixtures (flaskr style): `app`, `client`, `auth`, and factories for users, sites and permits.
A GET from a test client reads on a read-only session of its own, as in production."""

from __future__ import annotations

from datetime import date, timedelta
from functools import partial

import pytest
from flask import Flask, current_app, g, has_app_context
from flask.testing import FlaskClient
from werkzeug.security import generate_password_hash

from inspector import create_app
from inspector.db import get_session
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.services import accounts, control_plans, permit_applications, sites
from tests.support import database

PASSWORD = "correct-horse-battery"


@pytest.fixture(scope="session", autouse=True)
def _test_databases_server():
    """The template and the test databases (tests/support/database.py) are removed after the run."""
    yield
    database.drop_all()


SAFE_METHODS = ("GET", "HEAD", "OPTIONS")  # the requests get_session() gives a read-only session


class OwnSessionForReads(FlaskClient):
    """A test client whose GET, HEAD and OPTIONS requests read through a session of their own, as
    in production (inspector/db.py get_session: `db.reader()`, so a page load that writes fails).

    A test that holds an app context (the `db` fixture does, for the whole test) would otherwise
    lend its writing session to every request: Flask's test client reuses a pushed app context of
    the same app, and get_session() caches the session on its `g`. So before a read request the
    test's session commits (what the test arranged becomes visible, as another process's writes
    would be, and no write lock is left held for the request to wait on), and the request runs in
    an app context of its own: its own `g`, its own read-only session, closed by the app's
    teardown when the request ends. The test's session is untouched otherwise.

    Other requests (POST, PUT, PATCH, DELETE) still share the test's session: they write, so
    there is no read-only behaviour to reproduce, and tests assert on the objects they hold after
    a request changed them (the shared identity map shows the change without a reload)."""

    def run_wsgi_app(self, environ, buffered=False):
        app = self.application
        if environ["REQUEST_METHOD"] not in SAFE_METHODS or not _in_app_context_of(app):
            return super().run_wsgi_app(environ, buffered=buffered)
        session = g.get("db_session")
        if session is not None:
            session.commit()
        with app.app_context():
            return super().run_wsgi_app(environ, buffered=buffered)


def _in_app_context_of(app) -> bool:
    return has_app_context() and current_app._get_current_object() is app


@pytest.fixture(scope="session", autouse=True)
def _reads_on_their_own_sessions():
    """Every app a test builds hands out OwnSessionForReads clients."""
    before = Flask.test_client_class
    Flask.test_client_class = OwnSessionForReads
    yield
    Flask.test_client_class = before


@pytest.fixture(autouse=True)
def _quick_password_hashes(request, monkeypatch):
    """The app hashes passwords with scrypt at its production cost, about 0.1 s a hash, and the
    suite creates and signs in thousands of users: tests hash with one PBKDF2 round instead.
    check_password_hash reads the method from the stored hash, so signing in is checked the same
    way. Tests marked `real_password_hashing` keep the production method (test_passwords.py)."""
    real = request.node.get_closest_marker("real_password_hashing") is not None
    if real:
        accounts.dummy_hash.cache_clear()  # made like the users' hashes: in this test's method
    else:
        quick = partial(generate_password_hash, method="pbkdf2:sha256:1")
        monkeypatch.setattr(accounts, "generate_password_hash", quick)
    yield
    if real:
        accounts.dummy_hash.cache_clear()


@pytest.fixture
def database_url(tmp_path):
    """A fresh database with the app's tables: SQLite in tmp_path, or one on a PostgreSQL server."""
    url = database.new_database_url(tmp_path)
    yield url
    database.release_database(url)


@pytest.fixture
def app(database_url):
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "test",
            "DATABASE_URL": database_url,
        }
    )
    yield app
    app.extensions["engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def db(app):
    """A session inside an app context, for arranging data and checking what the app wrote."""
    with app.app_context():
        yield get_session()


class Factory:
    """Builds realistic records through the services, committing each so the app sees them."""

    def __init__(self, session):
        self.session = session

    def user(self, role: str, email: str | None = None, company: str | None = None):
        email = email or f"{role}-{company or 'village'}@example.test".replace(" ", "-").lower()
        if role == "permittee" and company is None:
            company = "Acme Earthworks"
            email = email.replace("village", "acme-earthworks")
        user = accounts.create_user(
            self.session,
            email=email,
            name=email.split("@")[0],
            role=role,
            password=PASSWORD,
            company_name=company,
        )
        self.session.commit()
        return user

    def site(self, by, **overrides):
        data = {
            "name": "North Lot",
            "address": "1 Main St",
            "project_kind": "land_disturbance",
            "area_acres": 12.0,
            "disturbed_acres": 6.0,
        }
        data.update(overrides)
        site = sites.create_site(self.session, data, user=by)
        self.session.commit()
        return site

    def permit(
        self,
        site,
        company_id: int,
        by,
        *,
        issued: bool = False,
        received_on: date | None = None,
        rb=None,
    ):
        from inspector.rules.rulebook import default

        rb = rb or default()
        # The Village's day: from 18:00 CST (19:00 CDT) on, UTC's is already the next one.
        today = clocks.local_date(utcnow(), rb)
        received_on = received_on or today - timedelta(days=3)
        permit = permit_applications.apply(
            self.session,
            site=site,
            company_id=company_id,
            applicant_name="Applicant",
            received_on=received_on,
            fee_paid_on=received_on,
            building_permit_until=None,
            user=by,
            today=today,
        )
        if issued:
            for d in rb["control_plan_documents"]:
                control_plans.add_document(
                    self.session,
                    permit,
                    kind=d["kind"],
                    filename="plan.pdf",
                    data=b"%PDF-1.4 test",
                    user=by,
                    rb=rb,
                )
            permit_applications.issue(
                self.session, permit, site=site, user=by, issued_on=received_on, rb=rb
            )
        self.session.commit()
        return permit


@pytest.fixture
def make(db):
    return Factory(db)


class AuthActions:
    def __init__(self, client):
        self.client = client

    def login(self, email: str, password: str = PASSWORD):
        return self.client.post("/login", data={"email": email, "password": password})

    def logout(self):
        return self.client.post("/logout")


@pytest.fixture
def auth(client):
    return AuthActions(client)


@pytest.fixture
def people(make):
    """One of each role, and a second permittee company."""
    return {
        "supervisor": make.user("supervisor"),
        "inspector": make.user("inspector"),
        "permittee": make.user("permittee", company="Acme Earthworks"),
        "other": make.user("permittee", email="other@rival.test", company="Rival Grading"),
    }
