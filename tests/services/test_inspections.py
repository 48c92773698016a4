"""apply_submission: the service behind inspection pushes, and its place in the enforcement chain (docs/layers.md)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from inspector.models import Answer, Finding, Inspection, StopWorkOrder
from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import inspections
from sync.handlers import SyncContext
from tests.sync.helpers import inspection_payload, uid


def ctx_for(user):
    return SyncContext(user=user, device_id="dev-1", now=utcnow(), rb=default())


def test_apply_submission_stores_and_is_idempotent(db, make, people):
    site = make.site(people["supervisor"], has_stockpiles=True)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    payload = inspection_payload(site, fail=("STOCKPILE",))
    iid = uid()
    inspection, status = inspections.apply_submission(
        db, payload, iid, ctx_for(people["permittee"])
    )
    db.commit()
    assert status == "applied" and inspection.device_id == "dev-1" and not inspection.by_village
    assert len(db.exec(select(Answer).where(Answer.inspection_id == iid)).all()) == len(
        payload["answers"]
    )
    assert [f.item_code for f in db.exec(select(Finding).where(Finding.inspection_id == iid))] == [
        "STOCKPILE"
    ]
    again, status = inspections.apply_submission(db, payload, iid, ctx_for(people["permittee"]))
    assert status == "duplicate" and again.id == iid


def test_disturbance_without_a_permit_in_force_proposes_a_stop_work_order(client, db, make, people):
    """§ 256-10A(1): an inspection recording active disturbance on a site whose permit is only applied for
    leads to a proposed order (a supervisor decides; nothing is issued automatically)."""
    site = make.site(people["supervisor"], name="Unpermitted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=False)
    payload = inspection_payload(site, kind="village", active_disturbance=True)
    inspections.apply_submission(db, payload, uid(), ctx_for(people["inspector"]))
    db.commit()
    orders = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    assert len(orders) == 1 and orders[0].status == "proposed"
    assert "no_permit" in {g["ground"] for g in orders[0].grounds}


def test_rejections_write_nothing(db, make, people):
    site = make.site(people["supervisor"])
    payload = inspection_payload(site, inspector_name="")
    with pytest.raises(inspections.Invalid) as refused:
        inspections.apply_submission(db, payload, uid(), ctx_for(people["inspector"]))
    assert "inspector_name" in refused.value.errors
    db.rollback()
    assert db.exec(select(Inspection)).all() == []
