"""A refused correction keeps what the permittee wrote: the page says why (a photo that is not an
image) and shows the note again in its box, so only the photo is chosen again; before, the box came
back empty and the note was lost. Nothing of the refused correction is stored."""

from __future__ import annotations

import io

from sqlmodel import select

from inspector.models import Finding, Photo

NOTE = "Re-trenched 140 ft of silt fence on the east edge & re-staked it every 6 ft <today>"


def test_a_refused_correction_shows_the_note_again(client, auth, db, people, synced):
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["permittee"].email)
    refused = client.post(
        f"/findings/{finding.id}/corrected",
        data={"corrected_note": NOTE, "photo": (io.BytesIO(b"not a picture"), "after.jpg")},
        content_type="multipart/form-data",
    )
    assert refused.status_code in (400, 415, 422)
    page = refused.get_data(as_text=True)
    assert "Not a JPEG, PNG, WebP or HEIC image." in page
    escaped = NOTE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert f'name="corrected_note" rows="3" required>{escaped}</textarea>' in page
    db.expire_all()
    assert db.get(Finding, finding.id).status == "open"
    assert db.exec(select(Photo).where(Photo.finding_id == finding.id)).all() == []


def test_a_note_goes_back_only_into_the_form_it_came_from(client, auth, db, people, synced):
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["inspector"].email)
    # Reopening an open finding is refused; its reason comes back in the reopen box only.
    refused = client.post(f"/findings/{finding.id}/reopen", data={"note": "Fence down again"})
    assert refused.status_code >= 400
    page = refused.get_data(as_text=True)
    assert 'name="note" rows="2"></textarea>' in page  # the close box stays empty


def test_a_correction_sent_without_its_note_is_refused_at_the_note(
    client, auth, db, people, synced
):
    """Without the page's script (or past it), the server says the missing note at the note, in the
    words the form's data-missing gives the script, and records nothing."""
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["permittee"].email)
    refused = client.post(
        f"/findings/{finding.id}/corrected",
        data={"corrected_note": "  ", "photo": (io.BytesIO(b""), "")},
        content_type="multipart/form-data",
    )
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    words = "Say what was done to correct it."
    assert f'<textarea id="corrected_note" data-missing="{words}" aria-invalid="true"' in page
    assert f'<p class="error" id="corrected_note-err">{words}</p>' in page
    db.expire_all()
    assert db.get(Finding, finding.id).status == "open"
