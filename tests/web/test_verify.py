"""`flask --app app verify` on the demo database, records changed behind the app's back (an answer
edited with sqlite3, a record deleted, two seals swapped), the tick's daily check on the dashboard,
the public verification page and the seal printed on the inspection report and the stop-work notice.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta

import pytest
from sqlalchemy import text
from sqlmodel import select

from inspector import demo
from inspector.db import get_session
from inspector.documents import pdf as pdf_module
from inspector.models import Answer, Inspection, PhotoClaim, RainReading, User
from inspector.models.seals import Seal
from inspector.services import inspections, seals, stop_work_issuing
from inspector.services.clock import now as clock_now
from tests.sync.helpers import signature


def raw(app, db, *statements: str, params=()) -> None:
    """Change the database as someone with a database client would, behind the app's back."""
    db.rollback()  # the test's own reads end their transaction first
    url = app.config["DATABASE_URL"]
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        with conn:
            for statement in statements:
                conn.execute(statement, params)
        conn.close()
    else:
        with app.extensions["engine"].begin() as conn:
            for statement in statements:
                conn.execute(text(statement.replace("?", ":p")), {"p": params[0]} if params else {})


@pytest.fixture
def demo_db(app):
    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
    return app


def verify(app):
    return app.test_cli_runner().invoke(args=["verify"])


def failed_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if line.strip().startswith("FAILED")]


def device_payload(inspection: Inspection, answers: list[Answer], claims=()) -> dict:
    """What the tablet sent: `claims`, the photos it declared, in the order it declared them."""
    z = lambda moment: moment.isoformat(timespec="seconds") + "Z"  # noqa: E731
    photos = [
        {
            "id": c.photo_id,
            "item_code": c.item_code,
            "sha256": c.sha256,
            "taken_at": c.taken_at and z(c.taken_at),
            "latitude": c.latitude,
            "longitude": c.longitude,
            **({"marks": c.marks} if c.marks else {}),
        }
        for c in claims
    ]
    signed = {  # a signed record's hash covers its signature (records before signing had none)
        "signature": inspection.signature,
        "signature_statement_version": inspection.signature_statement_version,
        "signed_by_name": inspection.signed_by_name,
        "signed_at": inspection.signed_at and z(inspection.signed_at),
    }
    return {
        **(signed if inspection.signature is not None else {}),
        "site_id": inspection.site_id,
        "kind": inspection.kind,
        "inspector_name": inspection.inspector_name,
        "inspected_on": inspection.inspected_on.isoformat(),
        "started_at": z(inspection.started_at),
        "ended_at": z(inspection.ended_at),
        "weather": inspection.weather,
        "phase": inspection.phase,
        "notes": inspection.notes,
        "active_disturbance": inspection.active_disturbance,
        "rain_event_id": inspection.rain_event_id,
        "finding_id": inspection.finding_id,
        "catalog_version": inspection.catalog_version,
        "replaces_id": inspection.replaces_id,
        "answers": [
            {
                "item_code": a.item_code,
                "result": a.result,
                "note": a.note,
                "corrective_action": a.corrective_action,
                "measurements": a.measurements,
                "calculator": a.calculator,
                "photo_ids": [p["id"] for p in photos if p["item_code"] == a.item_code],
            }
            for a in answers
        ],
        "photos": photos,
    }


def test_a_fresh_demo_database_verifies_and_its_hashes_are_hashes_of_its_records(demo_db, db):
    result = verify(demo_db)
    assert result.exit_code == 0, result.output
    assert "all unchanged" in result.output and failed_lines(result.output) == []
    stored = db.exec(select(Inspection)).all()
    assert len(stored) > 10
    for inspection in stored:
        answers = db.exec(
            select(Answer).where(Answer.inspection_id == inspection.id).order_by(Answer.id)
        ).all()
        claims = db.exec(
            select(PhotoClaim)
            .where(PhotoClaim.inspection_id == inspection.id)
            .order_by(PhotoClaim.taken_at)
        ).all()
        payload = device_payload(inspection, answers, claims)
        assert inspection.sha256 == inspections.canonical_hash(payload)
        assert seals.latest_seal(db, "inspection", inspection.id).origin == "receipt"


def test_an_answer_edited_with_sqlite3_is_named(demo_db, db):
    answer = db.exec(select(Answer).where(Answer.result == "fail")).first()
    raw(
        demo_db,
        db,
        "UPDATE answer SET result = 'pass', corrective_action = '' WHERE id = ?",
        params=(answer.id,),
    )
    result = verify(demo_db)
    assert result.exit_code == 1
    lines = failed_lines(result.output)
    assert len(lines) == 1 and lines[0].startswith(
        f"FAILED inspection {answer.inspection_id} (seal "
    )
    assert "no longer matches its seal" in lines[0]


def test_a_deleted_record_is_named(demo_db, db):
    reading_id = db.exec(select(RainReading.id).order_by(RainReading.id.desc())).first()
    raw(demo_db, db, "DELETE FROM rainreading WHERE id = ?", params=(reading_id,))
    result = verify(demo_db)
    assert result.exit_code == 1
    [line] = failed_lines(result.output)
    assert line.startswith(f"FAILED rain_reading {reading_id} (seal ") and "deleted" in line


def test_two_swapped_seals_are_named(demo_db, db):
    five, six = (
        (s.kind, s.record_id)
        for s in (db.exec(select(Seal).where(Seal.seq == n)).one() for n in (5, 6))
    )
    raw(
        demo_db,
        db,
        "UPDATE seal SET seq = -1 WHERE seq = 5",
        "UPDATE seal SET seq = 5 WHERE seq = 6",
        "UPDATE seal SET seq = 6 WHERE seq = -1",
    )
    result = verify(demo_db)
    assert result.exit_code == 1
    lines = failed_lines(result.output)
    assert any(line.startswith(f"FAILED {six[0]} {six[1]} (seal 5)") for line in lines)
    assert any(line.startswith(f"FAILED {five[0]} {five[1]} (seal 6)") for line in lines)


def test_a_chain_cut_back_with_its_records_is_named(demo_db, db):
    assert verify(demo_db).exit_code == 0
    last = db.exec(select(Seal).order_by(Seal.seq.desc())).first()
    seq, kind, record_id = last.seq, last.kind, last.record_id
    assert kind == "rain_reading"
    raw(demo_db, db, "DELETE FROM seal WHERE seq = ?", params=(seq,))
    raw(demo_db, db, "DELETE FROM rainreading WHERE id = ?", params=(int(record_id),))
    result = verify(demo_db)
    assert result.exit_code == 1 and f"seal {seq}, the last one when the check of" in result.output


def test_the_tick_checks_once_per_interval_and_the_dashboard_shows_the_last_result(
    demo_db, db, client, auth
):
    sup = db.exec(select(User).where(User.role == "supervisor")).first()
    auth.login(sup.email, demo.PASSWORD)
    assert "Not run yet" in client.get("/dashboard").text
    runner = demo_db.test_cli_runner()
    first = runner.invoke(args=["tick"])
    assert first.exit_code == 0 and "all unchanged" in first.output
    assert "all unchanged" not in runner.invoke(args=["tick"]).output  # not due again yet
    page = client.get("/dashboard").text
    assert "All unchanged" in page and "records and" in page
    answer = db.exec(select(Answer).where(Answer.result == "fail")).first()
    raw(demo_db, db, "UPDATE answer SET note = 'edited' WHERE id = ?", params=(answer.id,))
    db.refresh(answer)
    demo_db.config["CLOCK_NOW"] = clock_now() + timedelta(hours=25)
    later = runner.invoke(args=["tick"])
    assert f"FAILED inspection {answer.inspection_id}" in later.output
    page = client.get("/dashboard").text
    assert "1 no longer match" in page and f"/inspections/{answer.inspection_id}" in page


def test_the_public_page_says_when_and_unchanged_without_personal_data(demo_db, db, client):
    inspection = db.exec(select(Inspection).order_by(Inspection.received_at.desc())).first()
    sealed = seals.latest_seal(db, "inspection", inspection.id)
    page = client.get(f"/verify/{sealed.seal}")
    assert page.status_code == 200
    assert "Unchanged" in page.text and "inspection report was received on" in page.text
    assert sealed.sealed_at.strftime("%Y") in page.text and (
        "CST" in page.text or "CDT" in page.text
    )
    from inspector.models import Company, Site

    private = [
        inspection.inspector_name,
        inspection.id,
        *(u.email for u in db.exec(select(User))),
        *(u.name for u in db.exec(select(User))),
        *(s.name for s in db.exec(select(Site))),
        *(s.address for s in db.exec(select(Site))),
        *(c.name for c in db.exec(select(Company))),
    ]
    assert [p for p in private if p and p in page.text] == []
    answer = db.exec(select(Answer).where(Answer.inspection_id == inspection.id)).first()
    raw(demo_db, db, "UPDATE answer SET note = 'edited' WHERE id = ?", params=(answer.id,))
    assert "No longer matches" in client.get(f"/verify/{sealed.seal}").text
    assert client.get(f"/verify/{'0' * 64}").status_code == 404
    assert client.get("/verify/not-a-seal").status_code == 404


def test_an_earlier_version_of_an_order_points_to_the_current_one(demo_db, db, client):
    sup = db.exec(select(User).where(User.role == "supervisor")).first()
    site_id = db.exec(select(Inspection.site_id)).first()
    from inspector.models import Site

    rb = demo_db.extensions["rulebook"]
    order = stop_work_issuing.propose_manual(
        db,
        db.get(Site, site_id),
        user=sup,
        grounds=["plan_not_implemented"],
        notes="Silt fence missing on the east side",
        now=clock_now(),
        rb=rb,
    )
    db.commit()
    first = seals.latest_seal(db, "stop_work_order", order.id)
    stop_work_issuing.dismiss(db, order, user=sup, reason="Fence found installed", now=clock_now())
    db.commit()
    current = seals.latest_seal(db, "stop_work_order", order.id)
    page = client.get(f"/verify/{first.seal}").text
    assert "Changed since, through the app" in page and f"/verify/{current.seal}" in page
    assert "Unchanged" in client.get(f"/verify/{current.seal}").text


def test_the_report_and_the_notice_print_their_seal_and_its_address(
    demo_db, db, client, auth, monkeypatch
):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    sup = db.exec(select(User).where(User.role == "supervisor")).first()
    auth.login(sup.email, demo.PASSWORD)
    inspection = db.exec(select(Inspection)).first()
    sealed = seals.latest_seal(db, "inspection", inspection.id)
    body = client.get(f"/inspections/{inspection.id}.pdf").data
    assert sealed.seal.encode() in body and f"/verify/{sealed.seal}".encode() in body
    assert (
        b"Sealed record: check that it is unchanged" in body and b"Received and sealed on" in body
    )
    from inspector.models import Site

    rb = demo_db.extensions["rulebook"]
    order = stop_work_issuing.propose_manual(
        db,
        db.get(Site, inspection.site_id),
        user=sup,
        grounds=["plan_not_implemented"],
        notes="Silt fence missing on the east side",
        now=clock_now(),
        rb=rb,
    )
    stop_work_issuing.issue(
        db, order, user=sup, now=clock_now(), rb=rb, confirmed=True, signature=signature()
    )
    db.commit()
    order_seal = seals.latest_seal(db, "stop_work_order", order.id)
    notice = client.get(f"/orders/{order.id}/notice.pdf").data
    assert order_seal.seal.encode() in notice and f"/verify/{order_seal.seal}".encode() in notice
    printable = client.get(f"/orders/{order.id}/notice").text
    assert order_seal.seal in printable and "Sealed record" in printable
    assert client.get(f"/verify/{order_seal.seal}").status_code == 200
    _ = datetime  # noqa: F841


def test_an_answer_left_unreadable_is_named_not_a_crash(demo_db, db):
    if not demo_db.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("PostgreSQL's json type refuses text that is not JSON")
    answer = db.exec(select(Answer)).first()
    inspection_id = answer.inspection_id
    raw(
        demo_db, db, "UPDATE answer SET measurements = 'not json' WHERE id = ?", params=(answer.id,)
    )
    result = verify(demo_db)
    assert result.exit_code == 1
    assert [line.split(" (")[0] for line in failed_lines(result.output)] == [
        f"FAILED inspection {inspection_id}"
    ]
