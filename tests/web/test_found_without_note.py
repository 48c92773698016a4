"""A failed item answered with no note makes a finding whose stored "what was found" is the checklist's
generic description of a failure. Shown as it is, a legal record reads it as something someone saw: the
finding's page and PDF say no note was written and that the words are the checklist's."""

from __future__ import annotations

from datetime import date

from markupsafe import escape
from sqlmodel import select

from inspector.models import Answer
from tests.documents.test_records import RB, local, packet_pdf, plain_pdfs  # noqa: F401 (a fixture)
from tests.support.enforcement import record_inspection

SAID = "No note written; the checklist describes this failure as: "


def test_a_failure_with_no_note_says_the_words_are_the_checklists(
    app,
    client,
    auth,
    db,
    make,
    people,
    plain_pdfs,  # noqa: F811
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [finding], _ = record_inspection(
        db, site, RB, at=local(2026, 12, 2, 19, 30), failed=("INLET",), evaluate=False
    )
    failure = RB.checklist_item("INLET")["failure"]
    assert finding.description == failure  # stored as recorded, sealed: left as it is
    app.config["CLOCK_NOW"] = local(2026, 12, 4, 19, 30)
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").text
    assert f"<dt>Found</dt><dd>{escape(SAID + failure)}</dd>" in page
    text = packet_pdf(client, site, "findings/", date(2026, 12, 4))
    assert f"What was found: {SAID}" in text, text


def test_a_note_written_is_shown_as_written(app, client, auth, db, make, people):
    site = make.site(people["supervisor"], name="Oak Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [finding], _ = record_inspection(
        db, site, RB, at=local(2026, 12, 2, 19, 30), failed=("INLET",), evaluate=False
    )
    # The note is written on the answer; the finding stores it as what was found.
    answer = db.exec(
        select(Answer).where(
            Answer.inspection_id == finding.inspection_id, Answer.item_code == "INLET"
        )
    ).one()
    answer.note = finding.description = "Sock torn at the north inlet"
    db.add_all([answer, finding])
    db.commit()
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").text
    assert "<dt>Found</dt><dd>Sock torn at the north inlet</dd>" in page
    assert SAID not in page
