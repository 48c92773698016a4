"""The real server as a separate process (gunicorn), killed with SIGKILL and started again, and a small
device-token client for it (http.client: one request per connection, as a flaky network would)."""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, db_url: str, port: int | None = None):
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.env = {
            **os.environ,
            "FAIRWATER_DATABASE_URL": db_url,
            "FAIRWATER_SECRET_KEY": "fault-tests-secret",
        }

    def start(self) -> ServerProcess:
        gunicorn = str(GUNICORN) if GUNICORN.exists() else None
        cmd = (
            [
                gunicorn,
                "-w",
                "1",
                "--threads",
                "4",
                "-b",
                f"127.0.0.1:{self.port}",
                "--graceful-timeout",
                "1",
                "inspector:create_app()",
            ]
            if gunicorn
            else [sys.executable, "-m", "flask", "--app", "app", "run", "--port", str(self.port)]
        )
        self.proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                status, _ = Client(self.port).request("GET", "/api/v1/openapi.json")
                if status == 200:
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(
                    "server exited: " + self.proc.stderr.read().decode(errors="replace")[-2000:]
                )
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL the whole process group (master and worker): no clean-up, no flush."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        self.proc = None

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc = None


class Client:
    def __init__(self, port: int, token: str | None = None, timeout: float = 30):
        self.port, self.token, self.timeout = port, token, timeout

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            hdrs = dict(headers or {})
            if self.token:
                hdrs["Authorization"] = f"Bearer {self.token}"
            conn.request(method, path, body=body, headers=hdrs)
            response = conn.getresponse()
            data = response.read()
            return response.status, data
        finally:
            conn.close()

    def push(self, mutations: list[dict], device_id: str = "fault-test-device"):
        status, data = self.request(
            "POST",
            "/api/v1/sync/push",
            json.dumps({"device_id": device_id, "mutations": mutations}).encode(),
            {"Content-Type": "application/json"},
        )
        return status, (json.loads(data) if data else None)

    def put_photo(self, photo_id: str, data: bytes):
        status, body = self.request(
            "PUT",
            f"/api/v1/photos/{photo_id}",
            data,
            {"Content-Type": "image/jpeg", "X-Content-SHA256": hashlib.sha256(data).hexdigest()},
        )
        return status, (json.loads(body) if body else None)

    def head_photo(self, photo_id: str) -> int:
        return self.request("HEAD", f"/api/v1/photos/{photo_id}")[0]
