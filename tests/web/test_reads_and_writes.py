"""A page load only reads (docs/layers.md, "Reads and writes"): it does not queue behind a sync that
is writing, and a GET that tried to write would be refused instead of racing the writers."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, select

from inspector.db import get_session, reads_only
from inspector.models import Company
from tests.support import database


@pytest.mark.skipif(
    database.on_postgresql(), reason="SQLite's write lock; PostgreSQL reads by MVCC"
)
def test_office_pages_load_while_a_writer_holds_the_database(app, client, auth, people, make):
    site = make.site(people["supervisor"], name="Meadow Ridge")
    auth.login(people["supervisor"].email)
    writer = sqlite3.connect(app.config["DATABASE_URL"].removeprefix("sqlite:///"), timeout=0)
    try:
        # A long sync batch: it holds the write lock from its first read to its commit.
        writer.isolation_level = None
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("INSERT INTO company (name) VALUES ('Mid-push Grading')")
        dashboard = client.get("/dashboard")
        site_page = client.get(f"/sites/{site.id}")
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert dashboard.status_code == 200 and b"Meadow Ridge" in dashboard.data
    assert site_page.status_code == 200 and b"Meadow Ridge" in site_page.data


def test_a_page_load_cannot_write(app):
    with app.test_request_context("/dashboard", method="GET"):
        session = get_session()
        session.add(Company(name="Written by a GET"))
        with pytest.raises(DBAPIError):
            session.commit()
        session.rollback()
    with app.test_request_context("/companies", method="POST"):
        session = get_session()
        session.add(Company(name="Written by a POST"))
        session.commit()
    with Session(app.extensions["engine"]) as session:
        names = session.exec(select(Company.name)).all()
    assert "Written by a POST" in names and "Written by a GET" not in names


def test_a_test_client_get_reads_through_its_own_read_only_session(app, client, db):
    """The harness (tests/conftest.py OwnSessionForReads): a GET made while the test holds its
    session still reads through a read-only session of its own, so a page that writes fails here as
    it does in production, and it sees what the test arranged without a commit."""
    db.add(Company(name="Arranged by the test"))

    @app.get("/test-only/reads")
    def reads():
        session = get_session()
        names = session.exec(select(Company.name)).all()
        return {"own": session is not db, "reads_only": reads_only(session), "names": names}

    @app.get("/test-only/writes")
    def writes():
        get_session().add(Company(name="Written by a GET"))
        get_session().commit()
        return "written"

    assert client.get("/test-only/reads").json == {
        "own": True,
        "reads_only": True,
        "names": ["Arranged by the test"],
    }
    with pytest.raises(DBAPIError):
        client.get("/test-only/writes")
    assert get_session() is db
    assert db.exec(select(Company.name)).all() == ["Arranged by the test"]
