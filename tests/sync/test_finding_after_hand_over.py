"""A site's open findings go with the site: once another company's permit takes the site over, its
new holder sees them on the site and must put them right (an overdue one is a ground for a stop-work
order on the site, § 256-10A), so it can report the correction; the former holder sees none of it."""

from __future__ import annotations

from inspector.models import Finding
from inspector.services import permits as permit_service
from tests.sync.helpers import mutation
from tests.sync.test_site_holder import rival_inspects


def handed_over_finding(client, db, make, people, device_headers) -> Finding:
    """An open finding raised while the `other` company held the site, which `permittee`'s company
    holds now (the other's permit expired, the permittee's issued)."""
    site = make.site(people["supervisor"], name="Changed Hands")
    old = make.permit(site, people["other"].company_id, people["supervisor"], issued=True)
    _iid, _pid, finding = rival_inspects(client, db, site, people, device_headers)
    permit_service.set_status(db, old, "expired", user_id=people["supervisor"].id)
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    db.commit()
    return finding


def test_the_new_holder_reports_the_correction_of_a_finding_raised_before_it_took_over(
    client, auth, db, make, people, device_headers
):
    finding = handed_over_finding(client, db, make, people, device_headers)

    auth.login(people["permittee"].email)
    page = client.get(f"/findings/{finding.id}").get_data(as_text=True)
    assert 'name="corrected_note"' in page  # the form is offered ...
    done = client.post(
        f"/findings/{finding.id}/corrected", data={"corrected_note": "Fence re-staked."}
    )
    assert done.status_code == 303  # ... and it works
    db.expire_all()
    stored = db.get(Finding, finding.id)
    assert stored.status == "corrected" and stored.corrected_by == people["permittee"].id
    auth.logout()

    # The former holder sees nothing of it, and can change nothing.
    auth.login(people["other"].email)
    assert client.get(f"/findings/{finding.id}").status_code == 404
    assert (
        client.post(f"/findings/{finding.id}/corrected", data={"corrected_note": "x"}).status_code
        == 404
    )


def test_the_new_holders_tablet_reports_it_too(client, db, make, people, device_headers):
    finding = handed_over_finding(client, db, make, people, device_headers)
    change = mutation(
        "finding",
        finding.id,
        {"status": "corrected", "corrected_note": "Done."},
        base_version=finding.version,
    )
    res = client.post(
        "/api/v1/sync/push",
        headers=device_headers(people["permittee"]),
        json={"mutations": [change]},
    ).get_json()
    assert res["results"][0]["status"] == "applied", res
