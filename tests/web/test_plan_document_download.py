"""A control plan document downloads under the name it was uploaded with, whatever its letters:
HTTP headers are Latin-1, so the name goes as an ASCII fallback plus its UTF-8 form (RFC 6266
filename*); a name with letters outside Latin-1 (ł, ą, 道) made a header no server can send."""

from urllib.parse import unquote

import pytest

from inspector.rules.rulebook import default
from inspector.services import control_plans


@pytest.mark.parametrize(
    ("name", "fallback"),
    [
        ("Plan erozji – łąka.pdf", "Plan_erozji_ka.pdf"),
        ("排水计划.pdf", "document.pdf"),
        ('plan "final"; v2.pdf', "plan_final_v2.pdf"),
        ("Plan de contrôle.pdf", "Plan_de_contr_le.pdf"),
    ],
)
def test_a_document_downloads_under_its_own_name(client, auth, people, make, db, name, fallback):
    site = make.site(people["supervisor"])
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    rb = default()
    doc = control_plans.add_document(
        db,
        permit,
        kind=rb["control_plan_documents"][0]["kind"],
        filename=name,
        data=b"%PDF-1.4 plan",
        user=people["supervisor"],
        rb=rb,
    )
    db.commit()
    auth.login(people["permittee"].email)
    response = client.get(f"/permits/{permit.id}/documents/{doc.id}")
    assert response.status_code == 200
    assert response.data == b"%PDF-1.4 plan"
    for _key, value in response.headers.to_wsgi_list():
        value.encode("latin-1")  # what a WSGI server must be able to send
    disposition = response.headers["Content-Disposition"]
    assert disposition.startswith(f'attachment; filename="{fallback}"')
    assert unquote(disposition.split("filename*=UTF-8''")[1]) == name
