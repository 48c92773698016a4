"""Chapter 256 asks no certification of the person who inspects for a permittee (§ 256-8D(3)(g)
says only that the permittee inspects). A permittee with none on file was told on its account
and its reports that one was missing ("No certification on file", "Inspector's certification:
None on file"); it is now told the rulebook's note instead, and its reports say nothing of it.
The capture page's warning: tests/browser/test_permittee_certification.py."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Inspection, User

BADGER = "permittee@badger-utility.example"  # no certification on file in the demo


def test_a_permittee_without_certification_is_not_told_it_is_missing(app, client, auth):
    from inspector import demo
    from inspector.db import get_session

    with app.app_context():
        session = get_session()
        demo.seed(session, app.extensions["rulebook"])
        session.commit()
        badger = session.exec(select(User).where(User.email == BADGER)).one()
        assert badger.certification_type is None
        report_id = session.exec(
            select(Inspection.id).where(Inspection.user_id == badger.id)
        ).first()
    auth.login(BADGER, demo.PASSWORD)
    account = client.get("/account").text
    assert "No certification on file" not in account
    assert "asks no certification of whoever inspects for the permittee" in account
    report = client.get(f"/inspections/{report_id}").text
    assert "Signed by" in report or "signature" in report.lower()
    assert "None on file" not in report and "Inspector's certification" not in report
