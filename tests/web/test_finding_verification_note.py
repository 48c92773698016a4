"""Verifying or reopening a finding keeps what the inspector recorded on site: the staff's note is kept
as its own line of the finding's history (its audit event) and shown under its own heading, and the
finding's "Found" text stays word for word as recorded. Before, the note was appended to the
description ("… Verified: …"), rewriting the record of what was found."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Finding


def test_the_verification_note_is_its_own_record(client, auth, db, people, synced):
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    found = finding.description
    auth.login(people["inspector"].email)
    closed = client.post(
        f"/findings/{finding.id}/close", data={"note": "Fence re-trenched, checked on site"}
    )
    assert closed.status_code == 303
    db.expire_all()
    assert db.get(Finding, finding.id).description == found

    page = client.get(f"/findings/{finding.id}").get_data(as_text=True)
    assert f"<dt>Found</dt><dd>{found}</dd>" in page
    assert "Verification note" in page and "Fence re-trenched, checked on site" in page

    reopened = client.post(f"/findings/{finding.id}/reopen", data={"note": "Fence down again"})
    assert reopened.status_code == 303
    db.expire_all()
    assert db.get(Finding, finding.id).description == found
    page = client.get(f"/findings/{finding.id}").get_data(as_text=True)
    assert f"<dt>Found</dt><dd>{found}</dd>" in page
    # Both notes stay, each as said, in the order made.
    assert page.index("Fence re-trenched, checked on site") < page.index("Fence down again")

    # The permittee who must correct it again reads why it was reopened.
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").get_data(as_text=True)
    assert "Fence down again" in page and f"<dt>Found</dt><dd>{found}</dd>" in page

    # The tablet gets the reason apart from what was found, and shows it under its own words.
    from sync.handlers.finding import record

    db.expire_all()
    sent = record(db, db.get(Finding, finding.id))
    assert sent.description == found and sent.reopened_reason == "Fence down again"
