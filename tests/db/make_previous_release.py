"""Writes previous_release.sql: a database as the last release before migrations made it.

Run from a checkout of that release (commit 83d9f55), so its own code builds the schema and writes
the rows (nothing of today's models touches it):

    git archive 83d9f55 | tar -x -C /tmp/prev && cd /tmp/prev && \
        /work/main/.venv/bin/python /work/main/tests/db/make_previous_release.py OUT.sql

Contents: init-db + seed-demo, then through the sync API with a device token an inspection with
two photos (one uploaded, one never: a pending claim) and a photo no record names (unclaimed).
"""

from __future__ import annotations

import hashlib
import io
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

from PIL import Image
from sqlmodel import select

sys.path.insert(0, str(Path.cwd()))

from inspector import create_app  # noqa: E402
from inspector.db import get_session  # noqa: E402
from inspector.models import Site, User  # noqa: E402
from inspector.services import sites  # noqa: E402
from inspector.services.inspections import canonical_hash  # noqa: E402
from sync import auth as device_auth  # noqa: E402

# The ids the test looks for.
INSPECTION_ID = "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01"
PHOTO_ID = "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e02"
PENDING_PHOTO_ID = "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e03"
UNCLAIMED_PHOTO_ID = "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e04"


def jpeg(color) -> bytes:
    im = Image.new("RGB", (96, 72), color)
    for x in range(0, 96, 16):
        im.paste((color[0] // 2, 200, color[2]), (x, 0, x + 4, 72))
    out = io.BytesIO()
    im.save(out, "JPEG", quality=80)
    return out.getvalue()


def main(out_path: str) -> None:
    tmp = Path(tempfile.mkdtemp())
    db_path = tmp / "previous.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{db_path}", "SECRET_KEY": "previous-release"})
    cli = app.test_cli_runner()
    for args in (["init-db"], ["seed-demo"]):
        with app.app_context():
            result = cli.invoke(args=args)
        assert result.exit_code == 0, (result.output, result.exception)
    with app.app_context():
        session = get_session()
        inspector = session.exec(select(User).where(User.role == "inspector")).first()
        site = session.exec(select(Site).order_by(Site.id)).first()
        _, token = device_auth.enroll(session, inspector, "Truck tablet")
        rb = app.extensions["rulebook"]
        codes = [item["code"] for item in sites.ordinance_view(site, rb)["checklist"]]
        catalog = rb["checklist.version"]
        site_id = site.id
        session.commit()
    photo, pending, unclaimed = jpeg((150, 90, 40)), jpeg((40, 90, 150)), jpeg((90, 150, 40))
    answers = [
        {
            "item_code": c,
            "result": "pass",
            "note": "",
            "corrective_action": "",
            "measurements": {},
            "calculator": None,
            "photo_ids": [],
        }
        for c in codes
    ]
    payload = {
        "site_id": site_id,
        "kind": "weekly",
        "inspector_name": "Luis Ortega",
        "inspected_on": "2026-11-30",
        "started_at": "2026-11-30T15:00:00Z",
        "ended_at": "2026-11-30T15:40:00Z",
        "weather": "Overcast",
        "phase": "Grading",
        "notes": "Synced from the truck tablet",
        "active_disturbance": True,
        "rain_event_id": None,
        "finding_id": None,
        "catalog_version": catalog,
        "replaces_id": None,
        "answers": answers,
        "photos": [
            {
                "id": pid,
                "item_code": None,
                "sha256": hashlib.sha256(data).hexdigest(),
                "taken_at": None,
                "latitude": None,
                "longitude": None,
            }
            for pid, data in ((PHOTO_ID, photo), (PENDING_PHOTO_ID, pending))
        ],
    }
    payload["sha256"] = canonical_hash(payload)
    client = app.test_client()
    auth = {"Authorization": f"Bearer {token}"}
    body = {
        "device_id": "truck-tablet",
        "mutations": [
            {
                "mutation_id": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e05",
                "entity": "inspection",
                "entity_id": INSPECTION_ID,
                "op": "upsert",
                "base_version": None,
                "payload": payload,
            }
        ],
    }
    res = client.post("/api/v1/sync/push", json=body, headers=auth)
    assert res.get_json()["results"][0]["status"] == "applied", res.get_json()
    for pid, data in ((PHOTO_ID, photo), (UNCLAIMED_PHOTO_ID, unclaimed)):
        res = client.put(
            f"/api/v1/photos/{pid}",
            data=data,
            headers={
                **auth,
                "Content-Type": "image/jpeg",
                "X-Content-SHA256": hashlib.sha256(data).hexdigest(),
            },
        )
        assert res.status_code in (200, 201), res.get_data(as_text=True)
    app.extensions["engine"].dispose()
    con = sqlite3.connect(db_path)
    with open(out_path, "w") as out:
        out.write("-- A database made by the last release before migrations (commit 83d9f55):\n")
        ids = {"inspection": INSPECTION_ID, "photo": PHOTO_ID, "unclaimed": UNCLAIMED_PHOTO_ID}
        out.write("-- tests/db/make_previous_release.py. " + json.dumps(ids) + "\n")
        for line in con.iterdump():
            out.write(line + "\n")
    con.close()


if __name__ == "__main__":
    main(sys.argv[1])
