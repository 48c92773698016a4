"""What a permittee types is shown on the audit trail as typed, even when it looks like a time: the
page read any text of the form 2026-12-01T10:00 as a stored moment and turned it to the Village's
time, so a request for written permission that read '2026-13-45T10:00' (no such day) or
'0001-01-01T00:00' (before the calendar's first day in Fairwater's zone) made the supervisor's
audit trail answer 500 until a hundred newer events pushed it off the first page."""

from __future__ import annotations

import pytest

from tests.web.test_audit_plain import Text


@pytest.mark.parametrize("typed", ["2026-13-45T10:00", "0001-01-01T00:00"])
def test_text_that_looks_like_an_impossible_time_is_shown_as_typed(
    client, auth, make, people, typed
):
    site = make.site(people["supervisor"], name="Typed Lot")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    sent = client.post(f"/permits/{permit.id}/modifications", data={"description": typed})
    assert sent.status_code == 302
    auth.logout()
    auth.login(people["supervisor"].email)
    page = client.get("/audit/")
    assert page.status_code == 200
    parser = Text()
    parser.feed(page.text)
    assert typed in " ".join("".join(parser.text).split())
