"""Site and permit pages for each role, including the forbidden paths."""

import io
from datetime import timedelta

from sqlmodel import select

from inspector.models import AuditEvent, ControlPlanDocument, Permit, PermitEvent, Site, StoredFile
from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import clock

SITE_FORM = {
    "name": "River Bend Plat",
    "address": "5 River Rd",
    "project_kind": "subdivision_plat",
    "area_acres": "5",
    "disturbed_acres": "4",
}


def test_inspector_creates_a_site_and_sees_the_ordinance_explained(client, auth, people, db):
    auth.login(people["inspector"].email)
    response = client.post("/sites/new", data=SITE_FORM)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "§ 256-3" in page and "over five acres" in page  # the plat boundary note
    assert "perimeter controls" in page and "§ 256-7B(5)(c)[1]" in page


def test_bad_site_input_is_reported_at_the_field_and_nothing_is_written(client, auth, people, db):
    auth.login(people["inspector"].email)
    bad = {**SITE_FORM, "area_acres": "lots", "latitude": "95"}
    response = client.post("/sites/new", data=bad)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "Between -90 and 90." in text
    # What to type, not WTForms' "Not a valid float value.".
    assert "Enter a number in figures, with a point for decimals (43.07, not 43,07)." in text
    assert "Not a valid" not in text
    response = client.post(
        "/sites/new", data={**SITE_FORM, "area_acres": "4", "disturbed_acres": "6"}
    )
    assert "cannot exceed the site" in response.get_data(as_text=True)
    assert db.exec(select(Site)).all() == []


def test_permittee_sees_only_its_company_sites(client, auth, people, make):
    mine = make.site(people["supervisor"], name="Acme Site")
    theirs = make.site(people["supervisor"], name="Rival Site")
    make.permit(mine, people["permittee"].company_id, people["supervisor"])
    make.permit(theirs, people["other"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    listing = client.get("/sites/").get_data(as_text=True)
    assert "Acme Site" in listing and "Rival Site" not in listing
    assert client.get(f"/sites/{mine.id}").status_code == 200
    assert client.get(f"/sites/{theirs.id}").status_code == 404
    assert client.get("/sites/99999").status_code == 404


def test_permittee_cannot_do_staff_or_supervisor_actions(client, auth, people, make):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    assert client.get("/sites/new").status_code == 403
    assert client.post(f"/sites/{site.id}/edit", data=SITE_FORM).status_code == 403
    assert (
        client.post(f"/permits/{permit.id}/issue", data={"issued_on": "2026-01-01"}).status_code
        == 403
    )
    assert client.get("/users/").status_code == 403


def test_permittee_cannot_see_another_companys_permit(client, auth, people, make):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["other"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    assert client.get(f"/permits/{permit.id}").status_code == 404
    assert client.post(f"/permits/{permit.id}/acknowledge").status_code == 404


def test_inspector_cannot_issue(client, auth, people, make):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["inspector"].email)
    assert (
        client.post(f"/permits/{permit.id}/issue", data={"issued_on": "2026-01-01"}).status_code
        == 403
    )


def test_review_clock_starts_when_plan_and_fee_are_in_then_supervisor_issues(
    client, auth, people, make, db
):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "Review clock not started" in page and "Existing site map" in page
    today = clocks.local_date(utcnow(), default())  # the Village's day, not UTC's
    refused = client.post(f"/permits/{permit.id}/issue", data={"issued_on": today.isoformat()})
    assert refused.status_code == 400 and "must all be in" in refused.get_data(as_text=True)
    for kind in ("existing_site_map", "site_construction_plan", "final_site_conditions"):
        response = client.post(
            f"/permits/{permit.id}/documents",
            content_type="multipart/form-data",
            data={"kind": kind, "file": (io.BytesIO(b"%PDF-1.4 plan"), f"{kind}.pdf")},
        )
        assert response.status_code == 302
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "Review decision due" in page and "§ 256-8C" in page
    issued_on = today
    assert (
        client.post(
            f"/permits/{permit.id}/issue", data={"issued_on": issued_on.isoformat()}
        ).status_code
        == 302
    )
    db.expire_all()
    fresh = db.get(Permit, permit.id)
    assert fresh.status == "issued" and fresh.expires_on == issued_on + timedelta(days=180)
    statuses = [
        e.status for e in db.exec(select(PermitEvent).where(PermitEvent.permit_id == permit.id))
    ]
    assert statuses == ["applied", "issued"]


def test_wrong_type_upload_is_refused_and_nothing_stored(client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["permittee"].email)
    files_before = len(db.exec(select(StoredFile)).all())
    response = client.post(
        f"/permits/{permit.id}/documents",
        content_type="multipart/form-data",
        data={
            "kind": "existing_site_map",
            "file": (io.BytesIO(b"MZ\x90\x00 not a pdf"), "map.pdf"),
        },
    )
    assert response.status_code == 400
    assert "Only PDF, JPEG or PNG" in response.get_data(as_text=True)
    assert len(db.exec(select(StoredFile)).all()) == files_before
    assert db.exec(select(ControlPlanDocument)).all() == []


def test_deny_requires_reasons(client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    auth.login(people["supervisor"].email)
    response = client.post(f"/permits/{permit.id}/deny", data={"reasons": ""})
    assert response.status_code == 400 and "Give the reasons" in response.get_data(as_text=True)
    assert (
        client.post(f"/permits/{permit.id}/deny", data={"reasons": "No basin shown."}).status_code
        == 302
    )
    db.expire_all()
    assert db.get(Permit, permit.id).status == "denied"


def test_permittee_workflows_commencement_completion_and_modification(
    client, auth, people, make, db
):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    assert client.post(f"/permits/{permit.id}/acknowledge").status_code == 302
    started = (utcnow() - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    assert (
        client.post(
            f"/permits/{permit.id}/commencement", data={"commenced_at": started}
        ).status_code
        == 302
    )
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "Late — over 48 hours" in page
    installed = (utcnow() - timedelta(days=20)).date().isoformat()
    client.post(
        f"/permits/{permit.id}/completion",
        data={"measure": "Silt fence", "installed_on": installed},
    )
    assert "Late — over 14 days" in client.get(f"/permits/{permit.id}").get_data(as_text=True)
    client.post(
        f"/permits/{permit.id}/modifications", data={"description": "Move the basin 40 ft east"}
    )
    auth.logout()
    auth.login(people["supervisor"].email)
    req_page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert (
        "Awaiting written decision" not in req_page
    )  # the supervisor sees the decision form instead
    from inspector.models import PlanModificationRequest

    req = db.exec(select(PlanModificationRequest)).one()
    refused = client.post(
        f"/permits/{permit.id}/modifications/{req.id}", data={"decision": "granted", "text": ""}
    )
    assert refused.status_code == 400
    assert (
        client.post(
            f"/permits/{permit.id}/modifications/{req.id}",
            data={"decision": "granted", "text": "Granted as drawn."},
        ).status_code
        == 302
    )
    actions = {e.action for e in db.exec(select(AuditEvent))}
    assert {"notice:commencement", "granted", "acknowledge_conditions"} <= actions


def test_extension_limits(client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["supervisor"].email)
    assert client.post(f"/permits/{permit.id}/extend", data={"days": "181"}).status_code == 400
    assert (
        client.post(
            f"/permits/{permit.id}/extend", data={"days": "90", "conditions": "Add a second basin"}
        ).status_code
        == 302
    )
    db.expire_all()
    fresh = db.get(Permit, permit.id)
    assert fresh.status == "extended" and (fresh.expires_on - fresh.issued_on).days == 270


def test_expired_permit_reads_expired_and_the_tick_records_it(app, client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=utcnow().date() - timedelta(days=200),
    )
    auth.login(people["inspector"].email)
    assert "Expired" in client.get(f"/sites/{site.id}").get_data(as_text=True)
    db.expire_all()
    assert db.get(Permit, permit.id).status == "issued"
    app.test_cli_runner().invoke(args=["tick"])
    db.expire_all()
    assert db.get(Permit, permit.id).status == "expired"


def test_supervisor_manages_users(client, auth, people, db):
    auth.login(people["supervisor"].email)
    response = client.post(
        "/users/",
        data={
            "email": "new@acme.example",
            "name": "New",
            "role": "permittee",
            "company": "",
            "password": "long-enough-now",
        },
    )
    assert response.status_code == 400 and "belongs to a company" in response.get_data(as_text=True)
    response = client.post(
        "/users/",
        data={
            "email": "new@acme.example",
            "name": "New",
            "role": "permittee",
            "company": "Acme Earthworks",
            "password": "long-enough-now",
        },
    )
    assert response.status_code == 302


def test_templates_escape_user_text(client, auth, people, make):
    make.site(people["supervisor"], name="<script>alert(1)</script>")
    auth.login(people["inspector"].email)
    page = client.get("/sites/").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_staff_record_the_fee_not_in_the_future(client, auth, people, make, db):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    permit.fee_paid_on = None
    db.add(permit)
    db.commit()
    auth.login(people["inspector"].email)
    # the Village's day, not UTC's (after 18:00 local in winter the two differ)
    tomorrow = (clock.today() + timedelta(days=1)).isoformat()
    response = client.post(f"/permits/{permit.id}/fee", data={"fee_paid_on": tomorrow})
    assert response.status_code == 400 and "cannot be in the future" in response.get_data(
        as_text=True
    )
    db.expire_all()
    assert db.get(Permit, permit.id).fee_paid_on is None
    today = clock.today().isoformat()
    assert client.post(f"/permits/{permit.id}/fee", data={"fee_paid_on": today}).status_code == 302
    db.expire_all()
    assert db.get(Permit, permit.id).fee_paid_on.isoformat() == today
    assert "fee_paid" in {e.action for e in db.exec(select(AuditEvent))}


def test_extensions_add_up_to_180_days_in_all_and_the_page_says_how_the_clause_is_read(
    client, auth, people, make, db
):
    """§ 256-8D(1) "one or more times for up to an additional 180 days", read as 180 days in all
    (the protective reading), said on the page where the Village extends."""
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "180 days in all" in page and "Extended so far: 0 days" in page
    for days in ("120", "60"):
        assert client.post(f"/permits/{permit.id}/extend", data={"days": days}).status_code == 302
    db.expire_all()
    assert db.get(Permit, permit.id).extension_days == 180
    refused = client.post(f"/permits/{permit.id}/extend", data={"days": "30"})
    assert refused.status_code == 400
    said = refused.get_data(as_text=True)
    assert "up to 180 days in all" in said and "had 180 already, so at most 0 more" in said
    db.expire_all()
    fresh = db.get(Permit, permit.id)
    assert fresh.extension_days == 180 and (fresh.expires_on - fresh.issued_on).days == 360
