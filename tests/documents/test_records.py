"""The regulator packet's record PDFs say what the record's page says: the permit's status on the
Village's day the packet is made, and with a finding's due time how the rulebook read a deadline
the ordinance does not set."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date, datetime

import pytest
from markupsafe import escape

from inspector.documents import pdf as pdf_module
from inspector.rules import clocks
from inspector.rules.rulebook import default
from inspector.services import permit_duration
from tests.support.enforcement import record_inspection

RB = default()


def local(*parts) -> datetime:
    return clocks.from_local(datetime(*parts), RB)


def pdf_text(data: bytes) -> str:
    """The text a reader sees, line after line (written uncompressed for the test: COMPRESS off)."""
    shown = re.findall(rb"\((.*?)(?<!\\)\) Tj", data)
    text = " ".join(s.decode("latin-1") for s in shown)
    return text.replace("\\(", "(").replace("\\)", ")").replace("\\\\", "\\")


def packet_pdf(client, site, prefix: str, today: date) -> str:
    response = client.get(
        f"/sites/{site.id}/packet.zip",
        query_string={"start": "2026-11-20", "end": today.isoformat()},
    )
    assert response.status_code == 200, response.text[:500]
    with response, zipfile.ZipFile(io.BytesIO(response.data)) as z:
        [name] = [n for n in z.namelist() if n.startswith(prefix)]
        return pdf_text(z.read(name))


@pytest.fixture
def plain_pdfs(monkeypatch):
    monkeypatch.setattr(pdf_module, "COMPRESS", False)


@pytest.mark.parametrize(
    ("made_at", "status", "on_page"),
    [
        ((2026, 12, 3, 23, 59), "Issued", "Issued until 2026-12-03"),  # its last valid day
        ((2026, 12, 4, 0, 1), "Expired", "Expired"),
        ((2026, 12, 4, 19, 30), "Expired", "Expired"),  # 01:30 UTC on the 5th
    ],
)
def test_the_permit_pdf_states_the_status_the_permit_page_shows_that_day(
    app, client, auth, make, people, plain_pdfs, made_at, status, on_page
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 6, 6),
    )
    # 180 days from issue; the nightly tick has not recorded the expiry.
    assert (permit.expires_on, permit.status) == (date(2026, 12, 3), "issued")
    app.config["CLOCK_NOW"] = local(*made_at)
    auth.login(people["supervisor"].email)
    assert on_page in client.get(f"/permits/{permit.id}").text
    text = packet_pdf(client, site, "permit/", date(*made_at[:3]))
    assert f"Status {status} " in text
    assert "Valid until 2026-12-03" in text


@pytest.mark.parametrize(
    ("code", "notes", "not_said"),
    [
        ("INLET", ["clocks.repair.silent_note"], "clocks.street_sediment.silent_note"),
        (
            "TRACK-STREET",
            ["clocks.street_sediment.silent_note", "clocks.street_sediment.workday_note"],
            "clocks.repair.silent_note",
        ),
    ],
)
def test_the_finding_pdf_says_how_its_due_time_was_read_as_its_page_does(
    app, client, auth, db, make, people, plain_pdfs, code, notes, not_said
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    _, [finding], _ = record_inspection(
        db, site, RB, at=local(2026, 12, 2, 19, 30), failed=(code,), evaluate=False
    )
    app.config["CLOCK_NOW"] = local(2026, 12, 4, 19, 30)
    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").text
    text = packet_pdf(client, site, "findings/", date(2026, 12, 4))
    due = text.index(f"Due {clocks.to_local(finding.due_at, RB):%Y-%m-%d %H:%M %Z}")
    for key in notes:
        assert str(escape(RB[key])) in page
        assert text.index(RB[key]) > due
    assert str(escape(RB[not_said])) not in page and RB[not_said] not in text


def test_an_extended_permits_pdf_says_its_last_day_comes_from_the_extension(
    app, client, auth, db, make, people, plain_pdfs
):
    site = make.site(people["supervisor"], name="Elm Street Plat")
    permit = make.permit(
        site,
        people["permittee"].company_id,
        people["supervisor"],
        issued=True,
        received_on=date(2026, 11, 2),
    )
    first_last_day = permit.expires_on
    permit_duration.extend(
        db,
        permit,
        user=people["supervisor"],
        days=90,
        conditions="",
        rb=RB,
        today=date(2026, 12, 4),
    )
    db.commit()
    app.config["CLOCK_NOW"] = local(2026, 12, 4, 12, 0)
    auth.login(people["supervisor"].email)
    text = packet_pdf(client, site, "permit/", date(2026, 12, 4))
    assert (
        f"Valid until {permit.expires_on.isoformat()}: first until {first_last_day.isoformat()} "
        f"(§ 256-8D(1): {RB['clocks.permit_validity.words']}), then extended by 90 days "
        f"(§ 256-8D(1): the Village {RB['clocks.extension.words']})." in text
    )
