"""The permit page takes no control plan document from the permittee once the permit is decided
(§ 256-8D(3)(c): the Village's written permission first), and the Village adds the revised plan it
permitted."""

import io

from sqlmodel import select

from inspector.models import ControlPlanDocument, StoredFile
from inspector.services import control_plans


def _plan_upload(client, permit):
    return client.post(
        f"/permits/{permit.id}/documents",
        data={
            "kind": "site_construction_plan",
            "file": (io.BytesIO(b"%PDF-1.4 a different plan"), "plan-v2.pdf"),
        },
        content_type="multipart/form-data",
    )


def _counts(db):
    return len(db.exec(select(ControlPlanDocument)).all()), len(db.exec(select(StoredFile)).all())


def test_permittee_cannot_add_plan_documents_after_issue(client, auth, db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    before = _counts(db)
    auth.login(people["permittee"].email)
    page = client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert "Request it under" in page and 'name="file"' not in page
    res = _plan_upload(client, permit)
    assert res.status_code == 400
    text = res.get_data(as_text=True)
    assert "written permission (§ 256-8D(3)(c))" in text and "Nothing was uploaded" in text
    assert _counts(db) == before


def test_the_village_adds_the_revised_plan_it_permitted_in_writing(client, auth, db, make, people):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    before = _counts(db)
    auth.login(people["inspector"].email)
    assert 'name="file"' not in client.get(f"/permits/{permit.id}").get_data(as_text=True)
    refused = _plan_upload(client, permit)
    assert refused.status_code == 400 and "No written permission" in refused.get_data(as_text=True)
    assert _counts(db) == before
    auth.logout()
    auth.login(people["permittee"].email)
    client.post(f"/permits/{permit.id}/modifications", data={"description": "Move the basin"})
    auth.logout()
    auth.login(people["supervisor"].email)
    (req,) = control_plans.modification_requests(db, permit)
    granted = client.post(
        f"/permits/{permit.id}/modifications/{req.id}",
        data={"decision": "granted", "text": "Granted as drawn."},
    )
    assert granted.status_code == 302
    assert 'name="file"' in client.get(f"/permits/{permit.id}").get_data(as_text=True)
    assert _plan_upload(client, permit).status_code == 302
    assert _counts(db) == (before[0] + 1, before[1] + 1)
