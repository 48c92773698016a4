"""PostgreSQL only (`make test` runs the suite a second time against a server it starts): the
migrations build the models' schema there and step down and up; writers queue as on SQLite, so the
pull sequence never hands a device a cursor past a change that commits later."""

from __future__ import annotations

import threading
import time
from itertools import pairwise

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import Session, SQLModel

from inspector import create_app, schema
from inspector.db import get_session
from inspector.services import audit
from inspector.services import devices as device_auth
from tests.support import database

pytestmark = pytest.mark.skipif(
    not database.on_postgresql(),
    reason=(
        "PostgreSQL only: needs FAIRWATER_TEST_DATABASE_URL (make test starts a server and sets it)"
    ),
)


def advisory_locks(session, *, granted: bool, pid: int | None = None) -> int:
    sql = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted = :granted"
    if pid is not None:
        sql += " AND pid = :pid"
    return session.execute(text(sql), {"granted": granted, "pid": pid}).scalar()


def test_migrations_build_the_models_schema_and_step_down_and_up(tmp_path):
    url = database.new_database_url(tmp_path, "migrated", schema=False)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": url})
    runner = app.test_cli_runner()
    engine = app.extensions["engine"]

    def differences():
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"compare_type": True})
            return compare_metadata(ctx, SQLModel.metadata)

    def revision():
        with engine.connect() as conn:
            return schema.current(conn)

    try:
        with app.app_context():
            result = runner.invoke(args=["db", "upgrade"])
            assert result.exit_code == 0 and "from empty" in result.output, result.output
            assert differences() == []
            again = runner.invoke(args=["db", "upgrade"])
            assert "nothing to do" in again.output
            chain = [rev.revision for rev in schema.scripts().walk_revisions()]  # head first
            for rev, parent in pairwise(chain):
                result = runner.invoke(args=["db", "downgrade"])
                assert result.exit_code == 0, result.output
                assert revision() == (parent,), rev
            assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
            assert revision() == (schema.head(),) and differences() == []
    finally:
        engine.dispose()
        database.release_database(url)


def test_a_request_that_may_write_queues_before_its_first_read(app):
    for method, expected in (("POST", 1), ("GET", 0)):
        with app.test_request_context("/", method=method):
            session = get_session()
            pid = session.execute(text("SELECT pg_backend_pid()")).scalar()
            assert advisory_locks(session, granted=True, pid=pid) == expected, method


def test_a_pull_cursor_never_passes_a_change_that_commits_later(app, client, db, make, people):
    site = make.site(people["supervisor"])
    _, token = device_auth.enroll(db, people["inspector"], "Truck 3 tablet")
    db.commit()
    headers = {"Authorization": f"Bearer {token}"}
    start = client.get("/api/v1/sync/pull", headers=headers).get_json()["cursor"]
    engine = app.extensions["engine"]

    first = Session(engine)  # a writer that has written and not committed yet
    event = audit.record(
        first, entity="site", entity_id=site.id, action="update", user_id=None, site_id=site.id
    )
    first.flush()
    first_id = event.id
    second_done = threading.Event()

    def second_writer():  # a later writer, which commits as soon as it may
        with Session(engine) as second:
            audit.record(
                second,
                entity="site",
                entity_id=site.id,
                action="update",
                user_id=None,
                site_id=site.id,
            )
            second.commit()
        second_done.set()

    thread = threading.Thread(target=second_writer)
    thread.start()
    try:
        with Session(engine) as watcher:  # until the second has committed or queues on the lock
            deadline = time.monotonic() + 20
            while not second_done.is_set() and not advisory_locks(watcher, granted=False):
                assert time.monotonic() < deadline, "the second writer neither committed nor waited"
                time.sleep(0.02)
        middle = client.get("/api/v1/sync/pull", query_string={"since": start}, headers=headers)
        cursor = int(middle.get_json()["cursor"].split(":")[0])
        first.commit()
    finally:
        first.close()
        thread.join(timeout=20)
    assert first_id > cursor, "the first writer's change would never reach this device"
    later = client.get(
        "/api/v1/sync/pull", query_string={"since": middle.get_json()["cursor"]}, headers=headers
    ).get_json()
    assert [c["id"] for c in later["changes"]] == [str(site.id)]
