"""Once the Village has decided on a permit, its control plan is modified only with the Village's
written permission (§ 256-8D(3)(c)): the permittee adds no document after the decision, and staff
add the revised plan only under a granted request. Nothing is stored on a refusal."""

import pytest
from sqlmodel import select

from inspector.models import ControlPlanDocument, StoredFile
from inspector.rules.rulebook import default
from inspector.services import ServiceError, control_plans, permit_applications

RB = default()


def _upload(db, permit, user, kind="site_construction_plan"):
    return control_plans.add_document(
        db, permit, kind=kind, filename="plan-v2.pdf", data=b"%PDF-1.4 v2", user=user, rb=RB
    )


def _stored(db):
    return len(db.exec(select(ControlPlanDocument)).all()), len(db.exec(select(StoredFile)).all())


def test_the_decided_plan_changes_only_under_written_permission(db, make, people):
    supervisor, inspector, acme = people["supervisor"], people["inspector"], people["permittee"]
    site = make.site(supervisor)
    permit = make.permit(site, acme.company_id, supervisor, issued=True)
    before = _stored(db)
    with pytest.raises(ServiceError, match="written permission") as refused:
        _upload(db, permit, acme)
    db.rollback()
    assert (
        "§ 256-8D(3)(c)" in refused.value.message
        and "Nothing was uploaded" in refused.value.message
    )
    with pytest.raises(ServiceError, match="No written permission"):
        _upload(db, permit, inspector)  # no request granted: the decided plan stands
    db.rollback()
    assert _stored(db) == before
    req = control_plans.request_modification(
        db, permit, user=acme, description="Move the basin east"
    )
    db.commit()
    with pytest.raises(ServiceError, match="No written permission"):
        _upload(db, permit, inspector)  # asked, not yet granted
    db.rollback()
    control_plans.decide_modification(db, req, user=supervisor, decision="granted", text="Granted.")
    db.commit()
    with pytest.raises(ServiceError, match="written permission"):
        _upload(db, permit, acme)  # the Village adds the revised plan it permitted
    db.rollback()
    assert _stored(db) == before
    doc = _upload(db, permit, inspector)
    db.commit()
    assert doc.uploaded_by == inspector.id and _stored(db) == (before[0] + 1, before[1] + 1)


def test_plan_documents_until_the_decision_and_none_after_a_denial(db, make, people):
    supervisor, acme = people["supervisor"], people["permittee"]
    site = make.site(supervisor)
    permit = make.permit(site, acme.company_id, supervisor)
    _upload(db, permit, acme, "existing_site_map")
    permit_applications.start_review(db, permit, user=supervisor)
    _upload(db, permit, acme, "site_construction_plan")
    _upload(db, permit, supervisor, "final_site_conditions")
    db.commit()
    permit_applications.deny(db, permit, user=supervisor, reasons="No basin shown.", rb=RB)
    db.commit()
    for user in (acme, supervisor):
        with pytest.raises(ServiceError, match="denied"):
            _upload(db, permit, user)
        db.rollback()
    assert len(control_plans.documents(db, permit)) == 3
