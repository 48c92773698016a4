"""Regulator packet: a site with a year of weekly inspections, two 2048-px photos each
(every one downscaled and embedded in its report), findings, a permit and a rain log, built as one
ZIP through the packet route's own builder. Baseline in the same run: writing the same member bytes
into a ZIP (the floor of any builder). Peak resident memory is read before and after, to show the
packet is built one record at a time: the peak traced allocation of a quarter's packet and of a
year's are compared (target: about the same). CPU time is given beside wall time, as the machine
may be shared. Last line: one JSON object."""

from __future__ import annotations

import hashlib
import io
import json
import sys
import tempfile
import time
import tracemalloc
import uuid
import zipfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image  # noqa: E402

from inspector import create_app  # noqa: E402
from inspector.db import create_all, get_session  # noqa: E402
from inspector.documents.packet import STORED_SUFFIXES  # noqa: E402
from inspector.models import Photo, StoredFile  # noqa: E402
from inspector.models.base import utcnow  # noqa: E402
from inspector.rules import clocks  # noqa: E402
from inspector.services import seals, sites  # noqa: E402
from inspector.web import packet  # noqa: E402
from tests.conftest import Factory  # noqa: E402
from tests.support.enforcement import record_inspection  # noqa: E402

WEEKS, PHOTOS_EACH, RUNS = 52, 2, 2


def camera_jpeg(seed: int, width: int = 2048, height: int = 1536) -> bytes:
    """A photo-like JPEG at the tablets' stored size (noise over a gradient compresses like one)."""
    base = Image.linear_gradient("L").resize((width, height)).convert("RGB")
    noise = Image.effect_noise((width, height), 30 + seed).convert("RGB")
    out = io.BytesIO()
    Image.blend(base, noise, 0.4).save(out, "JPEG", quality=85)
    return out.getvalue()


def setup(tmp: Path):
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
            "SECRET_KEY": "bench",
            "TESTING": True,
            "SERVER_NAME": "inspections.example",
        }
    )
    rb = app.extensions["rulebook"]
    photos = [camera_jpeg(n) for n in range(4)]
    with app.app_context():
        create_all()
        session = get_session()
        make = Factory(session)
        sup = make.user("supervisor")
        inspector = make.user("inspector")
        make.user("permittee", company="Acme")
        site = make.site(sup, name="Bench Plat")
        permittee = session.get(type(sup), 3)
        make.permit(site, permittee.company_id, sup, issued=True, rb=rb)
        codes = [i["code"] for i in sites.ordinance_view(site, rb)["checklist"]]
        now = utcnow()
        made = []
        for week in range(WEEKS):
            failed = ("PERIMETER",) if week % 4 == 0 and "PERIMETER" in codes else ()
            inspection, found, _ = record_inspection(
                session,
                site,
                rb,
                at=now - timedelta(days=7 * week, hours=1),
                failed=failed,
                passed=tuple(c for c in codes if c not in failed),
                user=inspector,
                evaluate=False,
            )
            for n in range(PHOTOS_EACH):
                data = photos[(week + n) % len(photos)]
                stored = StoredFile(data=data)
                session.add(stored)
                session.flush()
                session.add(
                    Photo(
                        id=str(uuid.uuid4()),
                        inspection_id=inspection.id,
                        item_code=failed[0] if failed and n == 0 else None,
                        sha256=hashlib.sha256(data).hexdigest(),
                        width=2048,
                        height=1536,
                        size=len(data),
                        taken_at=now - timedelta(days=7 * week, minutes=50 - n),
                        latitude=43.1,
                        longitude=-88.9,
                        file_id=stored.id,
                    )
                )
            made.append((inspection, found))
        seals.seal(session, "inspection", *[i for i, _ in made])
        found = [f for _, fs in made for f in fs]
        if found:
            seals.seal(session, "finding", *found)
        session.commit()
        site_id, user_id = site.id, sup.id
        today = clocks.local_date(now, rb)
    return app, site_id, user_id, today, sum(len(p) for p in photos) / len(photos)


def zip_floor(members: list[tuple[str, bytes]]) -> float:
    """The same bytes written into a ZIP on disk, with the same compression choices."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
            for name, data in members:
                method = zipfile.ZIP_STORED if name.endswith(STORED_SUFFIXES) else None
                z.writestr(name, data, compress_type=method or zipfile.ZIP_DEFLATED)
        return time.perf_counter() - started


def build_once(app, site_id, user_id, start, end, traced: bool = False):
    """(wall s, cpu s, peak traced bytes or 0, the ZIP's bytes)."""
    from inspector.models import Site, User

    rb = app.extensions["rulebook"]
    with app.test_request_context():
        session = get_session()
        site, user = session.get(Site, site_id), session.get(User, user_id)
        if traced:
            tracemalloc.start()
        wall, cpu = time.perf_counter(), time.process_time()
        built = packet.build(session, user, site, start, end, rb)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        peak = 0
        if traced:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        data = built.read()
        built.close()
        session.rollback()
    return wall, cpu, peak, data


def main() -> None:
    with tempfile.TemporaryDirectory() as tmpdir:
        app, site_id, user_id, today, photo_bytes = setup(Path(tmpdir))
        year = today - timedelta(days=364)
        runs = [build_once(app, site_id, user_id, year, today) for _ in range(RUNS)]
        data = runs[-1][3]
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            members = [(n, z.read(n)) for n in z.namelist()]
        pdfs = [n for n, _ in members if n.startswith("inspections/")]
        assert len(pdfs) == WEEKS, len(pdfs)
        floors = [zip_floor(members) for _ in range(RUNS)]
        quarter = build_once(app, site_id, user_id, today - timedelta(days=90), today, True)[2]
        whole = build_once(app, site_id, user_id, year, today, True)[2]
    build_s, cpu_s, floor_s = min(r[0] for r in runs), min(r[1] for r in runs), min(floors)
    figures = {
        "inspections": WEEKS,
        "photos": WEEKS * PHOTOS_EACH,
        "photo_kb_each": round(photo_bytes / 1024),
        "files_in_packet": len(members),
        "packet_mb": round(len(data) / 1048576, 2),
        "build_s": round(build_s, 3),
        "build_cpu_s": round(cpu_s, 3),
        "zip_floor_s": round(floor_s, 4),
        "per_inspection_ms": round(build_s / WEEKS * 1000, 1),
        "peak_traced_mb_quarter": round(quarter / 1048576, 1),
        "peak_traced_mb_year": round(whole / 1048576, 1),
    }
    ratios = {
        "build_vs_zip_floor": round(build_s / floor_s, 1),
        "peak_memory_year_vs_quarter": round(whole / quarter, 2),
    }
    targets = {"build_s": 10.0, "build_vs_zip_floor": 300.0, "peak_memory_year_vs_quarter": 1.5}
    print(json.dumps({"bench": "packet", "figures": figures, "ratios": ratios, "targets": targets}))


if __name__ == "__main__":
    main()
