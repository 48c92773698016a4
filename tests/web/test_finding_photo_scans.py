"""The scan limit on the office pages: an "after" photo with more scans than a camera writes is
refused on the form with its reason and nothing is recorded, and a report whose stored photo has
that many scans (kept before the limit existed) prints without decoding it, saying why."""

from __future__ import annotations

import html
import io

from PIL import ImageFile
from sqlmodel import select

from inspector.documents import pdf as pdf_module
from inspector.models import Finding, Photo, StoredFile
from tests.support import progressive

REPEATS = 300  # far past any camera's 6 to 18 scans


def test_an_after_photo_with_hundreds_of_scans_is_refused_on_the_form(
    client, auth, db, people, synced
):
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["permittee"].email)
    refused = client.post(
        f"/findings/{finding.id}/corrected",
        data={
            "corrected_note": "Fence re-trenched",
            "photo": (io.BytesIO(progressive.repeated_scans(REPEATS)), "after.jpg", "image/jpeg"),
        },
        content_type="multipart/form-data",
    )
    assert 400 <= refused.status_code < 500
    page = html.unescape(refused.text)
    assert "more than 100 scans" in page and "cameras and phones write about 10" in page
    db.expire_all()
    assert db.get(Finding, finding.id).status == "open"  # the correction is not half-recorded
    assert db.exec(select(Photo).where(Photo.finding_id == finding.id)).all() == []


def test_a_stored_photo_with_hundreds_of_scans_is_not_decoded_for_the_report(
    client, auth, db, people, synced, monkeypatch
):
    _site, inspection_id, _payload, photos = synced
    photo = db.get(Photo, photos[0][0])
    stored = db.get(StoredFile, photo.file_id)
    stored.data = progressive.repeated_scans(REPEATS)  # as an upload kept it before the limit
    db.add(stored)
    db.commit()
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    real_load = ImageFile.ImageFile.load

    def load(self, *args, **kwargs):
        assert (self.format, self.size) != ("JPEG", (64, 48)), "the stored photo was decoded"
        return real_load(self, *args, **kwargs)

    monkeypatch.setattr(ImageFile.ImageFile, "load", load)
    auth.login(people["inspector"].email)
    res = client.get(f"/inspections/{inspection_id}.pdf")
    assert res.status_code == 200 and res.mimetype == "application/pdf"
    assert b"The photo is not printed: its file has more than 100 scans" in res.data
    assert f"Photo 1: SHA-256 {photo.sha256}".encode() in res.data  # still named and hashed


def test_a_stored_photo_made_of_a_flood_of_segments_is_not_read_for_the_report(
    client, auth, db, people, synced, monkeypatch
):
    """A file kept before the segment limit: the report counts its segments before the image
    library reads a header, and prints the reason in its place."""
    from PIL import JpegImagePlugin

    _site, inspection_id, _payload, photos = synced
    photo = db.get(Photo, photos[0][0])
    stored = db.get(StoredFile, photo.file_id)
    plain = progressive.progressive()
    stored.data = plain[:2] + b"\xff\xf0\x00\x02" * 5000 + plain[2:]  # kept by the old strip
    db.add(stored)
    db.commit()
    monkeypatch.setattr(pdf_module, "COMPRESS", False)
    real_open = JpegImagePlugin.JpegImageFile._open

    def _open(self):
        assert self.fp.getvalue()[:6] != stored.data[:6], "the stored photo was read"
        return real_open(self)

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "_open", _open)
    auth.login(people["inspector"].email)
    res = client.get(f"/inspections/{inspection_id}.pdf")
    assert res.status_code == 200 and res.mimetype == "application/pdf"
    assert b"The photo is not printed: its file has more than 1,000 segments" in res.data
