"""A small world with two permittee companies, for the role x route matrix: company A (the curious
permittee) and company B, whose records A must not learn anything about. Everything is made
through the services, as the app makes it."""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass, field
from datetime import timedelta

from inspector.models import Photo, SyncConflict
from inspector.models.base import utcnow
from inspector.services import (
    accounts,
    control_plans,
    permit_applications,
    permit_notices,
    photo_uploads,
    public_records,
    rain_gauges,
    rain_hand_readings,
    sites,
    stop_work_issuing,
)
from inspector.services import devices as device_auth
from tests.support.enforcement import record_inspection

PASSWORD = "correct-horse-battery"
SITE_B_NAME = "Zeta Quarry Expansion"
COMPANY_B = "Rival Grading Co"
USER_B = "Jo Quarryman"


@dataclass
class World:
    users: dict = field(default_factory=dict)  # role name -> User
    b: dict = field(default_factory=dict)  # URL argument -> company B's record id
    secrets: list = field(default_factory=list)  # strings that name B's records: never on A's pages


def _user(session, role, email, name, company=None):
    return accounts.create_user(
        session, email=email, name=name, role=role, password=PASSWORD, company_name=company
    )


def _permit(session, site, company_id, by, rb, today):
    received = today - timedelta(days=20)
    permit = permit_applications.apply(
        session,
        site=site,
        company_id=company_id,
        applicant_name="Applicant",
        received_on=received,
        fee_paid_on=received,
        building_permit_until=None,
        user=by,
        today=today,
    )
    for d in rb["control_plan_documents"]:
        control_plans.add_document(
            session,
            permit,
            kind=d["kind"],
            filename="plan.pdf",
            data=b"%PDF-1.4 plan",
            user=by,
            rb=rb,
        )
    permit_applications.issue(session, permit, site=site, user=by, issued_on=received, rb=rb)
    return permit


def _photo(session, user, inspection_id, item_code, rb) -> Photo:
    """A photo stored as the sync stores one (photo_uploads.store_processed), linked to its item."""
    from inspector import photos as pipeline
    from tests.sync.helpers import jpeg

    data = jpeg(320, 240)
    photo = photo_uploads.store_processed(
        session,
        pipeline.process(data, "image/jpeg"),
        photo_id=str(uuid.uuid4()),
        sha256=hashlib.sha256(data).hexdigest(),
        user=user,
        rb=rb,
    )
    photo.inspection_id, photo.item_code = inspection_id, item_code
    session.flush()
    return photo


def build(session, rb) -> World:
    world = World()
    now = utcnow()
    today = now.date()
    u = world.users
    u["supervisor"] = _user(session, "supervisor", "boss@village.example", "Dana Boss")
    u["inspector"] = _user(session, "inspector", "field@village.example", "Luis Field")
    u["permittee_a"] = _user(
        session, "permittee", "sam@acme.example", "Sam Acme", "Acme Earthworks"
    )
    u["permittee_b"] = _user(session, "permittee", "jo@rival.example", USER_B, COMPANY_B)
    session.commit()
    site_a = sites.create_site(
        session,
        {
            "name": "Alder Court",
            "address": "1 Alder Ct",
            "project_kind": "land_disturbance",
            "area_acres": 12.0,
            "disturbed_acres": 6.0,
            "latitude": 43.30,
            "longitude": -88.40,
        },
        user=u["supervisor"],
    )
    site_b = sites.create_site(
        session,
        {
            "name": SITE_B_NAME,
            "address": "9 Quarry Rd",
            "project_kind": "land_disturbance",
            "area_acres": 14.0,
            "disturbed_acres": 7.0,
            "latitude": 43.11,
            "longitude": -88.11,
        },
        user=u["supervisor"],
    )
    _permit(session, site_a, u["permittee_a"].company_id, u["supervisor"], rb, today)
    permit_b = _permit(session, site_b, u["permittee_b"].company_id, u["supervisor"], rb, today)
    permit_notices.notify_commencement(
        session,
        permit_b,
        user=u["permittee_b"],
        commenced_at=now - timedelta(days=3),
        now=now - timedelta(days=3),
    )
    request = control_plans.request_modification(
        session,
        permit_b,
        user=u["permittee_b"],
        description="Move the stockpile to the north corner",
    )
    session.commit()
    # Each site its own nearby gauge: B's gauge is B's site's alone.
    gauge = rain_gauges.create_gauge(
        session,
        name="Quarry rain gauge",
        kind="onsite",
        station_code="ZQ-1",
        latitude=43.11,
        longitude=-88.11,
        user_id=u["inspector"].id,
        rb=rb,
    )
    gauge_a = rain_gauges.create_gauge(
        session,
        name="Alder rain gauge",
        kind="onsite",
        station_code="AC-1",
        latitude=43.30,
        longitude=-88.40,
        user_id=u["inspector"].id,
        rb=rb,
    )
    rain_gauges.choose_gauge(session, site_a, gauge_a.id, user=u["inspector"])
    session.commit()
    # The same critical item failed twice: a finding and a proposed order (internal to the Village).
    record_inspection(
        session,
        site_b,
        rb,
        at=now - timedelta(hours=30),
        failed=("PERIMETER",),
        user=u["inspector"],
    )
    inspection, findings_made, proposed = record_inspection(
        session, site_b, rb, at=now - timedelta(hours=2), failed=("PERIMETER",), user=u["inspector"]
    )
    photo = _photo(session, u["inspector"], inspection.id, "PERIMETER", rb)
    order = stop_work_issuing.post_in_field(
        session,
        order_id=str(uuid.uuid4()),
        site=site_b,
        user=u["inspector"],
        grounds=["plan_not_implemented"],
        posted_at=now - timedelta(hours=1),
        notes="Posted at the gate",
        photo_ids=[photo.id],
        now=now,
        rb=rb,
    )
    reading, _ = rain_hand_readings.record_manual(
        session,
        user=u["permittee_b"],
        gauge_id=gauge.id,
        observed_at=now - timedelta(hours=5),
        amount_in=0.3,
        device_uuid=str(uuid.uuid4()),
        site_id=site_b.id,
        now=now,
        rb=rb,
    )
    device, _token = device_auth.enroll(session, u["permittee_b"], "Rival crew tablet")
    conflict = SyncConflict(
        mutation_id=str(uuid.uuid4()),
        entity="site",
        entity_id=str(site_b.id),
        site_id=site_b.id,
        user_id=u["permittee_b"].id,
        theirs={"notes": "x"},
        server_copy={"name": SITE_B_NAME},
        fields=["notes"],
    )
    session.add(conflict)
    # B's site publishes its records (NR 216.48(4)(c)): its page opens for anyone with the address.
    published = public_records.turn_on(session, site_b, user=u["permittee_b"], now=now)
    session.commit()
    doc = control_plans.documents(session, permit_b)[0]
    finding = findings_made[0]
    world.b = {
        "site_id": site_b.id,
        "permit_id": permit_b.id,
        "doc_id": doc.id,
        "req_id": request.id,
        "inspection_id": inspection.id,
        "finding_id": finding.id,
        "photo_id": photo.id,
        "order_id": order.id,
        "proposed_order_id": proposed[0].id if proposed else None,
        "gauge_id": gauge.id,
        "device_id": device.id,
        "conflict_id": conflict.id,
        "user_id": u["permittee_b"].id,
        "reading_id": reading.device_uuid,
        "site_a": site_a.id,
        "token": published.token,
    }
    world.secrets = [
        SITE_B_NAME,
        COMPANY_B,
        "9 Quarry Rd",
        inspection.id,
        finding.id,
        photo.id,
        order.id,
        "Move the stockpile",
        "Rival crew tablet",
        "jo@rival.example",
        USER_B,
        "Quarry rain gauge",
        published.token,
    ]
    if proposed:
        world.secrets.append(proposed[0].id)
    return world
