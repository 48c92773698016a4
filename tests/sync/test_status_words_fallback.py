"""A status the words tables lack (one added to the database before its words) reads the same on
the pages and on the tablet, made readable from its key. The work packet sent a permit's raw key
("under_review") to the field app's home, where the pages said "Under review"."""

from __future__ import annotations

from inspector.services import permit_applications, permits, stop_work_status
from inspector.services.words import words
from tests.support.enforcement import cease_desist_requested_order


def _site_entry(client, headers) -> dict:
    body = client.get("/api/v1/sync/pull", headers=headers).get_json()
    [entry] = [c["data"] for c in body["changes"] if c["entity"] == "site"]
    return entry


def test_a_permit_status_without_words_reads_the_same_on_page_and_tablet(
    client, auth, db, make, people, device_headers, monkeypatch
):
    site = make.site(people["supervisor"], name="Willow Plat")
    permit = make.permit(site, people["permittee"].company_id, people["supervisor"])
    permit_applications.start_review(db, permit, user=people["supervisor"])
    db.commit()
    monkeypatch.delitem(permits.STATUS_WORDS, "under_review")

    entry = _site_entry(client, device_headers(people["inspector"]))
    assert entry["permit"]["status_words"] == "Under review"
    auth.login(people["supervisor"].email)
    page = client.get(f"/permits/{permit.id}").text
    assert "<strong>Under review</strong>" in page
    assert "under_review" not in page


def test_an_order_status_without_words_reads_the_same_on_page_and_tablet(
    app, client, auth, db, make, people, device_headers, monkeypatch
):
    site, order = cease_desist_requested_order(
        db, make, people, app.extensions["rulebook"], name="Aspen Lot"
    )
    monkeypatch.delitem(stop_work_status.STATUS_WORDS, "cease_desist_requested")

    entry = _site_entry(client, device_headers(people["inspector"]))
    assert entry["stop_work"]["status_words"] == "Cease desist requested"
    auth.login(people["supervisor"].email)
    for address in (f"/orders/{order.id}", f"/sites/{site.id}"):
        page = client.get(address).text
        assert "Cease desist requested" in page, address
        assert "cease_desist_requested" not in page, address


def test_statuses_with_words_keep_them():
    assert words(permits.STATUS_WORDS, "applied") == "Application received"
    assert words(permits.STATUS_WORDS, "none") == "No permit"
    assert words(stop_work_status.STATUS_WORDS, "issued") == "Stop-work order issued"
    assert words(stop_work_status.STATUS_WORDS, "revoked_permit") == "Permit revoked"
