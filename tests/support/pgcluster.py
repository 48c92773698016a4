"""A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries, a temporary
directory, a free port on 127.0.0.1, trust authentication for one role, removed again when done.

    python -m tests.support.pgcluster -- CMD ARGS...

starts a cluster, runs CMD with FAIRWATER_TEST_DATABASE_URL set to its maintenance database,
stops the cluster and deletes its directory whatever CMD did (also on Ctrl-C or SIGTERM), and exits
with CMD's status. initdb refuses root, so as root the cluster belongs to the `postgres` user
(runuser).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROLE = "fairwater"
# Speed settings for a cluster nobody keeps: no fsync and no waiting on commit. The benchmark passes
# durable=True, so its figures are those of a real server.
FAST = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]


def bin_dir() -> Path:
    """The newest Debian PostgreSQL's bin directory (FAIRWATER_PG_BIN overrides)."""
    if os.environ.get("FAIRWATER_PG_BIN"):
        return Path(os.environ["FAIRWATER_PG_BIN"])
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `make postgresql` installs it")
    return Path(found[-1]).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, *, durable: bool = False):
        self.durable = durable
        self.bin = bin_dir()
        self.port = 0
        self.dir: Path | None = None
        self.running = False

    @property
    def url(self) -> str:
        """SQLAlchemy URL of the maintenance database (create the app's databases from it)."""
        return f"postgresql+psycopg://{ROLE}@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        cmd = [str(a) for a in args]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}"[-4000:])

    def start(self) -> Cluster:
        self.dir = Path(tempfile.mkdtemp(prefix="fairwater-pg-"))
        if os.geteuid() == 0:
            pg = pwd.getpwnam("postgres")
            os.chown(self.dir, pg.pw_uid, pg.pw_gid)
        data = self.dir / "data"
        # C.UTF-8 sorts by code point, as SQLite does; the app sorts what a person sees itself.
        self._run(
            self.bin / "initdb",
            "-D",
            data,
            "-U",
            ROLE,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-instructions",
        )
        options = [
            "-p",
            str(0),
            "-k",
            str(self.dir),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "max_connections=200",
        ] + ([] if self.durable else FAST)
        for _attempt in range(5):  # another process may take the port before the server binds it
            self.port = free_port()
            options[1] = str(self.port)
            try:
                self._run(
                    self.bin / "pg_ctl",
                    "-D",
                    data,
                    "-l",
                    self.dir / "server.log",
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    " ".join(options),
                    "start",
                )
                self.running = True
                return self
            except RuntimeError:
                if "could not bind" not in self.log():
                    self.stop()
                    raise
        self.stop()
        raise RuntimeError("no free port for PostgreSQL")

    def log(self) -> str:
        path = self.dir / "server.log" if self.dir else None
        return path.read_text(errors="replace") if path and path.exists() else ""

    def stop(self) -> None:
        if self.dir is None:
            return
        if self.running:
            try:
                self._run(self.bin / "pg_ctl", "-D", self.dir / "data", "-m", "fast", "-w", "stop")
            except RuntimeError as exc:
                print(f"pgcluster: {exc}", file=sys.stderr)
            self.running = False
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def main(argv: list[str]) -> int:
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2

    def _terminate(signum, _frame):  # turns SIGTERM/SIGHUP into the finally below
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    started = time.monotonic()
    with Cluster() as cluster:
        print(
            f"pgcluster: PostgreSQL ({cluster.bin.parent.name}) on 127.0.0.1:{cluster.port}, "
            f"started in {time.monotonic() - started:.1f} s",
            flush=True,
        )
        env = {**os.environ, "FAIRWATER_TEST_DATABASE_URL": cluster.url}
        child = subprocess.Popen(argv, env=env)
        try:
            status = child.wait()
        except BaseException:
            child.terminate()
            child.wait(timeout=60)
            raise
        if status != 0:  # the server's side of a failure (errors, deadlocks), for the CI log
            problems = [
                line
                for line in cluster.log().splitlines()
                if any(w in line for w in ("ERROR", "FATAL", "PANIC", "deadlock"))
            ]
            print(
                "pgcluster: server log, last problems:\n" + "\n".join(problems[-40:]),
                file=sys.stderr,
            )
        return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
