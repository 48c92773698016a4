"""The work packet says where a site's stop-work order stands in the pages' words: the field home
read "Stop-work order: cease desist requested" and "revoked permit", the database's keys."""

from __future__ import annotations

from tests.support.enforcement import cease_desist_requested_order


def test_an_orders_status_reaches_the_tablet_in_words(
    app, client, db, make, people, device_headers
):
    cease_desist_requested_order(db, make, people, app.extensions["rulebook"])

    for person in ("inspector", "permittee"):
        body = client.get("/api/v1/sync/pull", headers=device_headers(people[person])).get_json()
        [entry] = [c["data"] for c in body["changes"] if c["entity"] == "site"]
        assert entry["stop_work"]["status"] == "cease_desist_requested"
        assert entry["stop_work"]["status_words"] == "Cease-and-desist requested", person
