"""A failed item answered with no note stored the checklist's words of that day as what was found.
Once a later catalog words the failure otherwise, the finding's page and PDF showed those older
words as something someone saw: "no note written" is read from the inspection's answers now, not by
matching today's catalog."""

from __future__ import annotations

import copy
from dataclasses import replace
from datetime import date

from markupsafe import escape

from tests.documents.test_records import RB, local, packet_pdf, plain_pdfs  # noqa: F401 (a fixture)
from tests.services.test_findings_withdraw import SOON, finding_of, submit
from tests.support.enforcement import record_inspection

SAID = "No note written; the checklist describes this failure as: "
OLD_WORDS = "Inlet protection missing, clogged or bypassed."


def older_catalog() -> object:
    """The rulebook as it was when INLET's failure was worded otherwise."""
    data = copy.deepcopy(RB.data)
    [inlet] = [i for i in data["checklist"]["items"] if i["code"] == "INLET"]
    inlet["failure"] = OLD_WORDS
    return replace(RB, data=data)


def test_checklist_words_since_reworded_still_say_no_note_was_written(
    app,
    client,
    auth,
    db,
    make,
    people,
    plain_pdfs,  # noqa: F811
):
    assert RB.checklist_item("INLET")["failure"] != OLD_WORDS
    site = make.site(people["supervisor"], name="Hawthorn Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [finding], _ = record_inspection(
        db,
        site,
        older_catalog(),
        at=local(2026, 12, 2, 19, 30),
        failed=("INLET",),
        evaluate=False,
    )
    assert finding.description == OLD_WORDS  # stored as recorded, sealed
    app.config["CLOCK_NOW"] = local(2026, 12, 4, 19, 30)
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").text
    assert f"<dt>Found</dt><dd>{escape(SAID + OLD_WORDS)}</dd>" in page
    text = packet_pdf(client, site, "findings/", date(2026, 12, 4))
    assert f"What was found: {SAID}{OLD_WORDS}" in text, text


def test_a_note_a_correction_wrote_is_shown_as_written(client, auth, db, make, people):
    site = make.site(people["supervisor"], has_stockpiles=True)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)

    def no_notes(answers):
        return [{**a, "note": ""} for a in answers]

    first = submit(db, site, people["inspector"], now=SOON, fail=("INLET",), answers=no_notes)
    auth.login(people["permittee"].email)
    finding = finding_of(db, first, "INLET")
    assert escape(SAID) in client.get(f"/findings/{finding.id}").text
    # The correction fails the item again, now with a note: it becomes what was found.
    submit(db, site, people["inspector"], now=SOON, fail=("INLET",), replaces=first)
    finding = finding_of(db, first, "INLET")
    page = client.get(f"/findings/{finding.id}").text
    assert f"<dt>Found</dt><dd>{finding.description}</dd>" in page
    assert finding.description == "Silt fence down at the east edge"
    assert escape(SAID) not in page
