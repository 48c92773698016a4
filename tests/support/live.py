"""A real server for browser tests (Datasette style): the app in a thread on a free port, which can be
stopped and started again on the same port (same origin, so the service worker and IndexedDB survive)."""

from __future__ import annotations

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
