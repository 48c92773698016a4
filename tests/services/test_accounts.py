"""accounts.end_sessions ends a person's device tokens with their sessions: every device they
enrolled that is not revoked yet is revoked in the caller's transaction, each in the audit trail."""

from datetime import timedelta

from sqlmodel import select

from inspector.models import AuditEvent, Device
from inspector.models.base import utcnow
from inspector.services import accounts, devices
from inspector.services.devices import by_token


def revoke_events(db):
    return db.exec(
        select(AuditEvent).where(AuditEvent.entity == "device", AuditEvent.action == "revoke")
    ).all()


def test_ending_sessions_revokes_only_the_persons_live_devices(db, people):
    me, other = people["inspector"], people["permittee"]
    _, live = devices.enroll(db, me, "Truck 3 tablet")
    lost, lost_token = devices.enroll(db, me, "Lost tablet")
    _, theirs = devices.enroll(db, other, "Acme tablet")
    devices.revoke(db, lost.id, by=people["supervisor"])
    lost.revoked_at = earlier = utcnow() - timedelta(days=3)
    db.commit()

    revoked = accounts.end_sessions(db, me, by=me, reason="signed out")
    db.commit()

    assert [d.name for d in revoked] == ["Truck 3 tablet"]
    assert by_token(db, live) is None and by_token(db, lost_token) is None
    assert by_token(db, theirs) is not None
    # The device revoked before keeps who revoked it and when; it is not revoked twice.
    assert lost.revoked_at == earlier and lost.revoked_by == people["supervisor"].id
    events = revoke_events(db)
    assert [(e.entity_id, e.user_id, e.after["reason"]) for e in events if e.user_id == me.id] == [
        (revoked[0].id, me.id, "signed out")
    ]
    assert len(events) == 2


def test_enabling_an_account_revokes_a_token_its_disabling_left_alive(db, people):
    """An account disabled before disabling revoked devices: enabling it must not revive them."""
    user = people["inspector"]
    _, token = devices.enroll(db, user, "Lost tablet")
    user.active = False
    db.commit()

    accounts.set_active(db, user.id, True, by=people["supervisor"])
    db.commit()

    assert by_token(db, token) is None
    (device,) = db.exec(select(Device).where(Device.user_id == user.id)).all()
    assert device.revoked_by == people["supervisor"].id
    (event,) = revoke_events(db)
    assert event.after["reason"] == "account enabled again"
