"""The audit trail names each action in words. Actions stored as two keys ("notice:commencement",
"stabilization:notified", "resolve:device") were printed as those keys, colon and all, and an
account's or a device's as the bare verb ("disable", "reset password", "revoke")."""

from __future__ import annotations

import re

import pytest

from inspector.services import audit
from tests.web.test_audit_plain import Text


@pytest.mark.parametrize(
    ("entity", "action", "words"),
    [
        ("permit", "notice:commencement", "notice of commencement given"),
        ("permit", "stabilization:notified", "final stabilization notified"),
        ("permit", "stabilization:declined", "notice of final stabilization declined"),
        ("sync_conflict", "resolve:server", "resolved: the server's copy kept"),
        ("sync_conflict", "resolve:device", "resolved: the device's copy kept"),
        ("permit", "some_key:other_key", "some key: other key"),  # one not listed yet
        ("user", "disable", "account disabled"),
        ("user", "reset_password", "new password set by a supervisor"),
        ("device", "revoke", "device revoked"),
    ],
)
def test_an_action_of_two_keys_is_named_in_words(
    client, auth, db, make, people, entity, action, words
):
    site = make.site(people["supervisor"], name="Keyed Lot")
    audit.record(
        db,
        entity=entity,
        entity_id="1",
        action=action,
        user_id=people["supervisor"].id,
        site_id=site.id,
        before=None,
        after={"note": "seen"},
    )
    db.commit()
    auth.login(people["supervisor"].email)
    parser = Text()
    parser.feed(client.get("/audit/").text)
    text = " ".join("".join(parser.text).split())
    assert words in text, text[-800:]
    assert not re.search(rf"\b{re.escape(action)}\b", text)
