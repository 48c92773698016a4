"""Permit services: when the review clock starts, issuing, extensions, expiry, transactions."""

from datetime import date, datetime, timedelta

import pytest
from sqlmodel import select

from inspector.models import ControlPlanDocument, Permit, PermitEvent
from inspector.rules.rulebook import default
from inspector.services import (
    ServiceError,
    control_plans,
    permit_applications,
    permit_duration,
    permit_notices,
    permits,
)

RB = default()


def upload(db, permit, user, kind, on: datetime | None = None):
    doc = control_plans.add_document(
        db, permit, kind=kind, filename=f"{kind}.pdf", data=b"%PDF-1.4 x", user=user, rb=RB
    )
    if on:
        doc.uploaded_at = on
    db.commit()
    return doc


def test_review_clock_starts_on_the_last_of_application_plan_and_fee(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 3, 1)
    )
    assert control_plans.complete_on(permit, site, [], RB) is None
    upload(db, permit, people["permittee"], "existing_site_map", datetime(2026, 3, 2, 10))
    upload(db, permit, people["permittee"], "site_construction_plan", datetime(2026, 3, 2, 11))
    docs = control_plans.documents(db, permit)
    assert (
        control_plans.complete_on(permit, site, docs, RB) is None
    )  # the plan of final conditions is missing
    upload(db, permit, people["permittee"], "final_site_conditions", datetime(2026, 3, 4, 9))
    docs = control_plans.documents(db, permit)
    assert control_plans.complete_on(permit, site, docs, RB) == date(2026, 3, 4)
    permit.fee_paid_on = date(2026, 3, 8)
    assert control_plans.complete_on(permit, site, docs, RB) == date(2026, 3, 8)


def test_street_work_needs_one_plan_document(db, make, people):
    site = make.site(
        people["supervisor"], project_kind="street_work", area_acres=None, length_ft=300
    )
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 3, 1)
    )
    assert control_plans.complete_on(permit, site, [], RB) is None
    upload(db, permit, people["permittee"], "site_construction_plan", datetime(2026, 3, 3, 9))
    assert control_plans.complete_on(permit, site, control_plans.documents(db, permit), RB) == date(
        2026, 3, 3
    )


def test_document_type_is_decided_by_the_bytes(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    with pytest.raises(ServiceError, match="Only PDF, JPEG or PNG"):
        control_plans.add_document(
            db,
            permit,
            kind="existing_site_map",
            filename="map.pdf",
            data=b"<html>not a pdf</html>",
            user=people["permittee"],
            rb=RB,
        )
    png = control_plans.add_document(
        db,
        permit,
        kind="existing_site_map",
        filename="map.pdf",
        data=b"\x89PNG\r\n\x1a\n....",
        user=people["permittee"],
        rb=RB,
    )
    assert png.content_type == "image/png"


def test_document_over_the_size_limit_is_refused(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    big = b"%PDF-" + b"0" * RB["uploads.control_plan_max_bytes"]
    with pytest.raises(ServiceError, match="larger than"):
        control_plans.add_document(
            db,
            permit,
            kind="existing_site_map",
            filename="big.pdf",
            data=big,
            user=people["permittee"],
            rb=RB,
        )


def test_issue_then_building_permit_longer_than_180_days(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 1, 4)
    )
    permit.building_permit_until = date(2026, 12, 31)
    for kind in ("existing_site_map", "site_construction_plan", "final_site_conditions"):
        upload(db, permit, people["permittee"], kind)
    permit_applications.issue(
        db, permit, site=site, user=people["supervisor"], issued_on=date(2026, 1, 10), rb=RB
    )
    assert permit.expires_on == date(2026, 12, 31)
    with pytest.raises(ServiceError, match="already decided"):
        permit_applications.deny(db, permit, user=people["supervisor"], reasons="late")


def test_expiry_and_extension_of_an_expired_permit(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 1, 4),
    )
    assert permit.expires_on == date(2026, 1, 4) + timedelta(days=180)
    permits.refresh_status(db, permit, permit.expires_on)  # the last valid day
    assert permit.status == "issued"
    permits.refresh_status(db, permit, permit.expires_on + timedelta(days=1))
    assert permit.status == "expired"
    assert not permits.is_active(permit, permit.expires_on + timedelta(days=1))
    permit_duration.extend(db, permit, user=people["supervisor"], days=30, conditions="", rb=RB)
    assert permit.status == "extended" and permit.expires_on == date(2026, 1, 4) + timedelta(
        days=210
    )
    assert permits.is_active(permit, permit.expires_on)


def test_a_refused_action_writes_nothing(db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    events_before = len(db.exec(select(PermitEvent)).all())
    with pytest.raises(ServiceError):
        permit_applications.issue(
            db, permit, site=site, user=people["supervisor"], issued_on=date.today(), rb=RB
        )
    db.rollback()
    assert len(db.exec(select(PermitEvent)).all()) == events_before
    assert db.get(Permit, permit.id).status == "applied"
    assert db.exec(select(ControlPlanDocument)).all() == []


def test_commencement_only_under_an_issued_permit_and_not_in_the_future(db, make, people):
    site = make.site(people["supervisor"])
    pending = make.permit(site, people["permittee"].company_id, people["supervisor"])
    now = datetime(2026, 5, 1, 12)
    with pytest.raises(ServiceError, match="issued permit"):
        permit_notices.notify_commencement(
            db, pending, user=people["permittee"], commenced_at=now, now=now
        )
    other_site = make.site(people["supervisor"], name="Issued Acres")
    issued = make.permit(
        other_site, people["permittee"].company_id, people["supervisor"], issued=True
    )
    with pytest.raises(ServiceError, match="future"):
        permit_notices.notify_commencement(
            db, issued, user=people["permittee"], commenced_at=now + timedelta(hours=1), now=now
        )


def test_a_permit_is_not_issued_on_a_day_before_its_application_was_received(db, make, people):
    """§ 256-8A: approval comes before the work, and § 256-8C after the application: an issue date
    before the application was received would cover earlier work without a permit (§ 256-10A(1))."""
    site = make.site(people["supervisor"])
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], received_on=date(2026, 3, 2)
    )
    for kind in ("existing_site_map", "site_construction_plan", "final_site_conditions"):
        upload(db, permit, people["permittee"], kind)
    with pytest.raises(ServiceError, match="received on Mon 2026-03-02") as refused:
        permit_applications.issue(
            db, permit, site=site, user=people["supervisor"], issued_on=date(2026, 3, 1), rb=RB
        )
    assert refused.value.field == "issued_on"
    db.rollback()
    db.expire_all()
    fresh = db.get(Permit, permit.id)
    assert fresh.status == "applied" and fresh.issued_on is None and fresh.number is None
    permit_applications.issue(
        db, permit, site=site, user=people["supervisor"], issued_on=date(2026, 3, 2), rb=RB
    )
    assert permit.status == "issued" and permit.expires_on == date(2026, 8, 29)
