"""A real server for browser tests (Datasette style): the app in a thread on a free port, which can be
stopped and started again on the same port (same origin, so the service worker and IndexedDB survive)."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
import threading
from pathlib import Path

from werkzeug.serving import make_server


def seeded_demo_app(folder: Path, secret_key: str):
    """The app over a new SQLite file in `folder`, with the demo data (browser tests, benches and
    the README's screenshots all start from it)."""
    from inspector import create_app, demo
    from inspector.db import create_all, get_session

    app = create_app(
        {
            "TESTING": False,
            "SECRET_KEY": secret_key,
            "DATABASE_URL": f"sqlite:///{folder / 'demo.sqlite3'}",
        }
    )
    with app.app_context():
        create_all()
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    return app


_templates: dict[tuple, Path] = {}  # (secret key, UTC hour seeded in) -> demo database file


def _seed_hour():
    from inspector.models.base import utcnow

    return utcnow().replace(minute=0, second=0, microsecond=0)


def copied_demo_app(folder: Path, secret_key: str):
    """What seeded_demo_app makes, from a copy of a file seeded once (browser tests: ~0.6 s a test).

    The demo's dates are relative to now, but every line it draws (the Village's day, a reading's
    07:00 end, an inspection's hour) falls on a whole hour, UTC or Chicago: a file seeded earlier in
    the same UTC hour holds what seeding now would. A new hour seeds a new file."""
    from inspector import create_app

    hour = _seed_hour()
    key = (secret_key, hour)
    if key not in _templates:
        made = Path(tempfile.mkdtemp(prefix="fairwater-demo-"))
        app = seeded_demo_app(made, secret_key)
        app.extensions["engine"].dispose()
        path = made / "demo.sqlite3"
        with sqlite3.connect(path) as conn:  # everything into the file itself, none left in its WAL
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        if _seed_hour() != hour:  # seeded across the hour: seed again in the new one
            shutil.rmtree(made, ignore_errors=True)
            return copied_demo_app(folder, secret_key)
        for old in [k for k in _templates if k[0] == secret_key]:  # an earlier hour's
            shutil.rmtree(_templates.pop(old).parent, ignore_errors=True)
        _templates[key] = path
    shutil.copyfile(_templates[key], folder / "demo.sqlite3")
    return create_app(
        {
            "TESTING": False,
            "SECRET_KEY": secret_key,
            "DATABASE_URL": f"sqlite:///{folder / 'demo.sqlite3'}",
        }
    )


def drop_demo_templates() -> None:
    while _templates:
        _key, path = _templates.popitem()
        shutil.rmtree(path.parent, ignore_errors=True)


class LiveServer:
    def __init__(self, app, host: str = "127.0.0.1", port: int = 0):
        self.app = app
        self.host = host
        self.port = port
        self._server = None
        self._thread = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> LiveServer:
        self._server = make_server(self.host, self.port, self.app, threaded=True)
        self.port = self._server.server_port
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._thread.join(timeout=5)
            self._server = None

    def restart(self) -> None:
        self.stop()
        self.start()
