"""Every citation, number and deadline on the office pages comes from the rulebook: the app run with a
changed copy (another municipality's, or an amended ordinance) shows the changed figures, none of ours."""

from datetime import timedelta
from pathlib import Path

import pytest

from inspector import create_app
from inspector.models.base import utcnow
from inspector.rules.rulebook import DEFAULT_PATH
from inspector.services import ServiceError, control_plans, permit_notices, sites
from inspector.services import devices as device_auth
from tests.support.enforcement import record_inspection
from tests.sync.helpers import signature_field

CHANGES = [  # (line in fairwater.toml, its replacement)
    ("hours = 48\n", "hours = 36\n"),  # § 256-8D(3)(a)
    ("[clocks.completion_notice]\ndays = 14\n", "[clocks.completion_notice]\ndays = 21\n"),
    ("[clocks.permit_validity]\ndays = 180\n", "[clocks.permit_validity]\ndays = 200\n"),
    ("work_days = 10\n", "work_days = 12\n"),  # § 256-8C
    ("compliance_days = 10 ", "compliance_days = 9 "),
    ("[clocks.stop_work_compliance]\ndays = 10\n", "[clocks.stop_work_compliance]\ndays = 9\n"),
    ('control_plan = "§ 256-8B"', 'control_plan = "§ 99-8B"'),
    ('[stop_work]\ncitation = "§ 256-10A"', '[stop_work]\ncitation = "§ 99-10A"'),
    ('permit_conditions = "§ 256-8D(3)"', 'permit_conditions = "§ 99-8D(3)"'),
    ('surety = "§ 256-8D(2)"', 'surety = "§ 99-8D(2)"'),
    ('[regime]\ncitation = "§ 256-7B(5)(c)"', '[regime]\ncitation = "§ 99-7B(5)(c)"'),
    ('revocation_citation = "§ 256-10B"', 'revocation_citation = "§ 99-10B"'),
    ('cease_desist_citation = "§ 256-10C"', 'cease_desist_citation = "§ 99-10C"'),
    ('retraction_citation = "§ 256-10D"', 'retraction_citation = "§ 99-10D"'),
    ("[clocks.extension]\nmax_days = 180\n", "[clocks.extension]\nmax_days = 200\n"),
    ('plan_modification = "§ 256-8D(3)(c)"', 'plan_modification = "§ 99-8D(3)(c)"'),
    ('[excluded_uses]\ncitation = "§ 256-4"', '[excluded_uses]\ncitation = "§ 99-4"'),
    ('ground = "no_permit"\ncitation = "§ 256-8A"', 'ground = "no_permit"\ncitation = "§ 99-8A"'),
    ('work_days = 12\ncitation = "§ 256-8C"', 'work_days = 12\ncitation = "§ 99-8C"'),
]


@pytest.fixture
def app(database_url, tmp_path):
    text = Path(DEFAULT_PATH).read_text(encoding="utf-8")
    for old, new in CHANGES:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "amended.toml"
    path.write_text(text, encoding="utf-8")
    app = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "test",
            "DATABASE_URL": database_url,
            "RULEBOOK_PATH": str(path),
        }
    )
    yield app
    app.extensions["engine"].dispose()


def test_office_pages_show_the_changed_rulebook(app, client, auth, db, make, people):
    rb = app.extensions["rulebook"]
    assert rb["clocks.commencement_notice.hours"] == 36
    site = make.site(people["supervisor"], name="Amended Acres")
    permit = make.permit(
        site, people["permittee"].company_id, people["supervisor"], issued=True, rb=rb
    )
    auth.login(people["permittee"].email)
    permit_page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    # (the condition texts quote the ordinance's words, which an amended rulebook rewrites itself)
    assert "Due within 36 hours of the start" in permit_page and "Due within 48" not in permit_page
    assert "§ 99-8D(3)" in permit_page and "§ 256-8D(3)<" not in permit_page
    auth.logout()
    auth.login(people["supervisor"].email)
    staff_page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "§ 99-8B" in staff_page and "§ 99-8D(2)" in staff_page and "§ 256-8B" not in staff_page
    apply_page = client.get(f"/sites/{site.id}/permits/apply").get_data(as_text=True)
    assert "12-work-day review clock" in apply_page and "longer than 200 days" in apply_page
    assert "180 days" not in apply_page and "10-work-day" not in apply_page
    form = client.get(f"/sites/{site.id}/edit").get_data(as_text=True)
    assert "§ 99-7B(5)(c)" in form
    # A stop-work order issued under the amended rulebook: its grounds heading, clock and notice.
    now = utcnow()
    permit_notices.notify_commencement(
        db,
        permit,
        user=people["permittee"],
        commenced_at=now - timedelta(days=2),
        now=now - timedelta(days=2),
    )
    db.commit()
    record_inspection(db, site, rb, at=now - timedelta(hours=3), failed=("PERIMETER",))
    _, _, [order] = record_inspection(
        db, site, rb, at=now - timedelta(hours=1), failed=("PERIMETER",)
    )
    auth.logout()
    auth.login(people["supervisor"].email)
    page = client.get(f"/orders/{order.id}").get_data(as_text=True)
    assert "Grounds (§ 99-10A)" in page and "starts the 9-day compliance clock" in page
    assert (
        client.post(
            f"/orders/{order.id}/issue",
            data={
                "grounds": ["plan_not_implemented"],
                "confirm": "yes",
                "signature": signature_field(),
            },
        ).status_code
        == 303
    )
    notice = client.get(f"/orders/{order.id}/notice").get_data(as_text=True)
    # Not yet posted: its days run from the posting on the site (§ 256-10A).
    assert (
        "under § 99-10A of the" in notice
        and "Compliance due within 9 days from its posting on the site" in notice
    )


def test_messages_and_limits_follow_the_changed_rulebook(app, client, auth, db, make, people):
    """Refusals and confirmations cite the rulebook's sections, and the longest extension is its
    number: in the form's input, its check and its message."""
    rb = app.extensions["rulebook"]
    site = make.site(people["supervisor"], name="Amended Flats")
    pending = make.permit(site, people["permittee"].company_id, people["supervisor"], rb=rb)
    auth.login(people["supervisor"].email)
    page = client.post(f"/permits/{pending.id}/deny", data={"reasons": " "})
    assert "Give the reasons (§ 99-8C)." in page.get_data(as_text=True)
    auth.logout()
    auth.login(people["permittee"].email)
    page = client.post(
        f"/permits/{pending.id}/commencement", data={"commenced_at": "2026-11-30T08:00"}
    ).get_data(as_text=True)
    assert "only under an issued permit (§ 99-8A)" in page and "§ 256-8A" not in page
    auth.logout()

    issued = make.permit(
        make.site(people["supervisor"], name="Amended Heights"),
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        rb=rb,
    )
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{issued.id}").get_data(as_text=True)
    assert 'max="200"' in page and 'max="180"' not in page
    too_long = client.post(f"/permits/{issued.id}/extend", data={"days": 201})
    assert "An extension may be up to 200 days (§ 256-8D(1))." in too_long.get_data(as_text=True)
    assert client.post(f"/permits/{issued.id}/extend", data={"days": 190}).status_code in (302, 303)
    db.expire_all()
    assert issued.extension_days == 190

    req = control_plans.request_modification(
        db, issued, user=people["permittee"], description="Move the stockpile north"
    )
    with pytest.raises(ServiceError, match=r"in writing \(§ 99-8D\(3\)\(c\)\)"):
        control_plans.decide_modification(
            db, req, user=people["supervisor"], decision="granted", text=" ", rb=rb
        )
    with pytest.raises(ServiceError, match=r"\(§ 99-4\)"):
        sites.clean_site_data({"excluded_use": "quarrying"}, rb)
    db.rollback()

    # A stop-work order: no ground ticked, then issued and retracted.
    now = utcnow()
    permit_notices.notify_commencement(
        db,
        issued,
        user=people["permittee"],
        commenced_at=now - timedelta(days=2),
        now=now - timedelta(days=2),
    )
    db.commit()
    record_inspection(
        db,
        issued_site := db.get(type(site), issued.site_id),
        rb,
        at=now - timedelta(hours=3),
        failed=("PERIMETER",),
    )
    _, _, [order] = record_inspection(
        db, issued_site, rb, at=now - timedelta(hours=1), failed=("PERIMETER",)
    )
    none_ticked = client.post(f"/orders/{order.id}/issue", data={"confirm": "yes", "grounds": []})
    assert "at least one ground of § 99-10A" in none_ticked.get_data(as_text=True)
    client.post(
        f"/orders/{order.id}/issue",
        data={
            "grounds": ["plan_not_implemented"],
            "confirm": "yes",
            "signature": signature_field(),
        },
    )
    retracted = client.post(
        f"/orders/{order.id}/retract",
        data={"body": "village", "reason": "Fence repaired the same day"},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "Retraction recorded (§ 99-10D)." in retracted and "§ 256-10D" not in retracted

    # The field app's own stop-work order, pushed without a ground.
    _, token = device_auth.enroll(db, people["inspector"], "Amended tablet")
    db.commit()
    body = {
        "mutations": [
            {
                "mutation_id": "5b0e4a36-8f57-4a8e-9d0a-0c1d2e3f4a5b",
                "entity": "stop_work_order",
                "entity_id": "6c1f5b47-9a68-4b9f-8e1b-1d2e3f4a5b6c",
                "op": "upsert",
                "base_version": None,
                "payload": {"site_id": issued.site_id, "grounds": [], "notes": "x"},
            }
        ]
    }
    auth.logout()
    res = client.post(
        "/api/v1/sync/push", json=body, headers={"Authorization": f"Bearer {token}"}
    ).get_json()
    assert "ground of § 99-10A" in res["results"][0]["errors"]["grounds"]
