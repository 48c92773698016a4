"""Realistic demo data: several sites of different kinds and sizes, permits at different stages,
past inspections with passes and failures. Dates are relative to today so the clocks look alive."""

from __future__ import annotations

import hashlib
import io
import math
import uuid
from datetime import datetime, timedelta
from types import SimpleNamespace

from PIL import Image, ImageDraw
from sqlmodel import Session, select

from . import demo_rain
from .models import PermitEvent
from .models.base import utcnow
from .rules import clocks
from .rules.rulebook import Rulebook
from .services import (
    accounts,
    control_plans,
    inspections,
    permit_applications,
    permit_notices,
    public_records,
    sites,
)

PASSWORD = "fairwater-demo"
# (email, name, role, company)
ACCOUNTS = [
    ("supervisor@fairwater.example", "Dana Kowalski", "supervisor", None),
    ("inspector@fairwater.example", "Luis Ortega", "inspector", None),
    ("permittee@prairie-builders.example", "Sam Lindqvist", "permittee", "Prairie Builders LLC"),
    ("permittee@badger-utility.example", "Jo Nakamura", "permittee", "Badger Utility Contractors"),
]

SITES = [
    # name, address, kind, area, length, disturbed, channel, stockpiles, dewatering, lat, lon, company, stage
    (
        "Meadow Ridge Subdivision, Phase 2",
        "N4120 County Road KW",
        "subdivision_plat",
        38.0,
        None,
        12.5,
        True,
        True,
        True,
        43.8391,
        -88.8581,
        "Prairie Builders LLC",
        "commenced",
    ),
    (
        "Fairwater Cooperative Grain Annex",
        "210 Mill Street",
        "building_lot",
        7.2,
        None,
        6.0,
        False,
        True,
        False,
        43.8352,
        -88.8667,
        "Prairie Builders LLC",
        "issued",
    ),
    (
        "Main Street Water Main Replacement",
        "Main Street, Oak to Pine",
        "underground_pipe",
        None,
        1450.0,
        1.1,
        False,
        True,
        True,
        43.8337,
        -88.8640,
        "Badger Utility Contractors",
        "commenced",
    ),
    (
        "Lake Avenue Reconstruction",
        "Lake Avenue, 3rd to 7th",
        "street_work",
        None,
        820.0,
        2.0,
        False,
        False,
        False,
        43.8318,
        -88.8702,
        "Badger Utility Contractors",
        "under_review",
    ),
    (
        "Willow Creek Commercial Lot",
        "W Highway 44",
        "building_lot",
        5.0,
        None,
        4.0,
        False,
        False,
        False,
        43.8410,
        -88.8755,
        "Prairie Builders LLC",
        "applied",
    ),
    (
        "Church Street Parking Lot",
        "115 Church Street",
        "land_disturbance",
        2.3,
        None,
        2.3,
        False,
        False,
        False,
        43.8360,
        -88.8620,
        None,
        None,
    ),
]

# A 1×1 PNG and a tiny PDF: stand-ins for the control plan documents.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"
)
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def _docs(session, permit, user, rb, on: datetime):
    for d in rb["control_plan_documents"]:
        doc = control_plans.add_document(
            session, permit, kind=d["kind"], filename=f"{d['kind']}.pdf", data=PDF, user=user, rb=rb
        )
        doc.uploaded_at = on
        session.add(doc)


def _signature(name: str) -> dict:
    """A hand-drawn-looking signature for the demo: a wavy stroke per word of the name and an
    underline, whole-number points [x, y, ms] in a 600 x 200 box as a tablet records them."""
    strokes, x = [], 30
    for word in name.split():
        phase = sum(map(ord, word)) % 7
        points = []
        for i in range(len(word) * 6):
            y = 95 + round(30 * math.sin(i * 0.9 + phase)) - (i % 6) * 4
            points.append([min(590, x + i * 5), max(5, min(195, y)), i * 16])
        strokes.append(points)
        x = min(560, x + len(word) * 30 + 25)
    strokes.append([[25, 160, 0], [x // 2, 150, 180], [x, 158, 360]])
    return {"width": 600, "height": 200, "strokes": strokes}


# The demo's qualifications: days from seeding until they expire (the permittee's has lapsed, so a
# newcomer sees the warning on the tablet and on that person's reports).
CERTIFICATIONS = {
    "inspector": ("WisDOT Erosion Control Certification", "ECC-20931", 240),
    "supervisor": ("WisDOT Erosion Control Certification", "ECC-18412", 400),
    "Prairie Builders LLC": (
        "Certified Erosion, Sediment and Storm Water Inspector",
        "CE-7781",
        -20,
    ),
}


def _inspection(
    session,
    site,
    rb,
    user,
    when: datetime,
    kind: str,
    failures: dict[str, str],
    name: str,
    photos=(),
) -> None:
    """Stored the way a tablet's push is: the record's hash is the canonical hash of what the device sends,
    and the ingest service stores it, raises its findings and seals it, received 45 minutes after the visit
    (so `flask --app app verify` passes on a fresh demo database). The audit trail it writes is also the
    sync feed devices pull the demo's inspections and findings from."""
    answers = [
        {
            "item_code": item["code"],
            "result": "fail" if item["code"] in failures else "pass",
            "note": failures.get(item["code"], ""),
            "corrective_action": item["corrective_action"] if item["code"] in failures else "",
            "measurements": {},
            "calculator": None,
            "photo_ids": [],
        }
        for item in sites.ordinance_view(site, rb)["checklist"]
    ]
    declared = []
    for n, (data, item_code, marks) in enumerate(photos):
        photo_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{site.id}-{when.isoformat()}-photo-{n}"))
        declared.append(
            {
                "id": photo_id,
                "item_code": item_code,
                "sha256": hashlib.sha256(data).hexdigest(),
                "taken_at": clocks.wire_time(when + timedelta(minutes=10 + n)),
                "latitude": site.latitude,
                "longitude": site.longitude,
                **({"marks": marks} if marks else {}),
            }
        )
        for answer in answers:
            if answer["item_code"] == item_code:
                answer["photo_ids"].append(photo_id)
    payload = {
        "site_id": site.id,
        "kind": kind,
        "inspector_name": name,
        "inspected_on": clocks.local_date(when).isoformat(),
        "started_at": clocks.wire_time(when),
        "ended_at": clocks.wire_time(when + timedelta(minutes=40)),
        "weather": "Overcast, 48 °F",
        "phase": "Rough grading",
        "notes": "",
        "active_disturbance": True,
        "rain_event_id": None,
        "finding_id": None,
        "catalog_version": rb["checklist.version"],
        "replaces_id": None,
        "answers": answers,
        "photos": declared,
        # Signed on the tablet at the end of the visit, as every inspection is.
        "signature": _signature(user.name),
        "signature_statement_version": rb["certification.current"],
        "signed_by_name": user.name,
        "signed_at": clocks.wire_time(when + timedelta(minutes=40)),
    }
    payload["sha256"] = inspections.canonical_hash(payload)
    # evaluate_sites: collected and left alone, as the demo never evaluated sites while seeding.
    ctx = SimpleNamespace(
        user=user, device_id=None, now=when + timedelta(minutes=45), rb=rb, evaluate_sites=set()
    )
    inspection_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{site.id}-{when.isoformat()}-{kind}"))
    inspections.apply_submission(session, payload, inspection_id, ctx)
    # The bytes arrive after the record, as a tablet sends them.
    from .services.photo_uploads import receive

    for (data, _item, _marks), meta in zip(photos, declared, strict=True):
        receive(
            session,
            meta["id"],
            data,
            sha256=meta["sha256"],
            content_type="image/jpeg",
            user=user,
            device_id=None,
            rb=rb,
        )


# The site whose public records page is on (NR 216.48(4)(c)): its latest weekly inspection has
# photos, one of them marked up, and the DNR was told the page's address.
PUBLISHED_SITE = "Meadow Ridge Subdivision, Phase 2"


def _scene(mud: bool) -> bytes:
    """A photo-like picture of the site: sky, graded soil, a silt fence and the street."""
    width, height = 1024, 768
    image = Image.new("RGB", (width, height), (150, 185, 215))
    pen = ImageDraw.Draw(image)
    pen.rectangle((0, 250, width, 560), fill=(128, 98, 66))  # graded soil
    for x in range(0, width, 37):  # furrows
        pen.line((x, 250, x - 120, 560), fill=(112, 84, 55), width=3)
    pen.rectangle((0, 430, width, 470), fill=(40, 40, 36))  # the silt fence's fabric
    for x in range(20, width, 110):
        pen.rectangle((x, 400, x + 8, 480), fill=(95, 70, 40))  # its stakes
    pen.rectangle((0, 560, width, height), fill=(120, 120, 118))  # the street
    if mud:
        for i in range(9):
            x = 380 + i * 45
            pen.ellipse((x, 580 + (i % 3) * 40, x + 90, 620 + (i % 3) * 40), fill=(105, 78, 50))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return out.getvalue()


def _demo_photos(failures: dict[str, str]) -> list[tuple[bytes, str | None, list | None]]:
    """The site as a whole, and the failed tracking item with its marks: where the mud is."""
    marks = [
        {"kind": "arrow", "from": [0.25, 0.62], "to": [0.43, 0.8]},
        {"kind": "circle", "center": [0.62, 0.83], "r": 0.16},
        {"kind": "label", "at": [0.05, 0.57], "text": "Mud tracked onto the street"},
    ]
    item = "TRACK-STREET" if "TRACK-STREET" in failures else None
    return [(_scene(mud=False), None, None), (_scene(mud=True), item, marks)]


def _publish(session, site, permittee, rb, now: datetime) -> None:
    """The permittee published the site's records 12 days ago and told the DNR two days later."""
    turned_on = now - timedelta(days=12)
    public_records.turn_on(session, site, user=permittee, now=turned_on)
    public_records.record_dnr_told(
        session,
        site,
        clocks.local_date(turned_on, rb) + timedelta(days=2),
        user=permittee,
        now=turned_on + timedelta(days=2),
        rb=rb,
    )


def _backdate(session, permit, when: datetime) -> None:
    """Demo only: the status events just written happened at `when`, not at seeding time."""
    for event in session.exec(
        select(PermitEvent).where(PermitEvent.permit_id == permit.id, PermitEvent.at > when)
    ):
        event.at = when
        session.add(event)
    permit.decided_at = when if permit.decided_at else None
    permit.conditions_acknowledged_at = when if permit.conditions_acknowledged_at else None


def seed(session: Session, rb: Rulebook) -> None:
    now = utcnow()
    users = {}
    for email, name, role, company in ACCOUNTS:
        users[role if role != "permittee" else company] = accounts.create_user(
            session, email=email, name=name, role=role, password=PASSWORD, company_name=company
        )
    supervisor, inspector = users["supervisor"], users["inspector"]
    for key, (kind, number, days) in CERTIFICATIONS.items():
        user = users[key]
        user.certification_type, user.certification_number = kind, number
        user.certification_expires_on = clocks.local_date(now, rb) + timedelta(days=days)
        session.add(user)
    for (
        name,
        address,
        kind,
        area,
        length,
        disturbed,
        channel,
        piles,
        dewater,
        lat,
        lon,
        company,
        stage,
    ) in SITES:
        site = sites.create_site(
            session,
            {
                "name": name,
                "address": address,
                "project_kind": kind,
                "area_acres": area,
                "length_ft": length,
                "disturbed_acres": disturbed,
                "channel_originates": channel,
                "has_stockpiles": piles,
                "has_dewatering": dewater,
                "latitude": lat,
                "longitude": lon,
                "legal_description": f"Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater ({name})",
            },
            user=supervisor,
        )
        if company is None:
            continue
        permittee = users[company]
        back = {"applied": 2, "under_review": 9, "issued": 40, "commenced": 75}[stage]
        received = clocks.local_date(now - timedelta(days=back))
        permit = permit_applications.apply(
            session,
            site=site,
            company_id=permittee.company_id,
            applicant_name=permittee.name,
            received_on=received,
            fee_paid_on=received if stage != "applied" else None,
            building_permit_until=None,
            user=supervisor,
            today=clocks.local_date(now),
        )
        _backdate(
            session, permit, datetime.combine(received, datetime.min.time()) + timedelta(hours=15)
        )
        if stage == "applied":
            continue
        _docs(session, permit, permittee, rb, datetime.combine(received, datetime.min.time()))
        if stage == "under_review":
            permit_applications.start_review(session, permit, user=inspector)
            _backdate(
                session,
                permit,
                datetime.combine(received, datetime.min.time()) + timedelta(days=1, hours=15),
            )
            continue
        permit_applications.issue(
            session,
            permit,
            site=site,
            user=supervisor,
            issued_on=received + timedelta(days=6),
            rb=rb,
        )
        permit_notices.acknowledge_conditions(session, permit, user=permittee)
        _backdate(
            session,
            permit,
            datetime.combine(received + timedelta(days=6), datetime.min.time())
            + timedelta(hours=16),
        )
        if stage != "commenced":
            continue
        started = datetime.combine(received + timedelta(days=10), datetime.min.time()) + timedelta(
            hours=13
        )
        permit_notices.notify_commencement(
            session, permit, user=permittee, commenced_at=started, now=started + timedelta(hours=20)
        )
        permit_notices.notify_completion(
            session,
            permit,
            user=permittee,
            measure="Silt fence, east and south sides",
            installed_on=clocks.local_date(started + timedelta(days=2)),
            now=started + timedelta(days=5),
        )
        # The permittee's weekly inspections from the start, and now and then the Village's own visit
        # the day after a clean week (it does not do the permittee's inspection: § 256-8D(3)(g)).
        when = started + timedelta(days=3)
        week = 0
        last_weekly = math.ceil((now - timedelta(days=2) - when) / timedelta(days=7)) - 1
        while when < now - timedelta(days=2):
            failures = {}
            if week == 3:
                failures = {
                    "INLET": "Filter fabric torn at the Oak Street inlet; sediment at half depth."
                }
            if when > now - timedelta(days=9):
                failures = {
                    "TRACK-STREET": "Mud tracked 60 ft onto the street at the haul entrance.",
                    "PERIMETER"
                    if site.disturbed_acres and site.disturbed_acres < 10
                    else "BASIN": "Sediment at half the height of the control; needs cleaning.",
                }
            _inspection(
                session,
                site,
                rb,
                permittee,
                when,
                "weekly",
                failures,
                permittee.name,
                photos=_demo_photos(failures)
                if name == PUBLISHED_SITE and week == last_weekly
                else (),
            )
            if week % 4 == 2 and not failures:
                _inspection(
                    session,
                    site,
                    rb,
                    inspector,
                    when + timedelta(days=1, hours=2),
                    "village",
                    {},
                    inspector.name,
                )
            when += timedelta(days=7)
            week += 1
        if name == PUBLISHED_SITE:
            _publish(session, site, permittee, rb, now)
    # gauges near the sites and six weeks of rain; Badger Utility's permittee reads its on-site gauge
    demo_rain.seed_rain(
        session, rb, now, onsite_reader=users["Badger Utility Contractors"], staff=supervisor
    )
    session.flush()
