"""Issue #11 §6 on the pages: the § 256-7B(1) dewatering exemption and the § 256-3 extraterritorial
option are recorded otherwise only by a supervisor, with who and when, and change what the site is
held to; a no-permit order quotes the inspector's entry (§ 256-9B, under § 66.0119, Wis. Stats.) and
the applicant's authorization of entry (§ 256-8A) on its page, its notice and the notice's PDF."""

from __future__ import annotations

import re

from sqlmodel import select

from inspector.models import AuditEvent, StopWorkOrder
from inspector.rules.rulebook import default
from tests.sync.helpers import inspection_payload, mutation, signature_field, uid

RB = default()
W = "stop_work.grounds.no_permit."


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def checklist_of(page: str) -> str:
    return page.split("Checklist items for this site")[1].split("</section>")[0]


def record(client, site, reading, value, reason):
    return client.post(
        f"/sites/{site.id}/readings",
        data={"reading": reading, "value": value, "reason": reason},
        follow_redirects=True,
    )


def test_dewatering_water_without_coarse_particles_is_recorded_with_who_and_when(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Sump Yard", has_dewatering=True)
    login(auth, people["inspector"])
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert RB["dewatering_exemption.default_note"] in page
    assert "Dewatering" in checklist_of(page)
    assert record(client, site, "dewatering_fines_only", "yes", "Lab").status_code == 403
    login(auth, people["supervisor"])
    page = record(
        client, site, "dewatering_fines_only", "yes", "Particle analysis 2026-11-20: none > 100 µm"
    ).get_data(as_text=True)
    assert f"Recorded by {people['supervisor'].name} on" in page
    assert re.search(r"Recorded by [^<]+ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} C[SD]T", page)
    assert RB["dewatering_exemption.words"] in page
    assert "Dewatering" not in checklist_of(page).split("Discharge")[0]
    event = db.exec(
        select(AuditEvent).where(AuditEvent.action == "record_dewatering_fines_only")
    ).one()
    assert event.user_id == people["supervisor"].id and "Particle analysis" in event.after["reason"]


def test_the_extraterritorial_option_is_recorded_otherwise_with_who_and_when(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"], name="Town Line", extraterritorial=True)
    login(auth, people["supervisor"])
    page = client.get(f"/sites/{site.id}").get_data(as_text=True)
    assert RB["applicability.extraterritorial_silent_note"] in page
    page = record(
        client, site, "extraterritorial_exercised", "no", "Board resolution 2026-14"
    ).get_data(as_text=True)
    assert f"Recorded by {people['supervisor'].name} on" in page
    assert "The Village exercises its extraterritorial option here: no" in page


def _pdf_text(data: bytes) -> str:
    """The PDF's text, written uncompressed for the test (COMPRESS off)."""
    return data.decode("latin-1").replace("\\(", "(").replace("\\)", ")")  # escaped brackets


def test_a_no_permit_order_quotes_the_entry_authority_on_page_notice_and_pdf(
    client, auth, db, make, people, monkeypatch
):
    from inspector.documents import pdf as pdf_module
    from inspector.services import devices as device_auth

    # read the text without inflating streams (a regex over deflated bytes could cut one short)
    monkeypatch.setattr(pdf_module, "COMPRESS", False)

    site = make.site(people["supervisor"], name="Unpermitted Lot")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=False)
    _, token = device_auth.enroll(db, people["inspector"], "Truck tablet")
    db.commit()
    payload = inspection_payload(site, kind="village", active_disturbance=True)
    res = client.post(
        "/api/v1/sync/push",
        json={"mutations": [mutation("inspection", uid(), payload)]},
        headers={"Authorization": f"Bearer {token}"},
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
    [order] = db.exec(select(StopWorkOrder).where(StopWorkOrder.site_id == site.id)).all()
    assert "no_permit" in {g["ground"] for g in order.grounds}
    login(auth, people["supervisor"])
    page = client.get(f"/orders/{order.id}").get_data(as_text=True)
    for key in ("entry_citation", "application_entry_citation"):
        assert RB[W + key] in page
    assert "§ 66.0119, Wis. Stats." in page and RB[W + "application_entry_words"] in page
    issued = client.post(
        f"/orders/{order.id}/issue",
        data={"grounds": ["no_permit"], "confirm": "yes", "signature": signature_field()},
    )
    assert issued.status_code == 303
    notice = client.get(f"/orders/{order.id}/notice").get_data(as_text=True)
    assert f"Entry ({RB[W + 'entry_citation']}):" in notice and "§ 66.0119" in notice
    assert f"Where an application was made ({RB[W + 'application_entry_citation']})" in notice
    pdf = _pdf_text(client.get(f"/orders/{order.id}/notice.pdf").data)
    assert f"Entry ({RB[W + 'entry_citation']})" in pdf and "§ 66.0119, Wis. Stats." in pdf
    assert f"Where an application was made ({RB[W + 'application_entry_citation']})" in pdf
