"""The finding page of a withdrawn finding says so, why, and links to the correcting inspection; the
correcting inspection's report shows a finding it carried over."""

from __future__ import annotations

import pytest

from inspector.models.base import utcnow
from inspector.rules.rulebook import default
from inspector.services import findings_raised, inspections
from sync.handlers import SyncContext
from tests.sync.helpers import inspection_payload, uid


@pytest.fixture
def corrected(db, make, people):
    """INLET and PERIMETER failed at first; the correction passes INLET and still fails PERIMETER."""
    site = make.site(people["supervisor"], name="Harbor Plat", has_stockpiles=True)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    ctx = SyncContext(user=people["inspector"], device_id="dev-1", now=utcnow(), rb=default())
    first, second = uid(), uid()
    inspections.apply_submission(
        db, inspection_payload(site, kind="village", fail=("INLET", "PERIMETER")), first, ctx
    )
    inspections.apply_submission(
        db,
        inspection_payload(site, kind="village", fail=("PERIMETER",), replaces_id=first),
        second,
        ctx,
    )
    db.commit()
    return first, second


def login(auth, user):
    auth.logout()
    auth.login(user.email)


def test_withdrawn_finding_page_gives_the_reason_and_the_correcting_inspection(
    client, auth, people, corrected
):
    first, second = corrected
    fid = findings_raised.finding_id_for(first, "INLET")
    login(auth, people["other"])
    assert client.get(f"/findings/{fid}").status_code == 404
    login(auth, people["permittee"])
    page = client.get(f"/findings/{fid}").text
    assert "Withdrawn — recorded in error" in page
    assert "was corrected on" in page and "the item now reads pass." in page
    assert second[:8] not in page.replace(f'href="/inspections/{second}"', "")
    assert f'href="/inspections/{second}"' in page and "inspector-village" in page
    assert "Report the correction" not in page
    login(auth, people["inspector"])
    page = client.get(f"/findings/{fid}").text
    assert "Verified: close finding" not in page and ">Reopen<" not in page
    assert client.post(f"/findings/{fid}/close", data={"note": "?"}).status_code == 400
    assert "Withdrawn — recorded in error" in client.get(f"/findings/{fid}").text
    listed = client.get("/findings/?status=withdrawn").text
    assert f"/findings/{fid}" in listed and "PERIMETER" not in listed
    assert (
        f"/findings/{fid}" not in client.get("/findings/").text
    )  # the default list: unresolved ones


def test_the_correcting_inspection_shows_the_finding_it_carried_over(
    client, auth, people, corrected
):
    first, second = corrected
    login(auth, people["inspector"])
    page = client.get(f"/inspections/{second}").text
    assert f'href="/findings/{findings_raised.finding_id_for(first, "PERIMETER")}">Open</a>' in page
    assert f"/findings/{findings_raised.finding_id_for(first, 'INLET')}" not in page
