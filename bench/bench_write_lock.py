"""The write lock's share of a sync: one device (Flask test client, its token) pushes an inspection of
25 answers and PUTs its 2 photos, SYNCS times; the time SQLite's write lock is held (from the writer's
turn in line, inspector/sqlite_writers.py, to its commit or rollback) against the whole sync's wall
time, same run. Everything else (parsing the body, checking and processing the photos, writing the
answer) can run beside another device's write; the held share bounds how far more devices can add
throughput (bench_concurrency.py measures that, but on a shared 2-core machine its baseline moves 2x
between runs). Last line: one JSON object."""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import bench_concurrency as world  # noqa: E402
from inspector import create_app  # noqa: E402
from inspector.sqlite_writers import QueuedConnection  # noqa: E402
from tests.sync.helpers import inspection_payload, mutation  # noqa: E402

SYNCS, WARM_UP, ROUNDS = 60, 5, 3


class LockClock:
    """Adds up the wall time any connection of this process holds its turn to write."""

    def __init__(self):
        self.held, self._since = 0.0, None
        take, give = QueuedConnection.queue_to_write, QueuedConnection.leave_queue
        clock = self

        def queue_to_write(conn):
            take(conn)
            if conn._holding and clock._since is None:
                clock._since = time.perf_counter()

        def leave_queue(conn):
            if conn._holding and clock._since is not None:
                clock.held += time.perf_counter() - clock._since
                clock._since = None
            give(conn)

        QueuedConnection.queue_to_write, QueuedConnection.leave_queue = queue_to_write, leave_queue


def main() -> None:
    lock = LockClock()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        url = f"sqlite:///{tmp / 'bench.sqlite3'}"
        rulebook = world.twenty_five_item_rulebook(tmp)
        sites, tokens, codes = world.seed(url, rulebook, 1)
        app = create_app(
            {"DATABASE_URL": url, "SECRET_KEY": world.SECRET, "RULEBOOK_PATH": str(rulebook)}
        )
        client, token = app.test_client(), {"Authorization": f"Bearer {tokens[0]}"}
        base = world.base_jpeg()

        def sync(n: int) -> None:
            photos = [world.unique_jpeg(base, f"{n}-{k}") for k in range(world.PHOTOS_EACH)]
            named = [(str(uuid.uuid4()), hashlib.sha256(p).hexdigest(), p) for p in photos]
            payload = inspection_payload(
                sites[n % len(sites)], codes=codes, photos=[(i, s) for i, s, _ in named]
            )
            body = {"mutations": [mutation("inspection", str(uuid.uuid4()), payload)]}
            answer = client.post("/api/v1/sync/push", json=body, headers=token)
            assert answer.get_json()["results"][0]["status"] == "applied", answer.get_json()
            for photo_id, digest, data in named:
                headers = {**token, "Content-Type": "image/jpeg", "X-Content-SHA256": digest}
                answer = client.put(f"/api/v1/photos/{photo_id}", data=data, headers=headers)
                assert answer.status_code == 201, answer.get_json()

        n = 0
        for _ in range(WARM_UP):
            sync(n := n + 1)
        rounds = []
        for _ in range(ROUNDS):
            lock.held = 0.0
            start = time.perf_counter()
            for _ in range(SYNCS):
                sync(n := n + 1)
            rounds.append((time.perf_counter() - start, lock.held))
        app.extensions["engine"].dispose()
    wall, held = sum(r[0] for r in rounds), sum(r[1] for r in rounds)  # every round counts
    figures = {
        "syncs": SYNCS,
        "photos_each": world.PHOTOS_EACH,
        "answers_each": world.ANSWERS,
        "sync_ms": round(wall / (SYNCS * ROUNDS) * 1000, 2),
        "lock_held_ms": round(held / (SYNCS * ROUNDS) * 1000, 2),
        "held_share_each_round": [round(h / w, 3) for w, h in rounds],
    }
    ratios = {"lock_held_vs_sync": round(held / wall, 3)}
    targets = {"lock_held_vs_sync": "<= 0.5"}
    print(
        f"a sync of {world.ANSWERS} answers and {world.PHOTOS_EACH} photos: "
        f"{figures['sync_ms']} ms, the write lock held {figures['lock_held_ms']} ms of it"
    )
    print(
        json.dumps(
            {"bench": "write_lock", "figures": figures, "ratios": ratios, "targets": targets}
        )
    )


if __name__ == "__main__":
    main()
