"""Sealing on receipt: each kind of record is sealed by the service that stores it, in its
transaction, from the rows as stored; the chain stays one line under concurrent writers; records
from before sealing began are sealed on upgrade, and only those."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from sqlmodel import Session, select

from inspector.models import (
    Answer,
    AuditEvent,
    Finding,
    Inspection,
    OrderEvent,
    PhotoClaim,
    RainReading,
    StopWorkOrder,
)
from inspector.models.seals import Seal
from inspector.rules.rulebook import default
from inspector.services import (
    finding_repairs,
    inspections,
    rain_gauges,
    rain_hand_readings,
    rain_imports,
    sealed_records,
    seals,
    stop_work_issuing,
)
from sync.handlers import SyncContext
from tests.services.test_rain_import import COCO_HEADER, coco_row
from tests.sync.helpers import inspection_payload, uid

RB = default()
NOW = datetime(2026, 12, 1, 17, 0)


def chain_of(db) -> list[tuple[str, str, str]]:
    return [(s.kind, s.record_id, s.origin) for s in db.exec(select(Seal).order_by(Seal.seq))]


def push(db, site, user, **kw):
    iid = uid()
    inspections.apply_submission(
        db,
        inspection_payload(site, **kw),
        iid,
        SyncContext(user=user, device_id="dev-1", now=NOW, rb=RB),
    )
    db.commit()
    return iid


def gauge(db):
    g = rain_gauges.create_gauge(
        db,
        name="Site gauge",
        kind="onsite",
        station_code=f"onsite-{uid()[:8]}",
        latitude=43.83,
        longitude=-88.86,
        user_id=None,
        rb=RB,
        link_sites=False,
    )
    db.commit()
    return g


def test_the_current_format_of_every_kind_lists_every_column():
    """A column added to a sealed table (a signature, say) must be sealed: add a format that lists
    it."""
    for kind in sealed_records.KINDS.values():
        assert set(kind.formats[kind.current]) == {c.name for c in kind.model.__table__.columns}, (
            kind.name
        )
    assert set(sealed_records.ANSWER_FIELDS) == {c.name for c in Answer.__table__.columns} - {
        "id",
        "inspection_id",
    }
    assert set(sealed_records.PHOTO_FIELDS) == {c.name for c in PhotoClaim.__table__.columns} - {
        "inspection_id",
        "finding_id",
    }
    assert set(sealed_records.ORDER_EVENT_FIELDS) == {
        c.name for c in OrderEvent.__table__.columns
    } - {"id", "order_id"}


def test_a_pushed_inspection_and_its_findings_are_sealed_on_receipt(db, make, people):
    site = make.site(people["supervisor"])
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    iid = push(
        db,
        site,
        people["inspector"],
        kind="village",
        fail=("PERIMETER",),
        photos=[(uid(), "a" * 64)],
    )
    finding = db.exec(select(Finding).where(Finding.inspection_id == iid)).one()
    assert ("inspection", iid, "receipt") in chain_of(db) and (
        "finding",
        finding.id,
        "receipt",
    ) in chain_of(db)
    sealed = seals.latest_seal(db, "inspection", iid)
    assert sealed.sealed_at == NOW
    record = sealed_records.load(db, "inspection", [iid])[iid]
    assert [p["sha256"] for p in record["photos"]] == ["a" * 64]
    assert {a["item_code"]: a["result"] for a in record["answers"]}["PERIMETER"] == "fail"
    assert seals.verify(db).problems == []


def test_every_change_of_a_finding_is_a_new_seal_and_the_latest_must_match(db, make, people):
    site = make.site(people["supervisor"])
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    iid = push(db, site, people["inspector"], kind="village", fail=("PERIMETER",))
    finding = db.exec(select(Finding).where(Finding.inspection_id == iid)).one()
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Fence re-staked", now=NOW
    )
    finding_repairs.close(db, finding, user=people["inspector"], now=NOW + timedelta(hours=2))
    db.commit()
    kinds = [k for k, rid, _ in chain_of(db) if rid == finding.id]
    assert kinds == ["finding", "finding", "finding"]
    assert seals.verify(db).problems == []


def test_each_decision_on_an_order_is_sealed_with_its_history(db, make, people):
    site = make.site(people["supervisor"])
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["no_permit"],
        notes="Grading with no permit",
        now=NOW,
        rb=RB,
    )
    db.commit()
    stop_work_issuing.dismiss(
        db, order, user=people["supervisor"], reason="Permit applied for today", now=NOW
    )
    db.commit()
    assert [k for k, rid, _ in chain_of(db) if rid == order.id] == ["stop_work_order"] * 2
    record = sealed_records.load(db, "stop_work_order", [order.id])[order.id]
    assert [e["status"] for e in record["events"]] == ["proposed", "dismissed"]
    assert seals.verify(db).problems == []


def test_rain_readings_are_sealed_by_hand_and_by_import(db, people):
    g = gauge(db)
    reading, _ = rain_hand_readings.record_manual(
        db,
        user=people["inspector"],
        gauge_id=g.id,
        observed_at=NOW,
        amount_in=0.6,
        device_uuid=None,
        site_id=None,
        now=NOW,
        rb=RB,
    )
    rain_imports.import_file(
        db,
        COCO_HEADER + coco_row("2026-11-01", "0.12") + coco_row("2026-11-02", "0.80"),
        "cocorahs",
        user_id=None,
        now=NOW,
        rb=RB,
    )
    db.commit()
    ids = {str(r.id) for r in db.exec(select(RainReading))}
    assert {rid for k, rid, _ in chain_of(db) if k == "rain_reading"} == ids and len(ids) == 3
    assert seals.verify(db).problems == []


def test_a_refused_or_rolled_back_write_leaves_no_seal(db, make, people):
    site = make.site(people["supervisor"])
    g = gauge(db)
    rain_hand_readings.record_manual(
        db,
        user=people["inspector"],
        gauge_id=g.id,
        observed_at=NOW,
        amount_in=0.3,
        device_uuid=None,
        site_id=None,
        now=NOW,
        rb=RB,
    )
    db.rollback()
    try:
        inspections.apply_submission(
            db,
            inspection_payload(site, inspector_name=""),
            uid(),
            SyncContext(user=people["inspector"], device_id=None, now=NOW, rb=RB),
        )
    except inspections.Invalid:
        db.rollback()
    assert chain_of(db) == []


def test_concurrent_writers_keep_one_chain(app, db, people):
    """Two writers storing readings at once: every seal follows the one before, none is lost."""
    g = gauge(db)
    user_id = people["inspector"].id
    errors = []

    def writer(offset: int):
        try:
            from inspector.models import User

            with Session(app.extensions["engine"]) as session:
                user = session.get(User, user_id)
                for n in range(8):
                    rain_hand_readings.record_manual(
                        session,
                        user=user,
                        gauge_id=g.id,
                        observed_at=NOW - timedelta(days=offset + n * 2),
                        amount_in=0.1,
                        device_uuid=uid(),
                        site_id=None,
                        now=NOW,
                        rb=RB,
                    )
                    session.commit()
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db.expire_all()
    assert [s.seq for s in db.exec(select(Seal).order_by(Seal.seq))] == list(range(1, 17))
    assert seals.verify(db).problems == []


def test_seal_existing_seals_only_what_was_stored_before_sealing_began(db, make, people):
    site = make.site(people["supervisor"])
    old = Inspection(
        id=uid(),
        site_id=site.id,
        kind="village",
        inspector_name="Before Sealing",
        inspected_on=NOW.date() - timedelta(days=30),
        catalog_version="1",
        received_at=NOW - timedelta(days=30),
    )
    db.add(old)
    db.commit()
    assert [p.what.split(" (")[0] for p in seals.verify(db).problems] == ["has no seal"]
    g = gauge(db)
    rain_hand_readings.record_manual(
        db,
        user=people["inspector"],
        gauge_id=g.id,
        observed_at=NOW,
        amount_in=0.2,
        device_uuid=None,
        site_id=None,
        now=NOW,
        rb=RB,
    )  # sealing has begun
    db.commit()
    sneaked = Inspection(
        id=uid(),
        site_id=site.id,
        kind="village",
        inspector_name="Put In By Hand",
        inspected_on=NOW.date(),
        catalog_version="1",
        received_at=datetime.now() + timedelta(days=1),
    )
    db.add(sneaked)
    db.commit()
    assert seals.seal_existing(db, NOW)["inspection"] == 1
    db.commit()
    assert ("inspection", old.id, "upgrade") in chain_of(db)
    assert seals.latest_seal(db, "inspection", sneaked.id) is None
    problems = seals.verify(db).problems
    assert [(p.record_id, p.what.split(" (")[0]) for p in problems] == [(sneaked.id, "has no seal")]


def test_the_order_decision_and_its_seal_share_one_transaction(db, make, people):
    site = make.site(people["supervisor"])
    order = stop_work_issuing.propose_manual(
        db,
        site,
        user=people["supervisor"],
        grounds=["no_permit"],
        notes="Grading with no permit",
        now=NOW,
        rb=RB,
    )
    db.rollback()
    assert db.exec(select(StopWorkOrder)).all() == [] and chain_of(db) == []
    assert order.id


def test_a_verifiers_note_is_sealed_with_the_finding(db, make, people):
    """The note staff write when closing or reopening a finding is kept with its history, not in what
    the inspector found; it is sealed with the finding (format 2), so changing it afterwards, in the
    database's own rows, is found by verify."""
    site = make.site(people["supervisor"])
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    iid = push(db, site, people["inspector"], kind="village", fail=("PERIMETER",))
    finding = db.exec(select(Finding).where(Finding.inspection_id == iid)).one()
    finding_repairs.mark_corrected(
        db, finding, user=people["permittee"], note="Fence re-staked", now=NOW
    )
    finding_repairs.close(
        db,
        finding,
        user=people["inspector"],
        now=NOW + timedelta(hours=2),
        note="Fence upright and trenched on the whole east line",
    )
    db.commit()
    sealed = seals.latest_seal(db, "finding", finding.id)
    assert sealed.format == sealed_records.STAFF_NOTES_FORMAT
    record = sealed_records.load(db, "finding", [finding.id])[finding.id]
    assert [n["note"] for n in record["staff_notes"]] == [
        "Fence upright and trenched on the whole east line"
    ]
    assert seals.verify(db).problems == []

    event = db.exec(
        select(AuditEvent).where(
            AuditEvent.entity == "finding",
            AuditEvent.entity_id == finding.id,
            AuditEvent.action == "closed",
        )
    ).one()
    event.after = {**event.after, "note": "Fence fine"}  # changed outside the app's services
    db.add(event)
    db.commit()
    problems = seals.verify(db).problems
    assert [(p.kind, p.record_id) for p in problems] == [("finding", finding.id)]
