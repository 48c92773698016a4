"""A regulator packet costs seconds of CPU per inspection (40 inspections: about 9 s), so a site's
years of records cost minutes for one small GET: each server process builds PACKET_BUILDS packets at
once (1), and a request that finds every slot busy for a few seconds is answered 503 with
Retry-After and a page saying to try again, instead of taking another of the server's few threads
for minutes (a handful of such requests would leave none for anyone)."""

from datetime import timedelta

from inspector.models.base import utcnow
from inspector.rules import clocks
from inspector.web import packet


def _address(app, site):
    today = clocks.local_date(utcnow(), app.extensions["rulebook"])
    return f"/sites/{site.id}/packet.zip?start={(today - timedelta(days=30)).isoformat()}&end={today.isoformat()}"


def test_a_packet_asked_for_while_another_is_built_is_refused_with_when_to_try_again(
    app, client, auth, people, make, monkeypatch
):
    monkeypatch.setattr(packet, "WAIT_SECONDS", 0.05)
    site = make.site(people["supervisor"], name="Creek Side Plat")
    make.permit(site, people["permittee"].company_id, people["supervisor"], issued=True)
    auth.login(people["permittee"].email)
    builds = app.extensions["packet_builds"]
    assert builds.acquire(blocking=False)  # another request is building a packet
    try:
        busy = client.get(_address(app, site))
    finally:
        builds.release()
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == str(packet.RETRY_AFTER_SECONDS)
    assert "Another regulator packet is being built" in busy.get_data(as_text=True)
    done = client.get(_address(app, site))  # the slot is free again
    assert done.status_code == 200 and done.mimetype == "application/zip"
    assert builds.acquire(blocking=False)  # and the finished build gave its slot back
    builds.release()


def test_a_refused_range_takes_no_slot(app, client, auth, people, make):
    site = make.site(people["supervisor"], name="Creek Side Plat")
    auth.login(people["supervisor"].email)
    response = client.get(f"/sites/{site.id}/packet.zip?start=2026-05-04&end=2026-05-01")
    assert response.status_code == 400
    builds = app.extensions["packet_builds"]
    assert builds.acquire(blocking=False)
    builds.release()
