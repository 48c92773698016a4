"""A site conflict decided on what the conflicts page shows: the server's copy when the device's
change arrived. 'Apply the device's version' wrote the device's values over the site even when
someone had changed those details again since, so the supervisor overwrote an address the page
never showed. It is refused now, with what the site reads today; nothing is written."""

from __future__ import annotations

from sqlmodel import select

from inspector.models import Site, SyncConflict
from inspector.services import sites

from .helpers import mutation


def test_the_devices_version_is_not_applied_over_a_newer_change(
    client, auth, db, people, site_with_permit, device_headers
):
    headers = device_headers(people["inspector"])
    site_id = str(site_with_permit.id)
    base = site_with_permit.version
    for address in ("12 Mill Road", "14 Mill Road"):  # the second from the old version: a conflict
        client.post(
            "/api/v1/sync/push",
            headers=headers,
            json={
                "mutations": [mutation("site", site_id, {"address": address}, base_version=base)]
            },
        )
    conflict = db.exec(select(SyncConflict)).one()
    # The office corrects the address again after the conflict was recorded.
    site = db.get(Site, site_with_permit.id)
    sites.update_site(db, site, {"address": "16 Mill Road"}, user=people["supervisor"])
    db.commit()
    auth.login(people["supervisor"].email)
    response = client.post(
        f"/conflicts/{conflict.id}/resolve", data={"keep": "device"}, follow_redirects=True
    )
    text = response.get_data(as_text=True)
    assert "changed since this conflict" in text and "16 Mill Road" in text
    db.expire_all()
    assert db.get(Site, site_with_permit.id).address == "16 Mill Road"
    assert db.get(SyncConflict, conflict.id).resolved_at is None
    # Keeping the server's version is still possible.
    client.post(f"/conflicts/{conflict.id}/resolve", data={"keep": "server"})
    db.expire_all()
    assert db.get(SyncConflict, conflict.id).resolution == "server"
