"""Someone who forgot their password asks the office: a supervisor sets a new one on the users page.
The person signs in with it at once (even after the failed tries that locked the address), the old
password and every session and device from before stop working, the audit trail says who did it,
and a weak password is refused at its field with nothing changed. Only a supervisor may, and not
for their own account (that is Password, with the current one)."""

from __future__ import annotations

import re

from sqlmodel import select

from inspector.models import AuditEvent
from tests.web.test_device_tokens_end import enrolled, refused_everywhere, signed_in

from ..conftest import PASSWORD

NEW = "gravel kettle orchard"


def test_a_supervisor_sets_a_new_password_for_someone_who_forgot_theirs(app, db, people):
    inspector, boss = people["inspector"], people["supervisor"]
    tablet = signed_in(app, inspector)
    device = enrolled(tablet)
    forgetful = app.test_client()
    for _ in range(6):  # the inspector tries what they remember until the address is locked
        forgetful.post("/login", data={"email": inspector.email, "password": "not it at all"})

    office = signed_in(app, boss)
    sent = office.post(f"/users/{inspector.id}/password", data={"password": NEW})
    assert sent.status_code == 302
    page = office.get("/users/").text
    assert f"New password set for {inspector.name}." in page
    assert "The device they enrolled no longer syncs" in page

    assert tablet.get("/sites/").status_code == 302  # the session from before has ended
    refused_everywhere(app, device)
    old = app.test_client().post("/login", data={"email": inspector.email, "password": PASSWORD})
    assert old.status_code != 302
    signed = forgetful.post("/login", data={"email": inspector.email, "password": NEW})
    assert signed.status_code == 302

    event = db.exec(select(AuditEvent).where(AuditEvent.action == "reset_password")).one()
    assert event.user_id == boss.id and event.entity_id == str(inspector.id)
    assert NEW not in str(event.after)


def test_a_weak_new_password_is_refused_at_its_field_and_nothing_changes(app, people):
    inspector = people["inspector"]
    office = signed_in(app, people["supervisor"])
    sent = office.post(f"/users/{inspector.id}/password", data={"password": "password1234"})
    assert sent.status_code == 302
    page = office.get("/users/").text
    field = re.search(
        rf'<input type="password" id="pw-{inspector.id}"[^>]*>\s*<p class="error"[^>]*>([^<]+)',
        page,
    )
    assert field is not None and "commonly used" in field.group(1)
    assert 'aria-invalid="true"' in field.group(0)
    assert signed_in(app, inspector)  # the old password still works


def test_only_a_supervisor_resets_and_not_their_own(app, people):
    boss = people["supervisor"]
    for role in ("inspector", "permittee"):
        other = signed_in(app, people[role])
        answer = other.post(f"/users/{boss.id}/password", data={"password": NEW})
        assert answer.status_code == 403
    office = signed_in(app, boss)
    assert f"/users/{boss.id}/password" not in office.get("/users/").text
    office.post(f"/users/{boss.id}/password", data={"password": NEW})
    assert "Change your own password under Password" in office.get("/users/").text
    assert signed_in(app, boss)  # unchanged: PASSWORD still signs in
