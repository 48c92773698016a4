"""Where the app's own log lines go: the `fairwater` logger (`fairwater.signin`, `fairwater.sync`,
`fairwater.mail`, …) writes INFO and above to the process's standard error, which gunicorn and a
service manager (systemd's journal, docker logs) keep. Nothing is written when a deployment has
configured the `fairwater` logger itself (gunicorn's --log-config, for one)."""

from __future__ import annotations

import logging
import sys

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _StandardError(logging.StreamHandler):
    """The standard error of the moment of writing (a test runner or a CLI may swap it)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def configure() -> None:
    log = logging.getLogger("fairwater")
    if log.handlers:
        return
    handler = _StandardError()
    handler.setFormatter(logging.Formatter(FORMAT))
    log.addHandler(handler)
    if log.level == logging.NOTSET:
        log.setLevel(logging.INFO)
