"""A request for written permission to modify the control plan (§ 256-8D(3)(c)) and the Village's
written decision took any length (a pasted document of megabytes was stored and shown on every permit
page). Past 4,000 characters each is refused at its field with the limit and the length, the words kept
in the form, nothing written."""

from __future__ import annotations

from sqlmodel import func, select

from inspector.models import PlanModificationRequest
from inspector.services import control_plans


def test_a_request_and_a_decision_over_the_limit_are_refused_with_the_words_kept(
    client, auth, db, make, people
):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    long = "Move the sediment basin twenty feet east of the outfall. " * 80  # 4,640 characters
    auth.login(people["permittee"].email)
    refused = client.post(f"/permits/{permit.id}/modifications", data={"description": long})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert f"Too long: at most 4000 characters (now {len(long.strip())})" in page
    assert "Move the sediment basin twenty feet east" in page  # the words are kept
    count = select(func.count()).select_from(PlanModificationRequest)
    assert db.exec(count).one() == 0
    ok = client.post(f"/permits/{permit.id}/modifications", data={"description": long[:3000]})
    assert ok.status_code == 302
    auth.logout()

    auth.login(people["supervisor"].email)
    (req,) = control_plans.modification_requests(db, permit)
    refused = client.post(
        f"/permits/{permit.id}/modifications/{req.id}",
        data={"decision": "granted", "text": long},
    )
    assert refused.status_code == 400
    assert "Too long: at most 4000 characters" in refused.get_data(as_text=True)
    db.expire_all()
    assert db.get(PlanModificationRequest, req.id).decision in (None, "")
