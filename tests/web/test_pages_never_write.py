"""Opening a page never writes (docs/layers.md): every GET page of the url_map (tests/support/
pages.py), as each role that sees it, leaves the database as it was, even when time has moved on
(a permit past its last valid day, stop-work grounds not yet evaluated). The tick and the actions
write what time changes; a page shows it computed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event, func
from sqlmodel import select

from inspector import create_app
from inspector.db import create_all, get_session
from inspector.models import AuditEvent, Permit
from inspector.rules import clocks
from inspector.services import clock
from tests.support import pages

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    folder = tmp_path_factory.mktemp("nowrite")
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "pages-never-write",
            "DATABASE_URL": f"sqlite:///{folder / 'nowrite.sqlite3'}",
        }
    )
    rb = app.extensions["rulebook"]
    with app.app_context():
        create_all()
        session = get_session()
        values = pages.seed(session, rb)
        # Every issued permit ran out yesterday and nobody ticked since: pages must show it
        # expired without recording it.
        yesterday = clocks.local_date(clock.now(), rb) - timedelta(days=1)
        active = select(Permit).where(Permit.status.in_(("issued", "extended")))
        for permit in session.exec(active):
            permit.expires_on = yesterday
            session.add(permit)
            values["lapsed_permit"] = permit.id
        session.commit()
    clients = {}
    for role, account in pages.ACCOUNTS.items():
        client = app.test_client()
        if account:
            email, password = account
            reply = client.post("/login", data={"email": email, "password": password})
            assert reply.status_code == 302
        clients[role] = client
    yield app, values, clients
    app.extensions["engine"].dispose()


def test_no_page_writes_to_the_database(world):
    app, values, clients = world
    engine = app.extensions["engine"]
    writes: list[str] = []

    def watch(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith(WRITES):
            writes.append(statement.split("\n")[0][:80])

    with app.app_context():
        session = get_session()
        audit_before = session.exec(select(func.count()).select_from(AuditEvent)).one()
        expired_before = session.exec(
            select(func.count()).select_from(Permit).where(Permit.status == "expired")
        ).one()
    written = {}
    event.listen(engine, "before_cursor_execute", watch)
    try:
        for page in pages.pages(values):
            reply = clients[page.role].get(page.url)
            assert reply.status_code == 200, (page.url, page.role, reply.status_code)
            if writes:
                written[f"{page.role} {page.url}"] = sorted(set(writes))
                writes.clear()
    finally:
        event.remove(engine, "before_cursor_execute", watch)
    assert written == {}
    with app.app_context():
        session = get_session()
        assert session.exec(select(func.count()).select_from(AuditEvent)).one() == audit_before
        assert (
            session.exec(
                select(func.count()).select_from(Permit).where(Permit.status == "expired")
            ).one()
            == expired_before
        )


def test_a_permit_past_its_last_day_reads_expired_before_the_tick(world):
    app, values, clients = world
    reply = clients["supervisor"].get(f"/permits/{values['lapsed_permit']}")
    assert "Expired" in reply.get_data(as_text=True)
    with app.app_context():
        assert get_session().get(Permit, values["lapsed_permit"]).status in ("issued", "extended")
