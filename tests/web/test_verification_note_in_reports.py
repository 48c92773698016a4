"""A verifier's note (closing or reopening a finding) is its own record of the finding's history; the
inspection report (page and PDF) and the regulator packet's finding PDF show it where they show the
finding's correction, with when (the Village's clock) and by whom."""

from __future__ import annotations

import io
import zipfile

from sqlmodel import select

from inspector.models import Finding
from inspector.rules import clocks
from inspector.services import finding_notes
from tests.documents.test_records import pdf_text, plain_pdfs  # noqa: F401 (a fixture)
from tests.web.test_packet import _range


def verified_then_reopened(client, auth, db, people, synced) -> tuple[Finding, list[dict]]:
    _site, inspection_id, _payload, _photos = synced
    finding = db.exec(select(Finding).where(Finding.inspection_id == inspection_id)).one()
    auth.login(people["inspector"].email)
    close = client.post(f"/findings/{finding.id}/close", data={"note": "Fence re-trenched"})
    assert close.status_code == 303
    reopen = client.post(f"/findings/{finding.id}/reopen", data={"note": "Fence down again"})
    assert reopen.status_code == 303
    db.expire_all()
    finding = db.get(Finding, finding.id)
    return finding, finding_notes.staff_notes(db, finding)


def test_the_inspection_report_shows_the_verifiers_notes(
    app,
    client,
    auth,
    db,
    people,
    synced,
    plain_pdfs,  # noqa: F811
):
    finding, notes = verified_then_reopened(client, auth, db, people, synced)
    rb = app.extensions["rulebook"]
    name = people["inspector"].name
    page = client.get(f"/inspections/{finding.inspection_id}").text
    assert "Verification note on" in page and "Fence re-trenched" in page
    assert "Why it was reopened on" in page and "Fence down again" in page
    assert page.index("Fence re-trenched") < page.index("Fence down again")

    text = pdf_text(client.get(f"/inspections/{finding.inspection_id}.pdf").data)
    for note, words in zip(notes, ("Verification note", "Why it was reopened"), strict=True):
        assert words in text, text
        when = clocks.to_local(note["at"], rb).strftime("%Y-%m-%d %H:%M %Z")
        assert f"{when}, {name}" in text
    assert "Fence re-trenched" in text and "Fence down again" in text
    assert " UTC" not in text


def test_the_packets_finding_pdf_shows_the_verifiers_notes(
    app,
    client,
    auth,
    db,
    people,
    synced,
    plain_pdfs,  # noqa: F811
):
    finding, _notes = verified_then_reopened(client, auth, db, people, synced)
    response = client.get(f"/sites/{finding.site_id}/packet.zip", query_string=_range(app))
    assert response.status_code == 200
    with zipfile.ZipFile(io.BytesIO(response.data)) as z:
        [name] = [n for n in z.namelist() if n.startswith("findings/")]
        text = pdf_text(z.read(name))
        [report] = [n for n in z.namelist() if n.startswith("inspections/")]
        in_report = pdf_text(z.read(report))
    assert "Verification note (" in text and "Fence re-trenched" in text
    assert "Why it was reopened (" in text and "Fence down again" in text
    assert text.index("Fence re-trenched") < text.index("Fence down again")
    assert "Fence re-trenched" in in_report and "Fence down again" in in_report
