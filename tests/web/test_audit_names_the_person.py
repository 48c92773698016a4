"""The audit trail says whose account a supervisor changed: a disabling, a password set for
someone, a certification recorded each read 'User' with the supervisor's name beside it, and
nothing on the row named the person it was done to."""

from __future__ import annotations

import re

from tests.web.test_device_tokens_end import signed_in


def audit_rows(client) -> list[str]:
    page = client.get("/audit/?entity=user").text
    return re.findall(r"<tr>.*?</tr>", page, re.S)


def test_each_change_to_an_account_names_the_person_on_the_audit_page(app, people):
    inspector, permittee = people["inspector"], people["permittee"]
    office = signed_in(app, people["supervisor"])
    office.post(f"/users/{inspector.id}/disable")
    office.post(f"/users/{permittee.id}/password", data={"password": "gravel kettle orchard"})
    office.post(
        f"/users/{permittee.id}/certification",
        data={
            "certification_type": "WisDOT Erosion Control Certification",
            "certification_expires_on": "2027-03-01",
        },
    )
    rows = audit_rows(office)
    for action, person in (
        ("account disabled", inspector),
        ("new password set by a supervisor", permittee),
        ("certification recorded", permittee),
    ):
        row = next(r for r in rows if f"<td>{action}</td>" in r)
        assert person.email in row, f"the {action} row does not say whose account"
