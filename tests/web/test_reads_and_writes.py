"""A page load only reads (docs/layers.md, "Reads and writes"): it does not queue behind a sync that
is writing, and a GET that tried to write would be refused instead of racing the writers."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, select

from inspector import create_app
from inspector.db import get_session
from inspector.models import Company
from tests.conftest import PASSWORD
from tests.support import database


@pytest.mark.skipif(
    database.on_postgresql(), reason="SQLite's write lock; PostgreSQL reads by MVCC"
)
def test_office_pages_load_while_a_writer_holds_the_database(app, people, make):
    site = make.site(people["supervisor"], name="Meadow Ridge")
    # The office's own server process (the fixtures' app context would lend its session to requests).
    office = create_app({**app.config, "TESTING": True})
    client = office.test_client()
    client.post("/login", data={"email": people["supervisor"].email, "password": PASSWORD})
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
    office.extensions["engine"].dispose()


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
